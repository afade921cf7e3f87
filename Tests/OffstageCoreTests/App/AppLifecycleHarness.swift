import Foundation
import OffstageCore
import Testing

/// The fixed wall-clock time life-cycle tests start at (steady 0).
let appEpoch = Date(timeIntervalSince1970: 1_800_000_000)
/// The background session the tests relaunch for.
let sessionID = "com.example.bg"

/// Drives an `AppLifecycle` in tests; wall time follows steady time.
struct AppHarness {
    var app: AppLifecycle
    var steady: Double = 0

    init(policy: AppLifecyclePolicy = AppLifecyclePolicy(), state: AppLifecycleState? = nil) {
        app = AppLifecycle(policy: policy, state: state)
    }

    /// A harness with the app in `phase` at steady 0 (suspended: at steady 5, after the grace).
    static func inPhase(_ phase: AppLifecyclePhase, policy: AppLifecyclePolicy = AppLifecyclePolicy()) -> AppHarness {
        var h = AppHarness(policy: policy)
        switch phase {
        case .notRunning: break
        case .active: h.send(.userOpened)
        case .inactive: h.send(.userOpened); h.send(.interruptionBegan)
        case .background: h.send(.userOpened); h.send(.userPressedHome)
        case .suspended: h.send(.userOpened); h.send(.userPressedHome); h.send(.timerFired, at: 5)
        }
        #expect(h.app.phase == phase)
        return h
    }

    /// Sends an event at steady time `at` (or now) and checks the commit rules: at most one, first, holding the
    /// new state; and a refused event changes nothing when nothing was due.
    @discardableResult
    mutating func send(
        _ event: AppLifecycleEvent, at seconds: Double? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) -> [AppLifecycleAction] {
        if let seconds { steady = seconds }
        let before = app
        let actions = app.handle(event, now: appEpoch + steady, steady: steady)
        let commits = actions.indices.filter { if case .commit = actions[$0] { true } else { false } }
        #expect(commits.count <= 1, "more than one commit", sourceLocation: sourceLocation)
        if let first = commits.first {
            #expect(first == 0, "commit not first", sourceLocation: sourceLocation)
            if case .commit(let changes) = actions[first] {
                #expect(changes.state == app.state, "commit does not hold the state", sourceLocation: sourceLocation)
            }
        } else {
            #expect(app == before, "state changed without a commit", sourceLocation: sourceLocation)
        }
        return actions
    }

    /// Fires every wake due up to `until`, then moves the clock there; returns all actions.
    @discardableResult
    mutating func run(until: Double) -> [AppLifecycleAction] {
        var all: [AppLifecycleAction] = []
        while let wake = app.nextWakeUp(after: steady), wake <= until {
            all += send(.timerFired, at: wake)
        }
        steady = until
        return all
    }

    /// Begins a background task now and returns its identifier.
    mutating func begin(
        _ name: String = "upload", handler: Bool = true, at seconds: Double? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> BackgroundTaskID {
        let actions = send(.beginBackgroundTask(name: name, hasExpirationHandler: handler), at: seconds)
        let id = actions.granted
        #expect(id != nil && id != .invalid, "task not granted", sourceLocation: sourceLocation)
        return id ?? .invalid
    }
}

extension Array where Element == AppLifecycleAction {
    /// The event-log lines committed.
    var appLog: [LogEntry] {
        flatMap { action -> [LogEntry] in
            if case .commit(let changes) = action { return changes.log }
            return []
        }
    }

    /// The committed log lines of one kind.
    func appLogged(_ kind: LogKind) -> [LogEntry] { appLog.filter { $0.kind == kind } }

    /// The refusal reason, if refused.
    var refusal: String? {
        for case .refuse(let reason) in self { return reason }
        return nil
    }

    /// The identifier `beginBackgroundTask` returned.
    var granted: BackgroundTaskID? {
        for case .grantBackgroundTask(let id) in self { return id }
        return nil
    }

    /// The watchdog codes of `.killApp` actions.
    var killCodes: [String] {
        compactMap { if case .killApp(let code, _) = $0 { code } else { nil } }
    }

    /// The tasks whose expiration handlers were called.
    var expirations: [BackgroundTaskID] {
        compactMap { if case .callExpirationHandler(let id) = $0 { id } else { nil } }
    }

    /// The tokens given with `handleEventsForBackgroundURLSession`.
    var tokens: [CompletionHandlerToken] {
        compactMap {
            if case .callDelegate(.handleEventsForBackgroundURLSession(_, let token)) = $0 { token } else { nil }
        }
    }

    /// The requested wake, if any.
    var wakeAt: Double? {
        for case .wake(let at) in self { return at }
        return nil
    }

    /// Whether the actions contain `action`.
    func has(_ action: AppLifecycleAction) -> Bool { contains(action) }
}
