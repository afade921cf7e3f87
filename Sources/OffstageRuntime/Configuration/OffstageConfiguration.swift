import Foundation
import OffstageCore
import OffstageStore

/// The model app and the BG scheduler's policy, read from a configuration folder or built in.
///
/// A folder holds up to five files, each optional (a missing file means that part's built-in default):
/// `Info.plist` (`BGTaskSchedulerPermittedIdentifiers`, `UIBackgroundModes`), `bgtasks.json` (the model app's
/// behaviour and handlers), `scheduler.json` (the policy) and `app.json` (the model app's background session).
/// A file that is present must parse completely. `config/README.md` documents every key.
public struct OffstageConfiguration: Sendable, Equatable {
    /// Info.plist keys and handlers.
    public var app: AppTaskConfiguration
    /// Which mistakes the model app makes.
    public var taskMistakes: AppMistakes
    /// The scheduler's parameters.
    public var policy: SchedulerPolicyConfiguration
    /// The model app's background session: its identifier, life-cycle timings, reboot and reconciliation
    /// policies, mistakes and background work (`app.json`).
    public var appSession: AppConfiguration
    /// The platform profile and the Android system model's policy (`android.json`).
    public var android: AndroidFile
    /// What happens when a transfer ends: the completion hook and the dashboard's notifications (`transfers.json`).
    public var transfers = TransfersFile()
    /// The folder it was read from (nil: the built-in configuration).
    public var directory: String?
    /// Lines about keys read but ignored (deprecated ones), for the command line to show on stderr.
    public var warnings: [String] = []

    /// A configuration.
    public init(
        app: AppTaskConfiguration, taskMistakes: AppMistakes, policy: SchedulerPolicyConfiguration,
        appSession: AppConfiguration = AppConfiguration(), android: AndroidFile = AndroidFile(), directory: String?
    ) {
        self.app = app
        self.taskMistakes = taskMistakes
        self.policy = policy
        self.appSession = appSession
        self.android = android
        self.directory = directory
    }

    /// The environment variable naming a configuration folder.
    public static let environmentVariable = "OFFSTAGE_CONFIG"
    /// The file names inside a configuration folder.
    public static let infoPlistName = "Info.plist"
    /// The handlers and behaviour file.
    public static let bgTasksName = "bgtasks.json"
    /// The policy file.
    public static let schedulerName = "scheduler.json"
    /// The model app's background-session file.
    public static let appName = "app.json"
    /// The platform profile and Android policy file.
    public static let androidName = "android.json"
    /// The completion hook and notifications file.
    public static let transfersName = "transfers.json"

    /// The configuration folder to use: `explicit` (`--config DIR`), else `$OFFSTAGE_CONFIG`, else `<home>/config`
    /// when it exists, else nil (built in). Empty values count as absent.
    public static func directory(
        explicit: String?, home: OffstageHome, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String? {
        if let explicit, !explicit.isEmpty { return explicit }
        if let variable = environment[environmentVariable], !variable.isEmpty { return variable }
        let inHome = home.path + "/config"
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: inHome, isDirectory: &isDirectory), isDirectory.boolValue {
            return inHome
        }
        return nil
    }

    /// Loads the configuration from the folder `directory(explicit:home:environment:)` picks, or the built-in one.
    ///
    /// Throws `ConfigurationError` (one line naming the file) when a named folder does not exist or a present
    /// file does not parse or fails validation.
    public static func load(
        explicit: String?, home: OffstageHome, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> OffstageConfiguration {
        guard let folder = directory(explicit: explicit, home: home, environment: environment) else { return builtIn }
        return try load(directory: folder)
    }

    /// Loads the configuration in `folder`; missing files take the built-in parts.
    public static func load(directory folder: String) throws(ConfigurationError) -> OffstageConfiguration {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
            throw ConfigurationError(path: folder, problem: "no such configuration folder")
        }
        guard isDirectory.boolValue else {
            throw ConfigurationError(path: folder, problem: "not a folder (expected a configuration folder)")
        }
        let defaults = builtIn
        let plistPath = folder + "/" + infoPlistName
        let plist = try read(plistPath).map { data throws(ConfigurationError) in
            try InfoPlistFile.parse(data, path: plistPath)
        }
        let permitted = plist?.permittedIdentifiers ?? defaults.app.permittedIdentifiers
        let modes = plist?.schedulerModes ?? defaults.app.backgroundModes

        let tasksPath = folder + "/" + bgTasksName
        var taskMistakes = defaults.taskMistakes
        var handlers = defaults.app.handlers.filter { permitted.contains($0.identifier) }
        if let data = try read(tasksPath) {
            let file: BGTasksFile
            do {
                file = try JSONDecoder().decode(BGTasksFile.self, from: data)
            } catch {
                throw ConfigurationError(path: tasksPath, problem: DecodingProblem.text(error, data: data))
            }
            (taskMistakes, handlers) = try file.resolved(permitted: permitted, path: tasksPath)
        }

        let policyPath = folder + "/" + schedulerName
        let policyData = try read(policyPath)
        let policy = try policyData.map { data throws(ConfigurationError) in
            try SchedulerPolicyFile.parse(data, path: policyPath)
        }

        let appPath = folder + "/" + appName
        let appSession = try read(appPath).map { data throws(ConfigurationError) in
            try parseAppSession(data, path: appPath)
        }
        let androidPath = folder + "/" + androidName
        let android = try read(androidPath).map { data throws(ConfigurationError) in
            try AndroidFile.parse(data, path: androidPath)
        }
        var loaded = OffstageConfiguration(
            app: AppTaskConfiguration(permittedIdentifiers: permitted, backgroundModes: modes, handlers: handlers),
            taskMistakes: taskMistakes, policy: policy ?? defaults.policy,
            appSession: appSession ?? defaults.appSession, android: android ?? defaults.android,
            directory: folder)
        loaded.warnings = policyData.map { SchedulerPolicyFile.warnings(in: $0, path: policyPath) } ?? []
        let transfersPath = folder + "/" + transfersName
        loaded.transfers =
            try read(transfersPath).map { data throws(ConfigurationError) in
                try TransfersFile.parse(data, path: transfersPath)
            } ?? defaults.transfers
        return loaded
    }

    /// The contents of an `app.json` at `path`: missing keys take their defaults, and the result must validate.
    private static func parseAppSession(_ data: Data, path: String) throws(ConfigurationError) -> AppConfiguration {
        let config: AppConfiguration
        do {
            config = try JSONDecoder().decode(AppConfiguration.self, from: data)
        } catch {
            throw ConfigurationError(path: path, problem: DecodingProblem.text(error, data: data))
        }
        if let problem = unknownKey(in: data, known: config) { throw ConfigurationError(path: path, problem: problem) }
        if let problem = config.problem { throw ConfigurationError(path: path, problem: problem) }
        return config
    }

    /// The first key of the JSON object `data` that `AppConfiguration` does not have, at any depth, as a problem
    /// line (`at lifecycle: unknown key "…" (known keys: …)`); nil when every key is known. The known keys are
    /// those `decoded` encodes to, so they cannot drift from the type.
    private static func unknownKey(in data: Data, known decoded: AppConfiguration) -> String? {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            let encoded = try? JSONEncoder().encode(decoded),
            let known = (try? JSONSerialization.jsonObject(with: encoded)) as? [String: Any]
        else { return nil }
        return unknownKey(object, known: known, path: "")
    }

    /// The first key of `object` (at `path`) missing from `known`, descending into objects both have.
    private static func unknownKey(_ object: [String: Any], known: [String: Any], path: String) -> String? {
        for key in object.keys.sorted() {
            guard let knownValue = known[key] else {
                let names = known.keys.sorted().joined(separator: ", ")
                return "\(path.isEmpty ? "" : "at \(path): ")unknown key \"\(key)\" (known keys: \(names))"
            }
            if let nested = object[key] as? [String: Any], let knownNested = knownValue as? [String: Any],
                let found = unknownKey(nested, known: knownNested, path: path.isEmpty ? key : path + "." + key)
            {
                return found
            }
        }
        return nil
    }

    /// The bytes of a file, nil when it does not exist.
    private static func read(_ path: String) throws(ConfigurationError) -> Data? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError(path: path, problem: "cannot be read")
        }
        return data
    }
}
