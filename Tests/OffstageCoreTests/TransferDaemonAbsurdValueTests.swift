import Foundation
import OffstageCore
import Testing

/// Values no command line would send (a crafted inbox row, an older build) never trap the daemon.
@Suite struct TransferDaemonAbsurdValueTests {
    @Test(arguments: [1e308, Double.infinity, Double.nan, -1e308, 0x1p1023])
    func anAbsurdBeginAfterIsClampedToTenYearsAndItsWaitIsShown(seconds: Double) throws {
        var h = DaemonHarness()
        let added = h.add(1, spec: TransferSpec(url: "https://a.example/f", beginAfter: seconds, priority: seconds))
        let task = try h.task(1)
        let earliest = try #require(task.earliestBeginDate)
        let offset = earliest.timeIntervalSince(t0)
        #expect(offset.isFinite && (0...TransferSpec.maximumDelay).contains(offset))
        #expect((0...1).contains(task.priority))
        if offset > 0 {
            #expect(added.logged(.waiting, "task 1")?.reason == "earliest begin in 9 y 11 mo")
        }
        #expect(h.send(.timerFired, at: 3600).starts.isEmpty || offset == 0)
    }

    @Test func aRestoredTaskWithAFarDateWaitsWithoutTrapping() throws {
        var h = DaemonHarness()
        var task = TransferTask(
            id: 3, session: "com.offstage.default", taskIdentifier: 1, kind: .download, url: "https://a.example/f",
            destinationDirectory: documents, earliestBeginDate: Date(timeIntervalSince1970: 9e10), createdAt: t0)
        task.retryAt = Date(timeIntervalSince1970: 9e10)
        let actions = h.send(.started(sessions: [], tasks: [task], conditions: DeviceConditions()))
        #expect(actions.starts.isEmpty)
        #expect(
            actions.logged(.waiting, "daemon")?.reason
                == "1 task waiting, 1 for its begin date, the earliest in more than 10 years")
    }
}
