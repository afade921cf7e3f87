import Foundation
import OffstageCore
import Testing

/// A daemon with many stored tasks: one summary line at a restart, passes that look only at what is due.
@Suite struct TransferDaemonScaleTests {
    static func waiting(_ count: Int, beginIn seconds: Double) -> [TransferTask] {
        (1...count).map { index in
            TransferTask(
                id: Int64(index), session: SessionConfiguration.defaultIdentifier, taskIdentifier: index,
                kind: .download, url: "https://a.example/\(index)", destinationDirectory: documents,
                earliestBeginDate: t0 + seconds + Double(index), createdAt: t0)
        }
    }

    @Test func aRestartSumsTheWaitsUpInOneLineInsteadOfOnePerTask() throws {
        var h = DaemonHarness()
        var tasks = Self.waiting(2_000, beginIn: 3_649 * 86_400)
        tasks[0].earliestBeginDate = nil
        tasks[0].isDiscretionary = true
        let actions = h.send(
            .started(
                sessions: [], tasks: tasks,
                conditions: DeviceConditions(network: .cellular, charging: false)))
        let log = try #require(actions.commit).log
        #expect(log.filter { $0.subject.hasPrefix("task ") }.isEmpty)
        #expect(
            log.map(\.reason).contains(
                "2,000 tasks waiting, 1,999 for their begin date, the earliest in 9 y 11 mo; 1 discretionary: needs "
                    + "Wi-Fi and power"))
        #expect(actions.starts.isEmpty)
        #expect(h.daemon.totals.queued == 2_000 && h.daemon.order.count == 2_000)
        #expect(h.daemon.nextDueDate == t0 + 3_649 * 86_400 + 2)
        // A later change logs per task again.
        let added = h.add(3_000, spec: TransferSpec(url: "https://b.example/f", beginAfter: 60))
        #expect(added.logged(.waiting, "task 3000")?.reason == "earliest begin in 60 s")
        #expect(try h.task(3_000).taskIdentifier == 2_001)
    }

    @Test func aTaskWaitingForItsDateStartsWhenItComesAndNotBefore() throws {
        var h = DaemonHarness()
        h.send(
            .started(sessions: [], tasks: Self.waiting(500, beginIn: 100), conditions: DeviceConditions())
        )
        #expect(h.send(.timerFired, at: 100).starts.isEmpty)
        #expect(h.send(.timerFired, at: 101).starts.map(\.taskID) == [1])
        // Six connections per host: the next ones wait for a slot, the rest for their dates.
        #expect(h.send(.timerFired, at: 110).starts.map(\.taskID) == [2, 3, 4, 5, 6])
        #expect(h.daemon.waitReasons[7] == "waiting for a connection slot (6 of 6 in use)")
        #expect(h.daemon.waitReasons[11] == nil)
        #expect(h.daemon.nextDueDate == t0 + 111)
    }

    @Test func aPausedDatedTaskLeavesTheQueueAndComesBackWithItsDate() throws {
        var h = DaemonHarness()
        h.send(
            .started(sessions: [], tasks: Self.waiting(3, beginIn: 100), conditions: DeviceConditions()))
        h.send(.pauseRequested(id: 1))
        #expect(h.daemon.nextDueDate == t0 + 102)
        h.send(.resumeRequested(id: 1))
        #expect(h.daemon.nextDueDate == t0 + 101)
        #expect(h.daemon.hasPendingWork)
        h.send(.cancelRequested(id: 1))
        h.send(.cancelRequested(id: 2))
        h.send(.cancelRequested(id: 3))
        #expect(h.daemon.nextDueDate == nil && !h.daemon.hasPendingWork)
        #expect(h.daemon.totals.cancelled == 3)
    }
}
