/// The model app's background-session side, as `config/app.json` describes it.
public struct AppConfiguration: Codable, Sendable, Equatable {
    /// The identifier of the app's background `URLSession` (it recreates it with this identifier at every launch).
    public var sessionIdentifier: String
    /// The life-cycle manager's timings, and what a process restart (a reboot) does to transfers.
    public var lifecycle: AppLifecyclePolicy
    /// What relaunch reconciliation does with records unknown to the system and tasks unknown to the app.
    public var reconciliation: ReconciliationPolicy
    /// The mistakes the app makes from the start (more can be switched on at run time).
    public var mistakes: AppMistakes
    /// Seconds of work the app does in the background task it begins in `applicationDidEnterBackground`
    /// (0: it begins none). It ends the task when the work is done, or in the expiration handler.
    public var backgroundWorkSeconds: Double

    /// The default identifier of the app's background session.
    public static let defaultSessionIdentifier = "com.example.offstage.background"

    /// A configuration; every parameter has the documented default.
    public init(
        sessionIdentifier: String = AppConfiguration.defaultSessionIdentifier,
        lifecycle: AppLifecyclePolicy = AppLifecyclePolicy(),
        reconciliation: ReconciliationPolicy = ReconciliationPolicy(),
        mistakes: AppMistakes = AppMistakes(), backgroundWorkSeconds: Double = 2
    ) {
        self.sessionIdentifier = sessionIdentifier
        self.lifecycle = lifecycle
        self.reconciliation = reconciliation
        self.mistakes = mistakes
        self.backgroundWorkSeconds = backgroundWorkSeconds
    }

    /// Decodes, taking the default for every missing key.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = AppConfiguration()
        sessionIdentifier = try c.decode(.sessionIdentifier, default: d.sessionIdentifier)
        lifecycle = try c.decode(.lifecycle, default: d.lifecycle)
        reconciliation = try c.decode(.reconciliation, default: d.reconciliation)
        mistakes = try c.decode(.mistakes, default: d.mistakes)
        backgroundWorkSeconds = try c.decode(.backgroundWorkSeconds, default: d.backgroundWorkSeconds)
    }

    /// Why the configuration cannot be used, or nil when it can.
    public var problem: String? {
        if sessionIdentifier.isEmpty { return "sessionIdentifier must not be empty" }
        let times: [(String, Double)] = [
            ("lifecycle.backgroundTaskLimit", lifecycle.backgroundTaskLimit),
            ("lifecycle.didEnterBackgroundGrace", lifecycle.didEnterBackgroundGrace),
            ("lifecycle.completionHandlerDeadline", lifecycle.completionHandlerDeadline),
            ("lifecycle.relaunchInitialDelay", lifecycle.relaunchInitialDelay),
            ("backgroundWorkSeconds", backgroundWorkSeconds),
        ]
        if let bad = times.first(where: { !$0.1.isFinite || $0.1 < 0 }) {
            return "\(bad.0) must be a number of seconds ≥ 0, not \(bad.1)"
        }
        if lifecycle.expirationLead < 0 || lifecycle.expirationLead > lifecycle.backgroundTaskLimit {
            return "lifecycle.expirationLead must be between 0 and backgroundTaskLimit"
        }
        if lifecycle.relaunchMaxDelay < lifecycle.relaunchInitialDelay {
            return "lifecycle.relaunchMaxDelay must be ≥ relaunchInitialDelay"
        }
        if lifecycle.rebootPolicy == .waitForAppLaunch {
            return "lifecycle.rebootPolicy wait-for-launch is modelled in the core only;"
                + " the runtime takes resume or cancel"
        }
        let decisions: [(String, ReconciliationDecision, [ReconciliationDecision])] = [
            (
                "reconciliation.whenUnknownToSystem", reconciliation.whenUnknownToSystem,
                ReconciliationPolicy.unknownToSystemDecisions
            ),
            (
                "reconciliation.whenUnknownToApp", reconciliation.whenUnknownToApp,
                ReconciliationPolicy.unknownToAppDecisions
            ),
        ]
        if let bad = decisions.first(where: { !$0.2.contains($0.1) }) {
            let names = bad.2.map(\.rawValue).joined(separator: " or ")
            return "\(bad.0) must be \(names), not \(bad.1.rawValue)"
        }
        return nil
    }
}
