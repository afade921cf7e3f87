import Foundation
import OffstageCore
import OffstageRuntime
import OffstageStore
import OffstageTestSupport
import Testing

/// The Android profile wired into the runtime: commands, device changes, workers, wakes, the snapshot, the store.
@Suite("Android runtime")
struct AndroidRuntimeTests {
    /// A device on battery (Doze needs it unplugged; the default device charges).
    static let unplugged = DeviceConditions(network: .wifi, charging: false, batteryLevel: 80)

    @Test("a request waits for its constraint with the reason in the snapshot, then runs when the device changes")
    func constraintThenDevice() throws {
        let rig = try AndroidRig()
        #expect(try rig.send(.setConditions(Self.unplugged)).status == .done)
        let enqueued = try rig.enqueue(
            "sync", .simulated(seconds: 60, result: .success), constraints: WorkConstraints(requiresCharging: true))
        #expect(enqueued.status == .done)
        #expect(enqueued.result.hasPrefix("enqueued sync as "), "\(enqueued.result)")
        #expect(try rig.work("sync").state == .enqueued)
        #expect(try rig.work("sync").reason == .charging)
        #expect(try rig.android().profile == .android)

        try rig.send(.setConditions(DeviceConditions(network: .wifi, charging: true, batteryLevel: 80)))
        #expect(try rig.work("sync").state == .running)
        #expect(try rig.android().process.phase == .background)
        try rig.advance(59)
        #expect(try rig.work("sync").state == .running)
        try rig.advance(1)
        #expect(try rig.work("sync").state == .succeeded)
        let lines = try rig.events(.work).filter { $0.subject == "work sync" }.map(\.reason)
        #expect(lines.contains { $0.hasPrefix("enqueued as ") })
        #expect(lines.contains("started (attempt 1)"))
        #expect(lines.last == "finished: success")
    }

    @Test("shell workers finish by exit status; a cancelled one's process is killed")
    func shellWorkers() throws {
        let rig = try AndroidRig()
        try rig.enqueue("ok", .shell("exit 0"))
        try rig.enqueue("bad", .shell("exit 3"))
        try rig.waitUntil {
            try rig.work("ok").state == .succeeded && rig.work("bad").state == .failed
        }
        #expect(try rig.work("ok").state == .succeeded)
        #expect(try rig.work("bad").state == .failed)

        let pidFile = rig.harness.home.path + "/worker.pid"
        try rig.enqueue("long", .shell("echo $$ > '\(pidFile)'; exec sleep 30"))
        try rig.waitUntil { FileManager.default.fileExists(atPath: pidFile) }
        let text = try String(contentsOfFile: pidFile, encoding: .utf8)
        let pid = try #require(Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(try rig.work("long").state == .running)
        #expect(try rig.send(.cancel(.name("long"))).status == .done)
        #expect(try rig.work("long").state == .cancelled)
        try rig.waitUntil { kill(pid, 0) != 0 }
        #expect(kill(pid, 0) != 0, "the stopped worker's process still runs")
    }

    @Test("a download worker adds a transfer through the daemon and succeeds when it completes")
    func downloadWorker() throws {
        let rig = try AndroidRig()
        try rig.enqueue("fetch", .download(rig.harness.origin.url("/gen/2000")))
        try rig.waitUntil { try rig.work("fetch").state == .succeeded }
        #expect(try rig.work("fetch").state == .succeeded)
        let transfer = try #require(rig.runtime.snapshot().transfers.first { $0.session == "com.offstage.work" })
        #expect(transfer.state == .completed)
        try rig.enqueue("missing", .download(rig.harness.origin.url("/files/no-such-file")))
        try rig.waitUntil { try rig.work("missing").state == .failed }
        #expect(try rig.work("missing").state == .failed)
    }

    @Test("a periodic request runs, is rescheduled for its next period, and runs again when the clock gets there")
    func periodicReschedules() throws {
        let rig = try AndroidRig()
        let schedule = PeriodicSchedule(interval: 900, flex: 300)
        #expect(
            try rig.enqueue("feed", .simulated(seconds: 5, result: .success), kind: .periodic(schedule)).status == .done
        )
        let short = try rig.enqueue(
            "often", .simulated(seconds: 1, result: .success), kind: .periodic(PeriodicSchedule(interval: 60, flex: 60))
        )
        #expect(short.status == .done && short.result.contains("; warning: "), "\(short.result)")
        #expect(try rig.work("often").periodic?.interval == 900, "clamped to WorkManager's 15 minutes")
        #expect(try rig.send(.cancel(.name("often"))).status == .done)
        var finished = 0
        for _ in 0..<12 where finished < 2 {
            try rig.jumpToNextDeadline()
            finished = try rig.events(.work).filter { $0.subject == "work feed" && $0.reason == "finished: success" }
                .count
        }
        #expect(finished == 2)
        let feed = try rig.work("feed")
        #expect(feed.state == .enqueued || feed.state == .running)
        if feed.state == .enqueued {
            let next = try #require(feed.nextScheduleAt)
            #expect(next > rig.clock.now())
            #expect(rig.runtime.nextDeadline.map { $0 <= next } == true)
        }
    }

    @Test("Doze defers work with the window in the snapshot; the maintenance window runs it")
    func dozeAndMaintenanceWindow() throws {
        let rig = try AndroidRig()
        try rig.send(.setConditions(Self.unplugged))
        #expect(try rig.send(.doze(true)).status == .done)
        let again = try rig.send(.doze(true))
        #expect(again.status == .refused && again.result.hasPrefix("the device is already dozing"), "\(again.result)")
        try rig.enqueue("report", .simulated(seconds: 10, result: .success))
        let waiting = try rig.work("report")
        #expect(waiting.state == .enqueued)
        guard case .deferred(.doze, let opensAt)? = waiting.reason else {
            Issue.record("expected a Doze deferral, got \(String(describing: waiting.reason))")
            return
        }
        let window = try #require(opensAt)
        #expect(window == rig.clock.now().addingTimeInterval(3600))
        guard case .dozing = try rig.android().device.doze else {
            Issue.record("the device is not dozing in the snapshot")
            return
        }
        #expect(rig.runtime.nextDeadline == window)
        #expect(try rig.jumpToNextDeadline() == window)
        #expect(try rig.work("report").state == .running)
        guard case .maintenance = try rig.android().device.doze else {
            Issue.record("no maintenance window in the snapshot")
            return
        }
        try rig.advance(10)
        #expect(try rig.work("report").state == .succeeded)
    }

    @Test("a foreground service shows in the snapshot, keeps the process from the low-memory killer, and stops")
    func foregroundService() throws {
        let rig = try AndroidRig()
        // From API 31 only a visible app starts one: the app opens, starts it, then the user leaves.
        let refused = try rig.send(.startForegroundService(name: "player", notification: "Playing"))
        #expect(
            refused.status == .refused
                && refused.result.hasPrefix("ForegroundServiceStartNotAllowedException"))
        #expect(try rig.send(AndroidRequest.appOpened).status == .done)
        #expect(
            try rig.send(.startForegroundService(name: "player", notification: "Playing")).status == .done
        )
        #expect(try rig.send(AndroidRequest.appLeft).status == .done)
        let services = try rig.android().foregroundServices
        #expect(services.map(\.name) == ["player"] && services.first?.notification == "Playing")
        #expect(try rig.android().process.phase == .background)
        let kill = try rig.send(.lowMemoryKill)
        #expect(kill.status == .refused && kill.result.hasPrefix("foreground service player keeps the process alive"))
        #expect(try rig.send(.stopForegroundService(name: "player")).status == .done)
        #expect(try rig.android().foregroundServices.isEmpty)
        #expect(try rig.send(.lowMemoryKill).status == .done)
        #expect(try rig.android().process.phase == .gone)
        #expect(try rig.android().process.lastEnd == "low-memory killer")
        let missing = try rig.send(.stopForegroundService(name: "player"))
        #expect(missing.status == .refused && missing.result.hasPrefix("no foreground service named player"))
    }

    @Test("force-stop stops work (USER) until the app opens; work survives a reboot and a runtime restart")
    func forceStopRebootAndRestart() throws {
        let rig = try AndroidRig()
        try rig.enqueue("upload", .simulated(seconds: 300, result: .success))
        #expect(try rig.work("upload").state == .running)
        #expect(try rig.send(.forceStop).status == .done)
        let stopped = try rig.work("upload")
        #expect(stopped.state == .enqueued && stopped.stopReason == .user)
        #expect(stopped.reason == .deferred(.forceStopped, opensAt: nil))
        #expect(try rig.android().process.phase == .gone)

        #expect(try rig.send(.reboot).status == .done)
        #expect(try rig.work("upload").state == .enqueued)
        try rig.restart()
        #expect(try rig.work("upload").state == .enqueued, "the work survived the restart from the store")
        #expect(try rig.work("upload").reason == .deferred(.forceStopped, opensAt: nil))

        #expect(try rig.send(AndroidRequest.appOpened).status == .done)
        #expect(try rig.work("upload").state == .running)
        #expect(try rig.android().process.phase == .foreground)
        try rig.advance(300)
        let upload = try rig.work("upload")
        let lines = try rig.events(.work).map { "\($0.subject) \($0.reason)" }
        #expect(upload.state == .succeeded, "\(upload) \(lines)")
    }

    @Test("running work is interrupted by a runtime restart and runs again (WorkManager's `started`)")
    func restartInterruptsRunningWork() throws {
        let rig = try AndroidRig()
        try rig.enqueue("sync", .simulated(seconds: 300, result: .success))
        #expect(try rig.work("sync").state == .running)
        try rig.restart()
        let sync = try rig.work("sync")
        let lines = try rig.events(.work).map { "\($0.subject) \($0.reason)" }
        #expect(sync.state == .running && sync.runAttemptCount == 2, "\(sync) \(lines)")
        try rig.advance(300)
        #expect(try rig.work("sync").state == .succeeded)
    }

    @Test("bucket, battery saver and restriction reach the snapshot; commands say what they did or why not")
    func deviceCommands() throws {
        let rig = try AndroidRig()
        try rig.send(.setConditions(Self.unplugged))
        #expect(try rig.send(.bucket(.rare)).status == .done)
        #expect(try rig.android().device.bucket == .rare)
        #expect(try rig.send(.batterySaver(true)).status == .done)
        #expect(try rig.android().device.batterySaver)
        let twice = try rig.send(.batterySaver(true))
        #expect(twice.status == .refused && twice.result == "battery saver is already on")
        try rig.enqueue("x", .simulated(seconds: 1, result: .success))
        #expect(try rig.work("x").reason == .deferred(.batterySaver, opensAt: nil))
        #expect(try rig.send(.backgroundRestricted(true)).status == .done)
        #expect(try rig.work("x").reason == .deferred(.backgroundRestricted, opensAt: nil))
        #expect(try rig.send(.storageLow(true)).status == .done)
        #expect(try rig.android().device.storageLow)
        let run = try rig.send(.run(name: "nothing"))
        #expect(run.status == .refused && run.result == "no work named nothing")
    }

    @Test("an iOS-profile engine refuses Android commands, saying how to switch")
    func iosProfileRefuses() throws {
        let rig = try AndroidRig(setup: nil)
        let outcome = try rig.send(.doze(true))
        #expect(outcome.status == .refused)
        #expect(outcome.result.hasPrefix("this engine runs the iOS profile only"), "\(outcome.result)")
        #expect(rig.runtime.snapshot().android == nil)
    }

    @Test("an Android-profile engine refuses iOS scheduler commands; the both profile hosts both")
    func profiles() throws {
        let rig = try AndroidRig()
        let request = BGTaskRequest(identifier: "com.example.refresh", kind: .appRefresh)
        let outcome = try rig.send(.schedule(request))
        #expect(outcome.status == .refused && outcome.result.hasPrefix("this engine runs the Android profile only"))

        let both = try AndroidRig(setup: AndroidSetup(profile: .both))
        #expect(try both.android().profile == .both)
        #expect(try both.send(.doze(false)).result == "the device is not dozing")
    }

    @Test("with no engine, a state-only Android command is applied offline; nothing starts until a runtime runs")
    func offlineApply() throws {
        let harness = try RuntimeHarness()
        let clock = ManualTimeSource()
        var options = RuntimeOptions()
        options.android = AndroidSetup(profile: .android)
        options.listens = false
        let spec = WorkRequestSpec(worker: .simulated(seconds: 1, result: .success))
        let id = try harness.store.enqueue(
            .android(.enqueue(WorkEnqueue(spec: spec, name: "later"))), now: clock.now())
        let outcome = try DaemonRuntime(home: harness.home, store: harness.store, options: options, time: clock)
            .applyOffline(commandID: id)
        #expect(outcome.status == .done && outcome.result.hasPrefix("enqueued later as "), "\(outcome.result)")
        #expect(outcome.result == "enqueued later as 00000000-0000-4000-8000-000000000001 (ENQUEUED)")
        let waiting = try harness.store.loadWorkRequests()
        #expect(waiting.map(\.state) == [.enqueued] && waiting.map(\.runAttemptCount) == [0], "nothing ran offline")
        #expect(try harness.store.loadAndroidState() == nil, "no process was started for it")
        let stored = try harness.store.loadWorkRequests()
        #expect(stored.map(\.name) == ["later"])
        let bucket = try harness.store.enqueue(.android(.bucket(.frequent)), now: clock.now())
        #expect(
            try DaemonRuntime(home: harness.home, store: harness.store, options: options, time: clock).applyOffline(
                commandID: bucket
            )
            .status == .done)
        #expect(try harness.store.loadAndroidState()?.bucket == .frequent)

        let rig = try AndroidRig(harness: harness)
        #expect(try rig.android().device.bucket == .frequent)
        try rig.advance(1)
        let later = try rig.work("later")
        #expect(later.state == .succeeded, "\(later)")
        #expect(later.runAttemptCount == 1, "the first attempt is the engine's")
    }
}
