import Foundation
import OffstageCore
import OffstageHTTP
import OffstageOrigin
import OffstageRuntime
import OffstageStore
import OffstageTestSupport
import Testing

/// A runtime stopped mid-download, or killed with the store still saying `running`, is picked
/// up by the next runtime from the durable checkpoint.
@Suite struct CrashRecoveryTests {
    static let size = 4 * mebibyte
    static let path = "/gen/4m"

    /// Runs until the task has received more than 1 MiB, then stops the runtime from `onTick`.
    static func runUntilOneMebibyte(_ harness: RuntimeHarness, id: Int64) throws -> RunOutcome {
        try harness.run(stoppingWhen: { ($0.liveBytes[id] ?? 0) > mebibyte })
    }

    @Test func aStoppedRuntimeLeavesTheTaskQueuedAndTheNextOneResumesIt() throws {
        let harness = try RuntimeHarness()
        let id = try harness.download("\(Self.path)?seed=101&rate=4000000", name: "stopped.bin")

        #expect(try Self.runUntilOneMebibyte(harness, id: id) == .interrupted(reason: "test"))

        let stopped = try harness.task(id)
        #expect(stopped.state == .queued)
        #expect(stopped.bytesWritten > mebibyte && stopped.bytesWritten < Self.size)
        #expect(RuntimeHarness.size(harness.home.partPath(taskID: id)) == stopped.bytesWritten)
        #expect(harness.documents().isEmpty)

        try harness.reopenStore()
        #expect(try harness.run() == .idle)

        let task = try harness.task(id)
        #expect(task.state == .completed)
        #expect(RuntimeHarness.digest(task.deliveredPath) == RuntimeHarness.expected(size: Self.size, seed: 101))
        #expect(harness.documents() == ["stopped.bin"])
        #expect(harness.parts().isEmpty)
        let requests = harness.requests(path: Self.path)
        try #require(requests.count == 2, "\(requests)")
        #expect(requests[1].range == "bytes=\(stopped.bytesWritten)-")
        #expect(requests[1].status == 206)
    }

    /// The store still says `running` at an older checkpoint and the partial file holds more
    /// (here: junk) past it, as after a kill between a write and the next checkpoint.
    @Test func aKilledRuntimesTaskResumesFromTheLastCheckpointAndDropsBytesPastIt() throws {
        let harness = try RuntimeHarness()
        let id = try harness.download("\(Self.path)?seed=102&rate=4000000", name: "killed.bin")
        #expect(try Self.runUntilOneMebibyte(harness, id: id) == .interrupted(reason: "test"))

        var crashed = try harness.task(id)
        let checkpoint: Int64 = 512 << 10
        crashed.state = .running
        crashed.bytesWritten = checkpoint
        var changes = StoreChanges()
        changes.tasks = [crashed]
        try harness.store.apply(changes, now: Date())
        let part = try #require(FileHandle(forWritingAtPath: harness.home.partPath(taskID: id)))
        try part.seekToEnd()
        try part.write(contentsOf: Data(repeating: 0x58, count: 100_000))
        try part.close()
        try harness.reopenStore()

        #expect(try harness.run() == .idle)

        let task = try harness.task(id)
        #expect(task.state == .completed)
        #expect(RuntimeHarness.digest(task.deliveredPath) == RuntimeHarness.expected(size: Self.size, seed: 102))
        #expect(harness.documents() == ["killed.bin"])
        #expect(harness.parts().isEmpty)
        let requests = harness.requests(path: Self.path)
        try #require(requests.count == 2, "\(requests)")
        #expect(requests[1].range == "bytes=\(checkpoint)-")
        let waiting = try harness.events(id).filter { $0.kind == .waiting }.map(\.reason)
        #expect(waiting.contains { $0.contains("interrupted by a restart") })
    }
}
