import Foundation
import OffstageCore
import OffstageHTTP
import OffstageOrigin
import OffstageRuntime
import OffstageStore
import OffstageTestSupport
import Testing

/// A full disk pauses the download (or stops the runtime with `StoreError.diskFull`) without
/// losing anything durable; once space is freed, a resume completes it.
///
/// The home lives on a 6 MiB tmpfs, which needs root; without it the test is cancelled (skipped).
@Suite(.serialized) struct DiskFullTests {
    @Test(.timeLimit(.minutes(1)))
    func aFullDiskPausesTheDownloadAndAResumeCompletesItOnceThereIsRoom() throws {
        let mount = try TmpfsMount(size: "6m")
        defer { mount.unmount() }
        try Self.scenario(on: mount)
    }

    static func scenario(on mount: TmpfsMount) throws {
        let harness = try RuntimeHarness(parent: mount.path)
        let size = 16 * mebibyte
        let id = try harness.download("/gen/16m?seed=111", name: "big.bin")
        let checkpoints: (inout RuntimeOptions) -> Void = { options in
            options.configureEngine = { $0.checkpointBytes = 1 << 20 }
        }

        do {
            #expect(try harness.run(checkpoints) == .idle)
        } catch let error as StoreError {
            #expect(error == .diskFull, "the run may only fail because the disk is full: \(error)")
        }

        // Nothing durable was lost: the store opens, checks clean, and keeps the checkpoint.
        try harness.reopenStore()
        #expect(try harness.store.integrityCheck() == "ok")
        let stopped = try harness.task(id)
        #expect(stopped.bytesWritten > 0 && stopped.bytesWritten < size)
        #expect((RuntimeHarness.size(harness.home.partPath(taskID: id)) ?? 0) >= stopped.bytesWritten)
        if stopped.state == .paused {
            #expect(stopped.error?.hasPrefix("disk full") == true)
        } else {
            #expect(stopped.state == .running || stopped.state == .queued, "\(stopped.state)")
        }
        #expect(harness.documents().isEmpty)

        try mount.resize("64m")
        try harness.enqueue(.resume(id: id))
        #expect(try harness.run(checkpoints) == .idle)

        let task = try harness.task(id)
        #expect(task.state == .completed)
        #expect(RuntimeHarness.digest(task.deliveredPath) == RuntimeHarness.expected(size: size, seed: 111))
        #expect(harness.documents() == ["big.bin"])
        #expect(harness.parts().isEmpty)
        let resumed = harness.requests(path: "/gen/16m").dropFirst()
        #expect(resumed.first?.range == "bytes=\(stopped.bytesWritten)-")
    }
}

/// A tmpfs mounted on a fresh temporary folder for one test.
struct TmpfsMount {
    let path: String

    /// Mounts a tmpfs of `size` (e.g. `6m`), or cancels the test when mounting is not allowed.
    init(size: String) throws {
        path = NSTemporaryDirectory() + "offstage-tmpfs-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let status = Self.command(["mount", "-t", "tmpfs", "-o", "size=\(size),mode=0700", "tmpfs", path])
        if status != 0 {
            try? FileManager.default.removeItem(atPath: path)
            try Test.cancel("cannot mount a tmpfs (mount exited \(status)); needs root and CAP_SYS_ADMIN")
        }
    }

    /// Changes the size of the mounted tmpfs.
    func resize(_ size: String) throws {
        let status = Self.command(["mount", "-o", "remount,size=\(size)", path])
        try #require(status == 0, "remount to \(size) failed with \(status)")
    }

    /// Unmounts (lazily if something is still open) and removes the folder.
    func unmount() {
        if Self.command(["umount", path]) != 0 { _ = Self.command(["umount", "-l", path]) }
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Runs a command quietly and returns its exit status (-1 when it cannot start).
    private static func command(_ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
