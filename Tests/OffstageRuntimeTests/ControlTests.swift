import Foundation
import OffstageCore
import OffstageHTTP
import OffstageOrigin
import OffstageRuntime
import OffstageStore
import OffstageTestSupport
import Testing

/// Pause, resume and cancel arrive through the store's inbox, as from another `offstage` process.
///
/// To act mid-download without sleeping, the command is enqueued from `onTick` (on the loop
/// thread) once the daemon has a durable checkpoint; the loop reads the inbox on its next pass.
/// Checkpoints are made every 256 KiB so that one arrives early in a throttled download.
@Suite struct ControlTests {
    static let size = 4 * mebibyte
    static let path = "/gen/4m"

    static func frequentCheckpoints(_ options: inout RuntimeOptions) {
        options.configureEngine = { $0.checkpointBytes = 256 << 10 }
    }

    /// Runs until idle, enqueuing `command(id)` once the task has a checkpoint.
    static func run(_ harness: RuntimeHarness, id: Int64, command: @escaping (Int64) -> DaemonCommand) throws
        -> RunOutcome
    {
        var sent = false
        let store = harness.store
        return try harness.run { options in
            frequentCheckpoints(&options)
            options.onTick = { daemon in
                guard !sent, let task = daemon.tasks[id], task.state == .running, task.bytesWritten > 0 else { return }
                sent = true
                _ = try? store.enqueue(command(id), now: Date())
            }
        }
    }

    @Test func aPauseQueuedWithTheAddStopsTheTaskBeforeItGetsFar() throws {
        let harness = try RuntimeHarness()
        let id = try harness.download("\(Self.path)?seed=71&rate=2000000", name: "paused.bin")
        try harness.enqueue(.pause(id: id))

        #expect(try harness.run() == .idle)

        let task = try harness.task(id)
        #expect(task.state == .paused)
        #expect(task.bytesWritten < Self.size)
        #expect(harness.documents().isEmpty)
        #expect(try harness.eventKinds(id).contains(.paused))
        #expect(try harness.store.pendingCommands().isEmpty)
    }

    @Test func aPausedDownloadResumesFromItsCheckpointWithARangeRequest() throws {
        let harness = try RuntimeHarness()
        let id = try harness.download("\(Self.path)?seed=72&rate=4000000", name: "later.bin")

        #expect(try Self.run(harness, id: id) { .pause(id: $0) } == .idle)

        let paused = try harness.task(id)
        #expect(paused.state == .paused)
        #expect(paused.bytesWritten > 0 && paused.bytesWritten < Self.size)
        #expect(RuntimeHarness.size(harness.home.partPath(taskID: id)) == paused.bytesWritten)
        #expect(harness.documents().isEmpty)
        #expect(harness.requests(path: Self.path).count == 1)

        try harness.enqueue(.resume(id: id))
        #expect(try harness.run(Self.frequentCheckpoints) == .idle)

        let task = try harness.task(id)
        #expect(task.state == .completed)
        #expect(RuntimeHarness.digest(task.deliveredPath) == RuntimeHarness.expected(size: Self.size, seed: 72))
        let requests = harness.requests(path: Self.path)
        try #require(requests.count == 2, "\(requests)")
        #expect(requests[1].range == "bytes=\(paused.bytesWritten)-")
        #expect(requests[1].ifRange != nil)
        #expect(requests[1].status == 206)
        let kinds = try harness.eventKinds(id)
        #expect(kinds.contains(.paused) && kinds.contains(.resumedByUser) && kinds.contains(.resumed))
        #expect(harness.parts().isEmpty)
    }

    @Test func aFailedDownloadCanBeResumedOnceTheResourceExists() throws {
        let harness = try RuntimeHarness()
        let id = try harness.download("/files/late.bin", name: "late.bin")
        #expect(try harness.run() == .idle)
        #expect(try harness.task(id).state == .failed)

        let contents = Data(GeneratedContent.bytes(0..<300_000, seed: 74))
        try harness.origin.addFile("late.bin", contents: contents)
        try harness.enqueue(.resume(id: id))
        #expect(try harness.run() == .idle)

        let task = try harness.task(id)
        #expect(task.state == .completed)
        #expect(task.error == nil)
        #expect(task.deliveredPath.flatMap { FileManager.default.contents(atPath: $0) } == contents)
        #expect(harness.requests(path: "/files/late.bin").map(\.status) == [404, 200])
        #expect(try harness.eventKinds(id).contains(.resumedByUser))
    }

    @Test func aCancelledDownloadLeavesNoFiles() throws {
        let harness = try RuntimeHarness()
        let id = try harness.download("\(Self.path)?seed=73&rate=2000000", name: "cancelled.bin")

        #expect(try Self.run(harness, id: id) { .cancel(id: $0) } == .idle)

        let task = try harness.task(id)
        #expect(task.state == .cancelled)
        #expect(task.deliveredPath == nil)
        #expect(harness.documents().isEmpty)
        #expect(harness.parts().isEmpty)
        #expect(try harness.eventKinds(id).last == .cancelled)

        // A cancelled task cannot be resumed: the command is refused and nothing is fetched again.
        try harness.enqueue(.resume(id: id))
        #expect(try harness.run() == .idle)
        #expect(try harness.task(id).state == .cancelled)
        #expect(harness.requests(path: Self.path).count == 1)
    }
}
