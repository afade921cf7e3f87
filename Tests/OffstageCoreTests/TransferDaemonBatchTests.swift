import Foundation
import OffstageCore
import Testing

/// `add --input-file`: a batch of downloads becomes its tasks with the consecutive ids the store reserved, in one
/// commit and one log line, or not at all.
@Suite struct TransferDaemonBatchTests {
    static func batch(_ count: Int, session: String = SessionConfiguration.defaultIdentifier) -> TransferBatch {
        var template = TransferSpec(url: "", session: session, destinationDirectory: "/srv/in", priority: 0.8)
        template.beginAfter = 60
        return TransferBatch(
            template: template, urls: (0..<count).map { "https://h\($0 % 3).example/f\($0)" }, source: "list.txt")
    }

    @Test func aBatchMakesEveryTaskInOneCommitWithOneLogLine() throws {
        var h = DaemonHarness()
        h.add(1)
        let actions = h.send(.batchAddRequested(firstID: 10, batch: Self.batch(5), defaultDirectory: documents))
        let commit = try #require(actions.commit)
        #expect(commit.tasks.map(\.id) == [10, 11, 12, 13, 14])
        #expect(commit.log.filter { $0.kind == .taskAdded }.count == 1)
        #expect(
            actions.logged(.taskAdded, "tasks 10 to 14")?.reason
                == "5 downloads from list.txt in \(SessionConfiguration.defaultIdentifier)")
        let task = try h.task(12)
        #expect(task.url == "https://h2.example/f2" && task.state == .queued)
        #expect(task.destinationDirectory == "/srv/in" && task.priority == 0.8)
        #expect(task.earliestBeginDate == t0 + 60)
        // Numbered per session after what the session already has (task 1 is its first).
        #expect(try (10...14).map { try h.task($0).taskIdentifier } == [2, 3, 4, 5, 6])
    }

    @Test func anIdAlreadyTakenRefusesTheWholeBatch() throws {
        var h = DaemonHarness()
        h.add(12)
        let actions = h.send(.batchAddRequested(firstID: 10, batch: Self.batch(5), defaultDirectory: documents))
        #expect(actions.refusals == ["task 12 already exists; none of the 5 was added"])
        #expect(actions.commit == nil)
        #expect(h.daemon.tasks.keys.sorted() == [12])
    }

    @Test func aBatchOfOneIsNamedAsOneTaskAndANewSessionIsCreated() throws {
        var h = DaemonHarness()
        let actions = h.send(
            .batchAddRequested(firstID: 3, batch: Self.batch(1, session: "com.example.s"), defaultDirectory: documents))
        #expect(actions.logged(.taskAdded, "task 3")?.reason == "1 download from list.txt in com.example.s")
        #expect(actions.commit?.sessions.map(\.identifier) == ["com.example.s"])
        #expect(try h.task(3).taskIdentifier == 1)
    }

    @Test func anEmptyBatchOrIdsPastTheEndAreRefused() {
        var h = DaemonHarness()
        #expect(
            h.send(.batchAddRequested(firstID: 1, batch: Self.batch(0), defaultDirectory: documents)).refusals == [
                "no URLs in list.txt"
            ])
        #expect(
            h.send(.batchAddRequested(firstID: .max, batch: Self.batch(2), defaultDirectory: documents)).refusals
                == ["task ids \(Int64.max) and on are out of range"])
        #expect(h.daemon.tasks.isEmpty)
    }

    @Test func everyTaskOfALargeBatchHasItsOwnIdAndSessionNumber() throws {
        var h = DaemonHarness()
        let actions = h.send(.batchAddRequested(firstID: 1, batch: Self.batch(3000), defaultDirectory: documents))
        #expect(actions.commit?.tasks.count == 3000)
        #expect(Set(actions.commit?.tasks.map(\.id) ?? []) == Set(1...3000))
        #expect(Set(h.daemon.tasks.values.map(\.taskIdentifier)) == Set(1...3000))
    }
}
