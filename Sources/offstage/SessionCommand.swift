import Foundation
import OffstageCore
import OffstageStore

/// `offstage session [ID [settings]]`: shows sessions, or creates or reconfigures one with Apple's settings.
enum SessionCommand {
    static func run(_ raw: [String], context: CLIContext) throws {
        let args = try Arguments(raw, spec: CommandCatalog.session)
        let sessions = try context.openStoreForReading()?.loadSessions() ?? []
        guard !args.positionals.isEmpty else {
            if sessions.isEmpty { context.output.line("no sessions yet; one is created with the first transfer") }
            for session in sessions { context.output.line(describe(session)) }
            return
        }
        let identifier = try args.single("session ID")
        guard !identifier.isEmpty, identifier.unicodeScalars.allSatisfy({ !FileNameSanitizer.isForbidden($0) }) else {
            throw CLIError.usage("a session ID must be non-empty printable text")
        }
        var session = sessions.first { $0.identifier == identifier } ?? SessionConfiguration(identifier: identifier)
        if let text = args.value("--discretionary") {
            session.isDiscretionary = try InputValidation.toggle(text, for: "--discretionary")
        }
        if let text = args.value("--launch-events") {
            session.sessionSendsLaunchEvents = try InputValidation.toggle(text, for: "--launch-events")
        }
        if let text = args.value("--cellular") {
            session.allowsCellularAccess = try InputValidation.toggle(text, for: "--cellular")
        }
        if let text = args.value("--expensive") {
            session.allowsExpensiveNetworkAccess = try InputValidation.toggle(text, for: "--expensive")
        }
        if let text = args.value("--constrained") {
            session.allowsConstrainedNetworkAccess = try InputValidation.toggle(text, for: "--constrained")
        }
        if let text = args.value("--timeout-request") {
            session.timeoutIntervalForRequest = try positive(
                InputValidation.duration(text, option: "--timeout-request"), "--timeout-request")
        }
        if let text = args.value("--timeout-resource") {
            session.timeoutIntervalForResource = try positive(
                InputValidation.duration(text, option: "--timeout-resource"), "--timeout-resource")
        }
        if let limit = try args.integer("--max-connections", in: 1...64) {
            session.httpMaximumConnectionsPerHost = limit
        }
        let command = DaemonCommand.configureSession(session)
        let outcome = try context.submit(command)
        // A session named for the first time is created by this command: say so, not only its settings.
        let created = sessions.contains { $0.identifier == identifier } ? "" : "created session "
        try TaskControlCommand.report(outcome, done: created + describe(session), context: context)
    }

    private static func positive(_ seconds: Double, _ option: String) throws -> Double {
        guard seconds > 0 else { throw CLIError.usage("\(option) must be longer than zero") }
        return seconds
    }

    /// One line per session with its settings.
    static func describe(_ s: SessionConfiguration) -> String {
        "\(s.identifier): discretionary \(s.isDiscretionary ? "on" : "off"), launch events \(s.sessionSendsLaunchEvents ? "on" : "off"), "
            + "request timeout \(Clamped.int(s.timeoutIntervalForRequest)) s, "
            + "resource timeout \(TransferDaemon.duration(s.timeoutIntervalForResource)), "
            + "\(s.httpMaximumConnectionsPerHost) connections per host, cellular \(s.allowsCellularAccess ? "on" : "off")"
    }
}
