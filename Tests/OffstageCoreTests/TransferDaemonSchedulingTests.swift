import Foundation
import OffstageCore
import Testing

@Suite struct TransferDaemonSchedulingTests {
    static let onBattery = DeviceConditions(network: .wifi, charging: false, batteryLevel: 50)
    static let cellular = DeviceConditions(network: .cellular, charging: true)
    static let offline = DeviceConditions(network: .offline, charging: true)

    @Test(arguments: [onBattery, cellular, DeviceConditions(network: .cellular, charging: false), offline])
    func discretionaryTaskWaitsForWiFiAndPower(conditions: DeviceConditions) throws {
        var h = DaemonHarness()
        h.send(.conditionsChanged(conditions))
        let added = h.add(1, spec: TransferSpec(url: "https://a.example/f", discretionary: true))
        #expect(added.starts.isEmpty)
        #expect(try h.task(1).state == .queued)
        #expect(try h.task(1).isDiscretionary)
        #expect(added.logged(.waiting, "task 1") != nil)
        #expect(h.daemon.waitReasons[1] != nil)
        let ready = h.send(.conditionsChanged(DeviceConditions(network: .wifi, charging: true)))
        #expect(ready.starts.map(\.taskID) == [1])
        #expect(h.daemon.waitReasons[1] == nil)
    }

    @Test func discretionarySessionMakesItsTasksDiscretionary() throws {
        var h = DaemonHarness()
        h.send(.conditionsChanged(Self.onBattery))
        h.send(.sessionConfigured(SessionConfiguration(identifier: "bg", isDiscretionary: true)))
        let added = h.add(1, spec: TransferSpec(url: "https://a.example/f", session: "bg"))
        #expect(added.starts.isEmpty)
        #expect(h.daemon.waitReasons[1] == "discretionary: needs power")
    }

    @Test func nonDiscretionaryTaskRunsOnCellularAndBattery() {
        var h = DaemonHarness()
        h.send(.conditionsChanged(DeviceConditions(network: .cellular, charging: false)))
        #expect(h.add(1).starts.count == 1)
    }

    @Test func sessionWithoutCellularWaitsForWiFi() {
        var h = DaemonHarness()
        h.send(.conditionsChanged(Self.cellular))
        h.send(.sessionConfigured(SessionConfiguration(identifier: "wifi-only", allowsCellularAccess: false)))
        let added = h.add(1, spec: TransferSpec(url: "https://a.example/f", session: "wifi-only"))
        #expect(added.starts.isEmpty)
        #expect(h.daemon.waitReasons[1]?.contains("Wi-Fi") == true)
    }

    @Test func offlineTasksWaitForANetwork() throws {
        var h = DaemonHarness()
        h.send(.conditionsChanged(Self.offline))
        let added = h.add(1)
        #expect(added.starts.isEmpty)
        #expect(h.daemon.waitReasons[1] == "waiting for a network")
        #expect(added.logged(.waiting, "task 1")?.reason == "waiting for a network")
        #expect(h.send(.timerFired, at: 60).isEmpty, "waiting is not logged again")
        let online = h.send(.conditionsChanged(DeviceConditions()))
        #expect(online.starts.count == 1)
    }

    @Test func earliestBeginDateWakesAndThenStarts() throws {
        var h = DaemonHarness()
        let added = h.add(1, spec: TransferSpec(url: "https://a.example/f", beginAfter: 300))
        #expect(try h.task(1).earliestBeginDate == t0 + 300)
        #expect(added.starts.isEmpty)
        #expect(added.wakes == [t0 + 300])
        #expect(added.logged(.waiting, "task 1")?.reason == "earliest begin in 5 min")
        #expect(h.send(.timerFired, at: 299).starts.isEmpty)
        let due = h.send(.timerFired, at: 300)
        #expect(due.starts.map(\.taskID) == [1])
        #expect(due.wakes.isEmpty)
    }

    @Test func theEarliestWakeWins() {
        var h = DaemonHarness()
        h.add(1, spec: TransferSpec(url: "https://a.example/f", beginAfter: 600))
        let second = h.add(2, spec: TransferSpec(url: "https://a.example/g", beginAfter: 60))
        #expect(second.wakes == [t0 + 60])
    }

    @Test func perHostConnectionLimitHoldsTheSeventhTask() throws {
        var h = DaemonHarness()
        var started: [Int64] = []
        for id in Int64(1)...7 {
            started += h.add(id, url: "https://one.example/file\(id)").starts.map(\.taskID)
        }
        #expect(started == [1, 2, 3, 4, 5, 6])
        #expect(try h.task(7).state == .queued)
        #expect(h.daemon.waitReasons[7] == "waiting for a connection slot (6 of 6 in use)")
        let freed = h.end(3, .completed(bytes: 10, status: 200, responseSummary: nil))
        #expect(freed.starts.map(\.taskID) == [7])
        #expect(h.daemon.runningTaskIDs == [1, 2, 4, 5, 6, 7])
    }

    @Test func connectionLimitIsPerHostAndPerSession() {
        var h = DaemonHarness()
        h.send(.sessionConfigured(SessionConfiguration(httpMaximumConnectionsPerHost: 1)))
        #expect(h.add(1, url: "https://one.example/a").starts.count == 1)
        #expect(h.add(2, url: "https://one.example/b").starts.isEmpty)
        #expect(h.add(3, url: "https://two.example/c").starts.count == 1)
        #expect(h.add(4, spec: TransferSpec(url: "https://one.example/d", session: "other")).starts.count == 1)
        #expect(h.add(5, url: "http://one.example/e").starts.count == 1, "another port is another origin")
    }

    @Test func pausingFreesAConnectionSlot() {
        var h = DaemonHarness()
        h.send(.sessionConfigured(SessionConfiguration(httpMaximumConnectionsPerHost: 1)))
        h.add(1, url: "https://one.example/a")
        h.add(2, url: "https://one.example/b")
        let paused = h.send(.pauseRequested(id: 1))
        #expect(paused.stops == [1])
        #expect(paused.starts.map(\.taskID) == [2])
    }

    @Test func higherPriorityStartsFirstWhenSlotsAreScarce() {
        var h = DaemonHarness()
        h.send(.conditionsChanged(Self.offline))
        h.send(.sessionConfigured(SessionConfiguration(httpMaximumConnectionsPerHost: 1)))
        h.add(1, spec: TransferSpec(url: "https://one.example/a", priority: 0.2))
        h.add(2, spec: TransferSpec(url: "https://one.example/b", priority: 0.9))
        h.add(3, spec: TransferSpec(url: "https://one.example/c", priority: 0.9))
        let online = h.send(.conditionsChanged(DeviceConditions()))
        #expect(online.starts.map(\.taskID) == [2])
    }

    @Test func priorityIsClampedToZeroThroughOne() throws {
        var h = DaemonHarness()
        h.add(1, spec: TransferSpec(url: "https://a.example/f", priority: 7))
        h.add(2, spec: TransferSpec(url: "https://a.example/g", priority: -1))
        #expect(try h.task(1).priority == 1)
        #expect(try h.task(2).priority == 0)
    }

    @Test(
        arguments: [
            (0.2, "1 s"), (45, "45 s"), (89.5, "90 s"), (90, "2 min"), (720, "12 min"), (5400, "2 h"),
            (-3, "0 s"),
        ] as [(Double, String)])
    func durationsAreShortAndHuman(seconds: Double, text: String) {
        #expect(TransferDaemon.duration(seconds) == text)
    }
}
