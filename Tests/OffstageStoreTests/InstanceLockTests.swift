import Foundation
import OffstageTestSupport
import Testing

@testable import OffstageStore

@Suite("InstanceLock")
struct InstanceLockTests {
    @Test("a second acquire fails naming the owner; after release it succeeds")
    func exclusive() throws {
        try withTemporaryHome { home in
            try home.prepare()
            #expect(InstanceLock.owner(home: home) == nil)
            let first = try InstanceLock.acquire(home: home)
            #expect(permissions(home.lockPath) == 0o600)
            #expect(InstanceLock.owner(home: home) == getpid())
            let error = #expect(throws: StoreError.self) { try InstanceLock.acquire(home: home) }
            #expect(error == .locked(pid: getpid(), home: home.path))
            #expect(error?.description == "another offstage (pid \(getpid())) owns \(home.path)")
            first.release()
            #expect(!first.isHeld)
            #expect(InstanceLock.owner(home: home) == nil)
            let second = try InstanceLock.acquire(home: home)
            #expect(InstanceLock.owner(home: home) == getpid())
            second.release()
            second.release()  // harmless
        }
    }

    @Test("a stale pid file without a lock holder means no owner")
    func stalePidFile() throws {
        try withTemporaryHome { home in
            try home.prepare()
            #expect(FileManager.default.createFile(atPath: home.lockPath, contents: Data("999999\n".utf8)))
            #expect(InstanceLock.owner(home: home) == nil)
            let lock = try InstanceLock.acquire(home: home)
            let text = String(decoding: contents(home.lockPath), as: UTF8.self)
            #expect(text == "\(getpid())\n")
            lock.release()
        }
    }

    @Test("dropping the lock object releases it")
    func releasedOnDeinit() throws {
        try withTemporaryHome { home in
            try home.prepare()
            do {
                _ = try InstanceLock.acquire(home: home)
            }
            #expect(InstanceLock.owner(home: home) == nil)
        }
    }
    @Test(
        "a lock held by another process is reported, and released when that process exits",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/flock"))
    )
    func otherProcess() throws {
        try withTemporaryHome { home in
            try home.prepare()
            #expect(FileManager.default.createFile(atPath: home.lockPath, contents: Data("4242\n".utf8)))
            let holder = Process()
            holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
            holder.arguments = ["-x", home.lockPath, "-c", "echo ready; cat"]
            let input = Pipe()
            let output = Pipe()
            holder.standardInput = input
            holder.standardOutput = output
            try holder.run()
            // The child prints only once it holds the lock.
            let ready = output.fileHandleForReading.readData(ofLength: 6)
            #expect(String(decoding: ready, as: UTF8.self) == "ready\n")
            #expect(InstanceLock.owner(home: home) == 4242)
            #expect(throws: StoreError.locked(pid: 4242, home: home.path)) { try InstanceLock.acquire(home: home) }

            try input.fileHandleForWriting.close()
            holder.waitUntilExit()
            #expect(InstanceLock.owner(home: home) == nil)
            let lock = try InstanceLock.acquire(home: home)
            #expect(InstanceLock.owner(home: home) == getpid())
            lock.release()
        }
    }
}
