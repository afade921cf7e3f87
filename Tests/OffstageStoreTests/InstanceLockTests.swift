import Foundation
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
}
