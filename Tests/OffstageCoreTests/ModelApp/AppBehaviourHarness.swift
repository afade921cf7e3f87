import Foundation
import OffstageCore
import Testing

/// The system's life cycle and the app's code wired as the runtime wires them, with no I/O: the life cycle's
/// delegate calls go to the app, the app's handler calls go back to the life cycle. `trace` names every step.
struct AppDevice {
    /// The system's life cycle for the app.
    var lifecycle = AppHarness()
    /// The app's code.
    var app: AppBehaviour
    /// What happened, in order: "system:…" for life-cycle actions, "app:…" for the app's actions.
    var trace: [String] = []
    /// Every action the app returned, in order.
    var appActions: [AppBehaviourAction] = []
    /// The life cycle's committed event-log lines, in order.
    var systemLog: [LogEntry] = []

    /// A device with the app not running, making these mistakes.
    init(mistakes: AppMistakes = AppMistakes(), backgroundWorkSeconds: Double = 0) {
        app = AppBehaviour(session: sessionID, mistakes: mistakes, backgroundWorkSeconds: backgroundWorkSeconds)
    }

    /// Sends a life-cycle event and relays what it asks of the app.
    mutating func send(_ event: AppLifecycleEvent, at seconds: Double? = nil) {
        let actions = lifecycle.send(event, at: seconds)
        relay(actions)
    }

    /// Sends an event to the app's code and relays its calls back to the system.
    mutating func tell(_ event: AppBehaviourEvent) {
        let actions = app.handle(event, now: appEpoch + lifecycle.steady)
        for action in actions {
            appActions.append(action)
            trace.append("app:" + Self.name(action))
            switch action {
            case .reportEventsFinished(let token): relay(lifecycle.send(.sessionEventsFinished(token: token)))
            case .callCompletionHandler(let token): relay(lifecycle.send(.completionHandlerCalled(token: token)))
            default: continue
            }
        }
    }

    /// Fires the life cycle's wakes up to `until`.
    mutating func run(until: Double) -> [AppLifecycleAction] {
        let actions = lifecycle.run(until: until)
        relay(actions)
        return actions
    }

    /// Hands the life cycle's delegate calls to the app and notes its kills.
    private mutating func relay(_ actions: [AppLifecycleAction]) {
        systemLog += actions.appLog
        for action in actions {
            switch action {
            case .callDelegate(let call):
                trace.append("system:\(Self.name(call))")
                tell(.delegate(call))
            case .killApp(let code, _):
                trace.append("system:kill \(code)")
            default:
                continue
            }
        }
    }

    /// A short name for an app-delegate call.
    static func name(_ call: AppDelegateCall) -> String {
        switch call {
        case .didFinishLaunching(let background): background ? "didFinishLaunching(background)" : "didFinishLaunching"
        case .didBecomeActive: "didBecomeActive"
        case .willResignActive: "willResignActive"
        case .didEnterBackground: "didEnterBackground"
        case .willEnterForeground: "willEnterForeground"
        case .handleEventsForBackgroundURLSession: "handleEventsForBackgroundURLSession"
        }
    }

    /// A short name for an app action (delegate calls by Apple's selector and task).
    static func name(_ action: AppBehaviourAction) -> String {
        switch action {
        case .commit: "commit"
        case .loadRegistry: "loadRegistry"
        case .recreateSession: "recreateSession"
        case .registerBGTaskHandlers: "registerBGTaskHandlers"
        case .beginBackgroundTask(_, let handler, _): "beginBackgroundTask(expirationHandler: \(handler))"
        case .endBackgroundTask(let id, _): "endBackgroundTask \(id)"
        case .callDelegate(let call, _): call.name + (call.taskIdentifier.map { " \($0)" } ?? "")
        case .moveFileSynchronously: "moveFileSynchronously"
        case .deferFileMove: "deferFileMove"
        case .didFinishDownloadingReturned: "didFinishDownloadingReturned"
        case .acknowledgeDelivery(let record, _): "acknowledge \(record?.status.rawValue ?? "unmatched")"
        case .recreateFromResumeData(let record, _): "recreateFromResumeData \(record.taskDescription)"
        case .reEnqueue(let record, _): "reEnqueue \(record.taskDescription)"
        case .adopt(let id): "adopt \(id)"
        case .cancel(let id): "cancel \(id)"
        case .reportEventsFinished: "reportEventsFinished"
        case .callCompletionHandler: "callCompletionHandler"
        case .withholdCompletionHandler: "withholdCompletionHandler"
        }
    }
}

/// A registry record of the test session.
func record(_ description: String, resumeData: ResumeData? = nil) -> AppRecord {
    AppRecord(
        taskDescription: description, session: sessionID, kind: .download, url: "https://example.com/\(description)",
        resumeData: resumeData)
}

/// A finished download of the test session, matched to `record`.
func handover(_ id: Int, record: AppRecord?) -> DownloadHandover {
    DownloadHandover(
        taskIdentifier: id, subject: "task \(id)", bytesWritten: 100, bytesExpected: 100,
        temporaryFile: "/home/parts/\(id).part", httpStatus: 200, record: record)
}
