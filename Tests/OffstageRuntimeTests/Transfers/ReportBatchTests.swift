import Foundation
import OffstageCore
import Testing

@testable import OffstageRuntime

/// The engine's reports of a turn are written in one transaction: merged as if written in order, their effects kept
/// in order, and a change that cannot be merged detected.
@Suite struct ReportBatchTests {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func task(_ id: Int64, _ state: TransferState, bytes: Int64 = 0) -> TransferTask {
        var task = TransferTask(
            id: id, session: "s", taskIdentifier: Int(id), kind: .download, url: "http://127.0.0.1/\(id)",
            destinationDirectory: "/d", createdAt: now)
        task.state = state
        task.bytesWritten = bytes
        return task
    }

    private func commit(
        _ tasks: [TransferTask], log: String? = nil, adds: [Int64] = [], removes: [Int64] = []
    ) -> DaemonAction {
        var changes = StoreChanges()
        changes.tasks = tasks
        changes.log = log.map { [LogEntry(time: now, kind: .started, subject: $0)] } ?? []
        changes.outboxAdded = adds.map { OutboxItem(taskID: $0, kind: OutboxItem.didFinishDownloading) }
        changes.outboxRemoved = removes
        return .commit(changes)
    }

    @Test func aTaskSavedTwiceIsWrittenOnceWithItsLaterValueAndEverythingElseInOrder() {
        var batch = ReportBatch()
        batch.add([commit([task(1, .running, bytes: 10)], log: "task 1"), .stop(taskID: 1)])
        batch.add([commit([task(2, .running)], log: "task 2"), .removePart(taskID: 2)])
        batch.add([commit([task(1, .finishing, bytes: 99)], log: "task 1 again", adds: [1]), .wake(at: now)])
        #expect(!batch.isEmpty)

        let changes = batch.takeChanges()
        #expect(changes.tasks.map(\.id) == [1, 2])
        #expect(changes.tasks.first?.state == .finishing)
        #expect(changes.tasks.first?.bytesWritten == 99)
        #expect(changes.log.map(\.subject) == ["task 1", "task 2", "task 1 again"])
        #expect(changes.outboxAdded.map(\.taskID) == [1])
        #expect(!batch.isEmpty, "the effects wait for the commit")
        #expect(batch.takeEffects() == [.stop(taskID: 1), .removePart(taskID: 2), .wake(at: now)])
        #expect(batch.isEmpty)
    }

    @Test func removingAnOutboxRowTheBatchAddsCannotBeMerged() {
        var batch = ReportBatch()
        batch.add([commit([task(1, .finishing)], adds: [1])])
        #expect(batch.conflicts(with: [commit([task(1, .completed)], removes: [1])]))
        #expect(!batch.conflicts(with: [commit([task(2, .completed)], removes: [2])]))
        #expect(!batch.conflicts(with: [.stop(taskID: 1)]))
        _ = batch.takeChanges()
        #expect(!batch.conflicts(with: [commit([task(1, .completed)], removes: [1])]), "once written, it may follow")
    }
}
