import Foundation
import OffstageCore
import OffstageRuntime
import OffstageStore
import OffstageTestSupport
import Testing

/// `.setPlatform` (`offstage device platform`, the device menu's `a`): kept in the store, where it wins over
/// `config/android.json`; a running engine starts and stops its models at once, a command applied with no engine
/// takes effect at the next start, and each says which.
@Suite("Switching the platform")
struct PlatformSwitchTests {
    /// The iOS handler the runtimes know.
    static let handler = TaskHandlerConfiguration(identifier: "com.example.refresh", kind: .appRefresh)

    /// A runtime set up as `offstage run` sets one up: the scheduler, the app, and the configured profile.
    static func runtime(_ harness: RuntimeHarness, clock: ManualTimeSource, configured: PlatformProfile)
        -> DaemonRuntime
    {
        var options = RuntimeOptions()
        options.scheduler = SchedulerSetup(app: AppTaskConfiguration(handlers: [handler]))
        options.app = AppSetup(configuration: AppConfiguration())
        options.android = AndroidSetup(profile: configured)
        options.listens = false
        return DaemonRuntime(home: harness.home, store: harness.store, options: options, time: clock)
    }

    /// Leaves `command` in the inbox, settles, and returns what became of it.
    static func send(_ command: DaemonCommand, _ runtime: DaemonRuntime, _ harness: RuntimeHarness) throws
        -> (status: CommandStatus, result: String)
    {
        let id = try harness.store.enqueue(command, now: Date())
        try runtime.settle()
        let outcome = try #require(try harness.store.commandStatus(id: id))
        return (outcome.0, outcome.1 ?? "")
    }

    /// A refresh request for the known handler.
    static func refresh(_ clock: ManualTimeSource) -> DaemonCommand {
        .schedule(
            BGTaskRequest(
                identifier: handler.identifier, kind: .appRefresh, earliestBeginDate: clock.now() + 3600))
    }

    @Test("a running engine starts and stops its models as the platform switches, and says so")
    func runningEngineSwitches() throws {
        let harness = try RuntimeHarness()
        let clock = ManualTimeSource()
        let runtime = Self.runtime(harness, clock: clock, configured: .ios)
        try runtime.start()
        defer { try? runtime.shutdown() }
        try runtime.settle()
        let pid = getpid()
        #expect(runtime.platform == .ios && runtime.snapshot().android == nil)
        let refused = try Self.send(.android(.bucket(.rare)), runtime, harness)
        #expect(refused.status == .refused && refused.result.hasPrefix("this engine runs the iOS profile only"))

        let both = try Self.send(.setPlatform(.both), runtime, harness)
        #expect(both == (.done, "platform both, now in the running offstage (pid \(pid)): the Android model started"))
        #expect(runtime.platform == .both && runtime.snapshot().platform == .both)
        #expect(try Self.send(.android(.bucket(.rare)), runtime, harness).status == .done)
        #expect(try Self.send(Self.refresh(clock), runtime, harness).status == .done)

        let android = try Self.send(.setPlatform(.android), runtime, harness)
        #expect(
            android
                == (
                    .done,
                    "platform android, now in the running offstage (pid \(pid)): the iOS model stopped (its BG task "
                        + "handlers were stopped; its transfers go on)"
                ))
        #expect(runtime.snapshot().platform == .android)
        #expect(runtime.snapshot().android?.device.bucket == .rare, "the Android model kept running")
        let iOSWork = try Self.send(Self.refresh(clock), runtime, harness)
        #expect(iOSWork.status == .refused && iOSWork.result.hasPrefix("this engine runs the Android profile only"))
        #expect(
            try Self.send(.setPlatform(.android), runtime, harness)
                == (.done, "the platform is already android (kept for this home)"))

        let ios = try Self.send(.setPlatform(.ios), runtime, harness)
        #expect(
            ios
                == (
                    .done,
                    "platform ios, now in the running offstage (pid \(pid)): the iOS model (BG task scheduler and "
                        + "app) started, the Android model stopped (its workers were stopped; WorkManager reschedules "
                        + "them when it starts again)"
                ))
        #expect(runtime.snapshot().android == nil)
        #expect(try Self.send(Self.refresh(clock), runtime, harness).status == .done, "the scheduler runs again")
        #expect(try harness.store.loadPlatform() == .ios)
        let lines = try harness.store.events(after: 0, limit: 10_000).map(\.entry).filter { $0.kind == .platform }
        #expect(
            lines.map(\.reason) == [
                both.result, android.result, "the platform is already android (kept for this home)", ios.result,
            ])
    }

    @Test("with no engine the switch is kept and takes effect at the next start, where it wins over the configuration")
    func offlineThenNextStart() throws {
        let harness = try RuntimeHarness()
        let clock = ManualTimeSource()
        let id = try harness.store.enqueue(.setPlatform(.android), now: clock.now())
        let outcome = try Self.runtime(harness, clock: clock, configured: .ios).applyOffline(commandID: id)
        #expect(outcome.status == .done)
        #expect(
            outcome.result
                == "platform android kept for this home: no offstage is running, so it takes effect when one starts")
        #expect(try harness.store.loadAndroidState() == nil, "nothing Android started offline")

        let runtime = Self.runtime(harness, clock: clock, configured: .ios)
        try runtime.start()
        defer { try? runtime.shutdown() }
        try runtime.settle()
        #expect(runtime.platform == .android && runtime.snapshot().platform == .android)
        #expect(try Self.send(.android(.bucket(.frequent)), runtime, harness).status == .done)
        let iOSWork = try Self.send(Self.refresh(clock), runtime, harness)
        #expect(iOSWork.status == .refused)
    }

    @Test(
        "a runtime not set up for the platform models (a foreground get) ignores the store and leaves a switch waiting")
    func foregroundRuntimeLeavesItWaiting() throws {
        let harness = try RuntimeHarness()
        let clock = ManualTimeSource()
        try harness.store.commit(StoreCommit(platform: .android), now: clock.now())
        var options = RuntimeOptions()
        options.listens = false
        let runtime = DaemonRuntime(home: harness.home, store: harness.store, options: options, time: clock)
        try runtime.start()
        defer { try? runtime.shutdown() }
        try runtime.settle()
        #expect(runtime.platform == .ios && runtime.snapshot().android == nil)
        let id = try harness.store.enqueue(.setPlatform(.both), now: clock.now())
        try runtime.settle()
        #expect(try harness.store.commandStatus(id: id)?.0 == .pending, "it waits for offstage run or the dashboard")
        #expect(try harness.store.loadPlatform() == .android)
        #expect(runtime.snapshot().android == nil)
    }
}
