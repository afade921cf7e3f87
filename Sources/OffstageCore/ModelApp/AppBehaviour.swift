import Foundation

/// The model app's own code as data: what it does when the system calls its delegate, when its session hands it
/// a delivery, and when the session's events are all delivered. Pure; the runtime carries out the actions in
/// order and answers the ones that need facts (`.recreateSession` → `.sessionRecreated`, `.moveFileSynchronously`
/// → `.fileMoved`). Each mistake of `mistakes` changes exactly the step Apple's contract says it breaks.
public struct AppBehaviour: Sendable, Equatable {
    /// The app's background session identifier.
    public let session: String
    /// The mistakes in effect (the configuration's and the run-time switches).
    public var mistakes: AppMistakes
    /// Seconds of work the app does after `applicationDidEnterBackground` (0: none, no background task).
    public var backgroundWorkSeconds: Double
    /// Completion handlers it holds from `handleEventsForBackgroundURLSession`, by session (process memory).
    public private(set) var handlers: [String: CompletionHandlerToken] = [:]
    /// The download whose file is being moved (between `.moveFileSynchronously` and `.fileMoved`).
    public internal(set) var moving: DownloadHandover?
    /// The background task it began in `applicationDidEnterBackground`, and the steady time its work is done.
    public private(set) var backgroundWork: BackgroundWork?

    /// The app's code in a new process (one per launch: a killed process's handlers are gone with it).
    public init(session: String, mistakes: AppMistakes = AppMistakes(), backgroundWorkSeconds: Double = 0) {
        self.session = session
        self.mistakes = mistakes
        self.backgroundWorkSeconds = backgroundWorkSeconds
    }

    /// The app's reaction to one event at wall time `now`.
    public mutating func handle(_ event: AppBehaviourEvent, now: Date) -> [AppBehaviourAction] {
        switch event {
        case .delegate(let call): return delegateCalled(call, now: now)
        case .sessionRecreated(let facts): return reconcile(facts, now: now)
        case .download(let handover): return download(handover, now: now)
        case .fileMoved(let path): return fileMoved(path, now: now)
        case .completion(let handover): return completion(handover, now: now)
        case .outboxDrained(let session): return drained(session, now: now)
        case .backgroundTaskGranted(let id, let steady):
            guard id != .invalid else { return [] }
            backgroundWork = BackgroundWork(id: id, doneAt: steady + backgroundWorkSeconds)
            return []
        case .expirationHandlerCalled(let id):
            // The canonical expiration handler ends the task (and gives up the work it was doing).
            if backgroundWork?.id == id { backgroundWork = nil }
            return [.endBackgroundTask(id, at: nil)]
        case .timePassed(let steady):
            guard let work = backgroundWork, work.doneAt <= steady else { return [] }
            backgroundWork = nil
            return [.endBackgroundTask(work.id, at: work.doneAt)]
        }
    }

    /// The `taskDescription` the app sets on a task it creates with this label (none: its mistake).
    public func taskDescription(label: String) -> String? {
        mistakes.omitsTaskDescription ? nil : label
    }

    /// `didFinishLaunching`: read the registry, recreate the session (unless that is its mistake), register the
    /// BG task handlers; `didEnterBackground`: begin a background task for its work; `handleEvents…`: keep the
    /// completion handler until `urlSessionDidFinishEvents`.
    private mutating func delegateCalled(_ call: AppDelegateCall, now: Date) -> [AppBehaviourAction] {
        switch call {
        case .didFinishLaunching:
            guard !mistakes.skipsSessionRecreation else {
                let line = LogEntry(
                    time: now, kind: .appSession, subject: session,
                    reason: "not recreated at launch (app mistake): its events wait in the outbox")
                return [.loadRegistry, .commit(AppChanges(log: [line])), .registerBGTaskHandlers]
            }
            return [.loadRegistry, .recreateSession, .registerBGTaskHandlers]
        case .didEnterBackground:
            guard backgroundWorkSeconds > 0 else { return [] }
            return [
                .beginBackgroundTask(
                    name: "save-state", hasExpirationHandler: !mistakes.omitsExpirationHandler,
                    workSeconds: backgroundWorkSeconds)
            ]
        case .handleEventsForBackgroundURLSession(let session, let token):
            handlers[session] = token
            return []
        case .didBecomeActive, .willResignActive, .willEnterForeground:
            return []
        }
    }

    /// Nothing waits for `session` any more: `urlSessionDidFinishEvents`, then the completion handler, once
    /// (the app forgets the handler as it calls it); without a handler held, nothing.
    private mutating func drained(_ session: String, now: Date) -> [AppBehaviourAction] {
        guard let token = handlers.removeValue(forKey: session) else { return [] }
        let finish: [AppBehaviourAction] = [
            .callDelegate(.urlSessionDidFinishEvents(session: session), subject: session),
            .reportEventsFinished(token),
        ]
        guard !mistakes.skipsCompletionHandler else {
            let line = LogEntry(
                time: now, kind: .appCompletionHandler, subject: session,
                reason: "\(token) not called (app mistake): the watchdog will kill the app")
            return finish + [.withholdCompletionHandler(token, log: line)]
        }
        return finish + [.callCompletionHandler(token)]
    }
}

/// Work the app does in the background under a background task: which task, and when it is done.
public struct BackgroundWork: Sendable, Equatable {
    /// The background task identifier `beginBackgroundTask` returned.
    public var id: BackgroundTaskID
    /// The steady time the work is done (the app then calls `endBackgroundTask`).
    public var doneAt: Double
}
