import Foundation
import OffstageCore

extension BGTasksFile {
    /// `timeout` of a shell command when the file leaves it out, in seconds.
    public static let defaultShellTimeout: Double = 20
    /// `honoursExpiration` of simulated work when the file leaves it out.
    public static let defaultHonoursExpiration = true

    /// The file for the app's mistakes and handlers, every field written out (the inverse of `resolved`).
    public init(mistakes: AppMistakes, handlers: [TaskHandlerConfiguration]) {
        self.init(app: App(mistakes), handlers: handlers.map(Handler.init))
    }

    /// The model app's BG task mistakes and handlers, checked; `path` names the file in errors.
    ///
    /// Every handler must be in `permitted` (`BGTaskSchedulerPermittedIdentifiers`), listed once, of a known
    /// kind, with non-negative durations, a shell timeout above 0, a non-empty command, and an http(s) URL.
    public func resolved(
        permitted: [String], path: String
    ) throws(ConfigurationError) -> (mistakes: AppMistakes, handlers: [TaskHandlerConfiguration]) {
        var seen: Set<String> = []
        var result: [TaskHandlerConfiguration] = []
        for (index, entry) in (handlers ?? []).enumerated() {
            let handler = try entry.resolved(index: index, path: path)
            guard seen.insert(handler.identifier).inserted else {
                throw ConfigurationError(path: path, problem: "handler \(handler.identifier) is listed twice")
            }
            guard permitted.contains(handler.identifier) else {
                throw ConfigurationError(
                    path: path, problem: "handler \(handler.identifier) is not in BGTaskSchedulerPermittedIdentifiers")
            }
            result.append(handler)
        }
        return ((app ?? App(AppMistakes())).mistakes, result)
    }
}

extension BGTasksFile.Handler {
    /// The handler configuration, checked.
    func resolved(index: Int, path: String) throws(ConfigurationError) -> TaskHandlerConfiguration {
        func fail(_ problem: String) -> ConfigurationError {
            ConfigurationError(path: path, problem: "handler \(identifier): \(problem)")
        }
        guard !identifier.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ConfigurationError(path: path, problem: "handlers[\(index)] has an empty identifier")
        }
        guard let kind = BGTasksFile.Kind(rawValue: kind) else {
            throw fail("unknown kind \"\(kind)\" (expected appRefresh or processing)")
        }
        if let interval, !(interval >= 0) {
            throw fail("interval must not be negative (got \(interval))")
        }
        if let interval, !(interval <= TransferSpec.maximumDelay) {
            throw fail("interval must be at most 10 years (315360000 s, got \(interval))")
        }
        if kind == .appRefresh {
            if requiresNetworkConnectivity == true {
                throw fail("requiresNetworkConnectivity applies only to processing tasks")
            }
            if requiresExternalPower == true {
                throw fail("requiresExternalPower applies only to processing tasks")
            }
        }
        return TaskHandlerConfiguration(
            identifier: identifier, kind: kind.taskKind, work: try work.resolved(fail: fail), interval: interval,
            requiresNetworkConnectivity: requiresNetworkConnectivity ?? false,
            requiresExternalPower: requiresExternalPower ?? false)
    }
}

extension BGTasksFile.Work {
    /// The handler's work, checked; `fail` makes an error naming the handler.
    func resolved(fail: (String) -> ConfigurationError) throws(ConfigurationError) -> TaskHandlerWork {
        switch self {
        case .shell(let command, let timeout):
            guard !command.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw fail("shell command is empty")
            }
            let timeout = timeout ?? BGTasksFile.defaultShellTimeout
            guard timeout > 0 else { throw fail("shell timeout must be greater than 0 (got \(timeout))") }
            guard timeout <= 86_400 else { throw fail("shell timeout must be at most 86400 s (got \(timeout))") }
            return .shellCommand(command: command, timeout: timeout)
        case .download(let url):
            guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(),
                scheme == "http" || scheme == "https", !(parsed.host ?? "").isEmpty
            else {
                throw fail("download URL \"\(url)\" is not an http or https URL")
            }
            return .download(url: url)
        case .simulated(let seconds, let honours):
            guard seconds >= 0 else { throw fail("simulated seconds must not be negative (got \(seconds))") }
            return .simulatedWork(seconds: seconds, honoursExpiration: honours ?? BGTasksFile.defaultHonoursExpiration)
        }
    }
}
