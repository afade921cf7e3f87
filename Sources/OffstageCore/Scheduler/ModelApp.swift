import Foundation

/// What the model app does in answer to the system: API calls now, and when its handler's work will end.
public struct ModelAppResponse: Sendable, Equatable {
    /// Events to send to the scheduler right away, in order.
    public var now: [SchedulerEvent] = []
    /// The handler's work ends after this many seconds (nil: no work); `ModelApp.workFinished` then says what the
    /// app calls. The runtime runs real commands and downloads instead and calls it when they end.
    public var workEndsAfter: Double?
    /// Whether the handler's work stops now (its expiration handler cancels it).
    public var stopsWork = false

    /// No reaction.
    public init() {}
}

/// The scripted model app's reactions, as a pure value, for virtual-time replays and the runtime alike.
///
/// It registers every configured handler at launch, submits missing requests when opened, reschedules at the
/// start of each handler, sets an expiration handler, and completes its work — each can be switched off as one
/// of its `AppMistakes`. The runtime runs real commands and downloads instead of waiting `workEndsAfter`, and
/// uses `launchEvents`, `handlerStarted` and `workFinished` as they are.
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

    /// `didFinishLaunching`: registrations then the end of launching; registering after launch finished (its
    /// mistake) raises Apple's exception, and a late registration never comes.
    public func launchEvents() -> [SchedulerEvent] {
        let registrations: [SchedulerEvent] =
            mistakes.registersLate ? [] : configuration.handlers.map { .register(identifier: $0.identifier) }
        return mistakes.registersAfterLaunch
            ? [.appFinishedLaunching] + registrations : registrations + [.appFinishedLaunching]
    }

    /// Opened by the user: submits a request for every handler that has none pending.
    public func openedEvents(pending: [BGTaskRequest], now: Date) -> [SchedulerEvent] {
        guard !mistakes.skipsSubmitOnOpen else { return [] }
        let pendingIDs = Set(pending.map(\.identifier))
        return configuration.handlers.filter { !pendingIDs.contains($0.identifier) }.map {
            .submit($0.request(now: now))
        }
    }

    /// The launch handler started: reschedule (at the start, unless that is its mistake), set the expiration
    /// handler, and start the work.
    public func handlerStarted(_ launch: BGTaskLaunch, now: Date) -> ModelAppResponse {
        var response = ModelAppResponse()
        let handler = configuration.handler(launch.identifier)
        if !mistakes.skipsReschedule && !mistakes.reschedulesAtEnd, let handler {
            response.now.append(.submit(handler.request(now: now)))
        }
        if !mistakes.omitsExpirationHandler {
            response.now.append(.expirationHandlerSet(identifier: launch.identifier))
        }
        response.workEndsAfter = launch.work?.expectedDuration(default: assumedWorkDuration) ?? assumedWorkDuration
        return response
    }

    /// The handler's work ended: a handler that reschedules at its end submits now (its mistake: an expired task
    /// never gets here, so nothing stays pending), then `setTaskCompleted` (unless that is its mistake).
    public func workFinished(_ identifier: String, success: Bool, now: Date) -> [SchedulerEvent] {
        var events: [SchedulerEvent] = []
        if mistakes.reschedulesAtEnd && !mistakes.skipsReschedule, let handler = configuration.handler(identifier) {
            events.append(.submit(handler.request(now: now)))
        }
        if !mistakes.skipsSetTaskCompleted { events.append(.taskCompleted(identifier: identifier, success: success)) }
        return events
    }

    /// The expiration handler ran: work that honours it stops and reports failure (`setTaskCompleted(success:
    /// false)`, unless never calling it is its mistake; a handler that reschedules at its end never gets there);
    /// work that does not honour it goes on.
    public func expirationCalled(_ identifier: String) -> ModelAppResponse {
        var response = ModelAppResponse()
        response.stopsWork = configuration.handler(identifier)?.work.honoursExpiration ?? true
        if response.stopsWork && !mistakes.skipsSetTaskCompleted {
            response.now = [.taskCompleted(identifier: identifier, success: false)]
        }
        return response
    }
}
