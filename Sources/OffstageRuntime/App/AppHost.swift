import Foundation
import OffstageCore
import OffstageStore

/// The host of the model app's life cycle and of the model app: the system's life-cycle manager (`AppLifecycle`),
/// the app's registry and its process, run through the shared routine (`HostContext.carryOut`). With the BG
/// scheduler's host beside it, every input goes through `ModelAppSystem`, the two machines wired together.
final class AppHost {
    /// The store, the clock, the mailbox and the shared routine.
    let context: HostContext
    /// The transfers' host (the app's session's tasks, deliveries, the finaliser).
    let transfers: TransferHost
    /// The BG scheduler's host, when this runtime runs it.
    let scheduler: SchedulerHost?
    /// The configuration it was started with.
    let setup: AppSetup
    /// The system's life-cycle manager for the app (persisted).
    var lifecycle: AppLifecycle
    /// Mistakes switched on at run time (persisted).
    var runtimeMistakes: AppMistakes
    /// The app's own registry, keyed by `taskDescription` (persisted apart from the system's tables).
    var registry: AppRegistry
    /// The app's process while it has one (nil: not running; everything in it is lost at a kill).
    var process: AppProcess?
    /// The steady time the life-cycle manager asked to be woken at.
    var wake: Double?
    /// The steady time of the last event handed to the life-cycle manager (steady time never goes back).
    var lastSteady = -Double.infinity
    /// Whether the outbox should be looked at again (a delivery arrived, the app launched, a timer fired).
    var needsPump = true
    /// Delegate-call lines of the delivery under way, committed with its acknowledgement (or the next commit).
    var pendingLog: [LogEntry] = []
    /// The daemon task whose delivery the app's code is handling now.
    var delivering: Int64?
    /// Where in `pendingLog` `didFinishDownloadingTo` returned: the system's hand-over line goes there.
    var handedOverAt: Int?

    /// The app side as the store holds it (a fresh install when it never ran), with unusable rows set aside.
    init(context: HostContext, transfers: TransferHost, scheduler: SchedulerHost?, setup: AppSetup) throws {
        self.context = context
        self.transfers = transfers
        self.scheduler = scheduler
        self.setup = setup
        let stored = try context.loadState("app_state") { try context.store.loadAppState() }
        let loaded = try context.store.loadAppRegistrySettingAside()
        try context.reportSetAside(loaded.setAside)
        lifecycle = AppLifecycle(policy: setup.configuration.lifecycle, state: stored?.lifecycle)
        runtimeMistakes = stored?.mistakes ?? AppMistakes()
        registry = loaded.registry
    }

    /// The model's steady time now: the one `SteadyClock` shared with the scheduler when this runtime runs it,
    /// else the runtime clock's steady time.
    var steadyNow: Double { scheduler?.steadyNow ?? context.time.steady() }

    /// The app's background session identifier.
    var session: String { setup.configuration.sessionIdentifier }

    /// The mistakes in effect: the configuration's and those switched on at run time.
    var mistakes: AppMistakes { setup.configuration.mistakes.union(runtimeMistakes) }

    /// A new process's code, as configured, with the mistakes in effect.
    var freshBehaviour: AppBehaviour {
        AppBehaviour(
            session: session, mistakes: mistakes, backgroundWorkSeconds: setup.configuration.backgroundWorkSeconds)
    }

    /// The state to persist.
    var stored: StoredAppState { StoredAppState(lifecycle: lifecycle.state, mistakes: runtimeMistakes) }

    /// Whether the app's code runs now with its session recreated, so the session can deliver to it directly.
    var canReceiveEvents: Bool {
        lifecycle.phase.runsCode && process?.sessions.sessions[session] != nil
    }

    /// Writes app changes (and transfer changes) in one transaction, completing the command when there is one.
    func commit(
        _ changes: AppChanges, transfers: StoreChanges = StoreChanges(), command: CommandSource? = nil,
        refusals: [String] = [], result: String = "ok"
    ) throws {
        try context.commit(
            Commitment(app: changes, transfers: transfers, refusals: refusals, result: result), command: command)
    }

    /// Refuses a command for the app, changing nothing.
    func refuse(_ command: CommandSource, _ reason: String) throws {
        try commit(AppChanges(), command: command, refusals: [reason])
    }
}
