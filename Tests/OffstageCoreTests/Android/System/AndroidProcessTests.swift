import Foundation
import OffstageCore
import Testing

/// The low-memory killer against each process phase, with and without a foreground service.
struct LowMemoryRow: Sendable, CustomTestStringConvertible {
    /// Events that set the phase up.
    let setup: [AndroidSystemEvent]
    /// The refusal expected (nil: the process ends).
    let refusal: String?

    var testDescription: String { refusal ?? "killed" }
}

let lowMemoryTable: [LowMemoryRow] = [
    LowMemoryRow(setup: [], refusal: "the app has no process"),
    LowMemoryRow(setup: [.appOpened], refusal: "the low-memory killer does not end the foreground app"),
    LowMemoryRow(setup: [.appOpened, .appLeft], refusal: nil),
    LowMemoryRow(setup: [.workerStarted(name: "sync")], refusal: nil),
    LowMemoryRow(
        setup: [.appOpened, .foregroundServiceStarted(name: "player", notification: nil, fromWorker: false), .appLeft],
        refusal: "foreground service player keeps the process alive"),
    LowMemoryRow(
        setup: [
            .appOpened, .workerStarted(name: "dl"),
            .foregroundServiceStarted(name: "dl", notification: nil, fromWorker: true), .appLeft,
        ],
        refusal: "foreground service dl keeps the process alive"),
]

@Suite struct AndroidProcessTests {
    @Test(arguments: lowMemoryTable)
    func lowMemoryKiller(_ row: LowMemoryRow) {
        var h = AndroidHarness()
        for event in row.setup { #expect(h.send(event).refusal == nil, "\(event)") }
        let before = h.model.state
        let actions = h.send(.lowMemoryKilled, at: 10)
        if let refusal = row.refusal {
            #expect(actions.refusal == refusal)
            #expect(h.model.state == before)
        } else {
            #expect(actions.refusal == nil)
            #expect(h.model.processSnapshot == AndroidProcessSnapshot(phase: .gone, lastEnd: "low-memory killer"))
            #expect(actions.contains(.endProcess(reason: "low-memory killer")))
            #expect(actions.stopReasons == (before.runningWorkers.isEmpty ? [] : [.deviceState]))
        }
    }

    @Test func aWorkerStartsTheProcessInTheBackground() {
        var h = AndroidHarness()
        let actions = h.send(.workerStarted(name: "sync"))
        #expect(actions.contains(.startProcessInBackground(reason: "worker sync")))
        #expect(h.model.processSnapshot.phase == .background)
        #expect(h.send(.workerEnded(name: "sync"), at: 1).refusal == nil)
        #expect(h.model.processSnapshot.phase == .background)
        #expect(h.send(.workerEnded(name: "sync"), at: 2).refusal == "no running worker named sync")
    }

    @Test func leavingTheAppKeepsItRunningInTheBackground() {
        var h = AndroidHarness()
        h.send(.appOpened)
        #expect(h.model.processSnapshot.phase == .foreground)
        h.send(.appLeft, at: 1)
        #expect(h.model.processSnapshot.phase == .background)
        #expect(h.send(.appLeft, at: 2).refusal == "the app is not in the foreground")
    }

    @Test func forceStopStopsEverythingUntilTheUserOpensTheApp() {
        var h = AndroidHarness()
        h.send(.appOpened)
        h.send(.foregroundServiceStarted(name: "player", notification: "Playing", fromWorker: false))
        h.send(.workerStarted(name: "sync"))
        let actions = h.send(.forceStopped, at: 10)
        #expect(actions.contains(.removeNotification(service: "player")))
        #expect(actions.contains(.stopRunningWork(reason: .user, includingForeground: true)))
        #expect(actions.stopReasons == [.user])
        #expect(actions.contains(.endProcess(reason: "force stop")))
        #expect(h.model.processSnapshot == AndroidProcessSnapshot(phase: .gone, lastEnd: "force stop"))
        #expect(h.model.state.foregroundServices.isEmpty)
        #expect(h.gate(at: 20) == .closed(.forceStopped, opensAt: nil))
        #expect(h.model.expeditedQuotaLeft(now: AndroidHarness.at(20)) == 0)
        #expect(h.send(.workerStarted(name: "sync"), at: 20).refusal != nil)
        let service = h.send(.foregroundServiceStarted(name: "p", notification: nil, fromWorker: false), at: 21)
        #expect(service.refusal != nil)
        // A reboot does not lift it: ACTION_BOOT_COMPLETED is not delivered to a stopped app.
        let boot = h.send(.rebooted, at: 30)
        #expect(!boot.contains(.rescheduleWork(reason: "ACTION_BOOT_COMPLETED")))
        #expect(h.gate(at: 30) == .closed(.forceStopped, opensAt: nil))
        let opened = h.send(.appOpened, at: 40)
        #expect(opened.contains(.rescheduleWork(reason: "first open after a force stop")))
        #expect(h.gate(at: 40) == .open(closesAt: nil, networkAllowed: true))
    }

    @Test func rebootEndsTheProcessAndReschedulesWork() {
        var h = AndroidHarness(policy: AndroidPolicy(apiLevel: 30), bucket: .frequent)
        h.send(.workerStarted(name: "sync"))
        h.send(.foregroundServiceStarted(name: "sync", notification: nil, fromWorker: true))
        h.send(.dozeOn, at: 5)
        let actions = h.send(.rebooted, at: 10)
        #expect(actions.contains(.removeNotification(service: "sync")))
        #expect(actions.stopReasons == [.unknown])
        #expect(actions.contains(.endProcess(reason: "reboot")))
        #expect(actions.contains(.rescheduleWork(reason: "ACTION_BOOT_COMPLETED")))
        #expect(h.model.processSnapshot == AndroidProcessSnapshot(phase: .gone, lastEnd: "reboot"))
        #expect(h.model.doze(now: AndroidHarness.at(10)) == .off)
        #expect(h.model.bucket(now: AndroidHarness.at(10)).bucket == .frequent)
        #expect(h.model.state.runningWorkers.isEmpty)
    }

    @Test func foregroundServicesStartAndStop() {
        // Before API 31 the app may start a foreground service from the background (AndroidServiceLimitTests: after).
        var h = AndroidHarness(policy: AndroidPolicy(apiLevel: 30))
        let started = h.send(.foregroundServiceStarted(name: "player", notification: nil, fromWorker: false), at: 1)
        let service = ForegroundServiceSnapshot(
            name: "player", notification: "player running", startedAt: AndroidHarness.at(1), fromWorker: false)
        #expect(started.contains(.showNotification(service)))
        #expect(started.contains(.startProcessInBackground(reason: "foreground service player")))
        h.send(.foregroundServiceStarted(name: "upload", notification: "Uploading 3 photos", fromWorker: true), at: 2)
        let (process, _, services) = h.model.snapshot(now: AndroidHarness.at(3))
        #expect(process.phase == .background)
        #expect(services.map(\.name) == ["player", "upload"])
        #expect(services.map(\.notification) == ["player running", "Uploading 3 photos"])
        #expect(services.map(\.fromWorker) == [false, true])
        #expect(
            h.send(.foregroundServiceStarted(name: "player", notification: nil, fromWorker: false), at: 4).refusal
                == "foreground service player is already running")
        let stopped = h.send(.foregroundServiceStopped(name: "player"), at: 5)
        #expect(stopped.contains(.removeNotification(service: "player")))
        #expect(h.model.state.foregroundServices.map(\.name) == ["upload"])
        let again = h.send(.foregroundServiceStopped(name: "player"), at: 6)
        #expect(again.refusal == "no foreground service named player")
        var snapshot = AndroidSnapshot()
        h.model.fill(&snapshot, now: AndroidHarness.at(7))
        #expect(snapshot.foregroundServices.map(\.name) == ["upload"])
        #expect(snapshot.process.phase == .background)
    }

    @Test func aRefusedEventChangesNothing() {
        var h = AndroidHarness()
        let before = h.model
        let actions = h.send(.foregroundServiceStopped(name: "ghost"), at: 0)
        #expect(actions.refusal != nil)
        #expect(!actions.contains { if case .commit = $0 { true } else { false } })
        #expect(h.model == before)
    }
}
