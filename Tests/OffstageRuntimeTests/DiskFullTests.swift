import Foundation
import OffstageCore
import OffstageHTTP
import OffstageOrigin
import OffstageRuntime
import OffstageStore
import OffstageTestSupport
import Synchronization
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

    /// A download paused for a full disk is picked up again by the engine itself once there is room (it used to
    /// wait for someone to type `offstage resume`), and completes.
    @Test(.timeLimit(.minutes(1)))
    func aTaskPausedForAFullDiskResumesByItselfOnceThereIsRoom() throws {
        let mount = try TmpfsMount(size: "6m")
        defer { mount.unmount() }
        let harness = try RuntimeHarness(parent: mount.path)
        let id = try harness.download("/gen/16m?seed=112", name: "big.bin")
        let grown = Mutex(false)
        let outcome = try harness.run(
            stoppingWhen: { daemon in
                guard let task = daemon.tasks[id] else { return false }
                if task.isPausedForFullDisk, !grown.withLock({ $0 }) {
                    grown.withLock { $0 = true }
                    try? mount.resize("64m")  // the user frees space; nobody types anything
                }
                return task.state.isTerminal
            },
            { options in
                options.untilIdle = false
                options.transferTimings.diskCheckInterval = 0.2
                options.configureEngine = { $0.checkpointBytes = 1 << 20 }
            })
        #expect(outcome == .interrupted(reason: "test"))
        #expect(grown.withLock { $0 }, "the disk did fill")
        let task = try harness.task(id)
        #expect(task.state == .completed)
        #expect(RuntimeHarness.digest(task.deliveredPath) == RuntimeHarness.expected(size: 16 * mebibyte, seed: 112))
        let events = try harness.events(id)
        #expect(events.contains { $0.kind == .paused && $0.reason.hasPrefix("disk full: ") })
        #expect(events.contains { $0.kind == .waiting && $0.reason.hasPrefix("room on the disk again (") })
        #expect(!events.contains { $0.kind == .resumedByUser })
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
