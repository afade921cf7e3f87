import Foundation

/// What the model app does in answer to the system: API calls now, and API calls after a while.
public struct ModelAppResponse: Sendable, Equatable {
    /// Events to send to the scheduler right away, in order.
    public var now: [SchedulerEvent] = []
    /// Events to send after this many seconds (work finishing).
    public var later: [DelayedEvent] = []
    /// Whether the handler's work stops now (its expiration handler cancels it).
    public var stopsWork = false

    /// No reaction.
    public init() {}
}

/// An event the model app sends after a delay, for the run it belongs to.
public struct DelayedEvent: Sendable, Equatable {
    /// Seconds from now.
    public var after: Double
    /// The event.
    public var event: SchedulerEvent

    /// An event to send after `after` seconds.
    public init(after: Double, event: SchedulerEvent) {
        self.after = after
        self.event = event
    }
}

/// The scripted model app's reactions, as a pure value, for virtual-time replays and the runtime alike.
///
/// It registers every configured handler at launch, submits missing requests when opened, reschedules at the
/// start of each handler, sets an expiration handler, and completes its work — each can be switched off as one
/// of its `AppMistakes`. The runtime runs real commands and downloads instead of
/// `later`, but can use `launchEvents` and `handlerStarted` as they are.
public struct ModelApp: Sendable, Equatable {
    /// Info.plist and handlers.
    public var configuration: AppTaskConfiguration
    /// Which mistakes it makes (the one set the app's session side uses too).
    public var mistakes: AppMistakes
    /// How long commands and downloads are assumed to take in virtual time, in seconds.
    public var assumedWorkDuration: Double

    /// A model app.
    public init(
        configuration: AppTaskConfiguration, mistakes: AppMistakes = AppMistakes(),
        assumedWorkDuration: Double = 5
    ) {
        self.configuration = configuration
        self.mistakes = mistakes
        self.assumedWorkDuration = assumedWorkDuration
    }

    /// `didFinishLaunching`: registrations (when it registers at launch) then the end of launching.
    public func launchEvents() -> [SchedulerEvent] {
        (!mistakes.registersLate ? configuration.handlers.map { .register(identifier: $0.identifier) } : [])
            + [.appFinishedLaunching]
    }

    /// Opened by the user: submits a request for every handler that has none pending.
    public func openedEvents(pending: [BGTaskRequest], now: Date) -> [SchedulerEvent] {
        guard !mistakes.skipsSubmitOnOpen else { return [] }
        let pendingIDs = Set(pending.map(\.identifier))
        return configuration.handlers.filter { !pendingIDs.contains($0.identifier) }.map {
            .submit($0.request(now: now))
        }
    }

    /// The launch handler started: reschedule, set the expiration handler, and finish the work later.
    public func handlerStarted(_ launch: BGTaskLaunch, now: Date) -> ModelAppResponse {
        var response = ModelAppResponse()
        let handler = configuration.handler(launch.identifier)
        if !mistakes.skipsReschedule, let handler { response.now.append(.submit(handler.request(now: now))) }
        if !mistakes.omitsExpirationHandler {
            response.now.append(.expirationHandlerSet(identifier: launch.identifier))
        }
        let duration = launch.work?.expectedDuration(default: assumedWorkDuration) ?? assumedWorkDuration
        response.later = workEnded(launch.identifier, success: true).map { DelayedEvent(after: duration, event: $0) }
        return response
    }

    /// The expiration handler ran: work that honours it stops and reports failure; work that does not goes on.
    public func expirationCalled(_ identifier: String) -> ModelAppResponse {
        var response = ModelAppResponse()
        response.stopsWork = configuration.handler(identifier)?.work.honoursExpiration ?? true
        if response.stopsWork { response.now = workEnded(identifier, success: false) }
        return response
    }

    /// The handler's work ended: `setTaskCompleted(success:)`, unless never calling it is the app's mistake.
    public func workEnded(_ identifier: String, success: Bool) -> [SchedulerEvent] {
        mistakes.skipsSetTaskCompleted ? [] : [.taskCompleted(identifier: identifier, success: success)]
    }
}
