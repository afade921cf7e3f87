import Foundation
import OffstageCore

/// The `bgtasks.json` file format: the model app's behaviour and its launch handlers (see `config/README.md`).
///
/// Every object rejects unknown keys, so a typo is an error rather than a silently ignored setting.
public struct BGTasksFile: Codable, Sendable, Equatable {
    /// `app`: the model app's good habits (optional; every flag defaults to true; false switches on an `AppMistakes`).
    public var app: App?
    /// `handlers`: one entry per task identifier (optional; default none).
    public var handlers: [Handler]?

    /// A file with these parts.
    public init(app: App?, handlers: [Handler]?) {
        self.app = app
        self.handlers = handlers
    }

    /// Decodes, rejecting unknown keys.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.allCases.map(\.stringValue))
        let c = try decoder.container(keyedBy: CodingKeys.self)
        app = try c.decodeIfPresent(App.self, forKey: .app)
        handlers = try c.decodeIfPresent([Handler].self, forKey: .handlers)
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case app, handlers
    }

    /// The `app` object: which mistakes the model app makes (each flag optional, default true).
    public struct App: Codable, Sendable, Equatable {
        /// `registersAtLaunch`.
        public var registersAtLaunch: Bool?
        /// `reschedulesInHandler`.
        public var reschedulesInHandler: Bool?
        /// `setsExpirationHandler`.
        public var setsExpirationHandler: Bool?
        /// `completesTask`.
        public var completesTask: Bool?
        /// `submitsOnOpen`.
        public var submitsOnOpen: Bool?
        /// `reschedulesAtStart`.
        public var reschedulesAtStart: Bool?
        /// `registersBeforeLaunchFinishes`.
        public var registersBeforeLaunchFinishes: Bool?

        /// The object for the app's mistakes, every flag written out (true: the good behaviour, no mistake).
        public init(_ mistakes: AppMistakes) {
            registersAtLaunch = !mistakes.registersLate
            reschedulesInHandler = !mistakes.skipsReschedule
            setsExpirationHandler = !mistakes.omitsExpirationHandler
            completesTask = !mistakes.skipsSetTaskCompleted
            submitsOnOpen = !mistakes.skipsSubmitOnOpen
            reschedulesAtStart = !mistakes.reschedulesAtEnd
            registersBeforeLaunchFinishes = !mistakes.registersAfterLaunch
        }

        /// Decodes, rejecting unknown keys.
        public init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.allCases.map(\.stringValue))
            let c = try decoder.container(keyedBy: CodingKeys.self)
            registersAtLaunch = try c.decodeIfPresent(Bool.self, forKey: .registersAtLaunch)
            reschedulesInHandler = try c.decodeIfPresent(Bool.self, forKey: .reschedulesInHandler)
            setsExpirationHandler = try c.decodeIfPresent(Bool.self, forKey: .setsExpirationHandler)
            completesTask = try c.decodeIfPresent(Bool.self, forKey: .completesTask)
            submitsOnOpen = try c.decodeIfPresent(Bool.self, forKey: .submitsOnOpen)
            reschedulesAtStart = try c.decodeIfPresent(Bool.self, forKey: .reschedulesAtStart)
            registersBeforeLaunchFinishes = try c.decodeIfPresent(Bool.self, forKey: .registersBeforeLaunchFinishes)
        }

        /// The app's mistakes these flags switch on (a flag false is a mistake; missing flags are true).
        public var mistakes: AppMistakes {
            AppMistakes(
                omitsExpirationHandler: !(setsExpirationHandler ?? true), registersLate: !(registersAtLaunch ?? true),
                skipsReschedule: !(reschedulesInHandler ?? true), skipsSetTaskCompleted: !(completesTask ?? true),
                skipsSubmitOnOpen: !(submitsOnOpen ?? true), reschedulesAtEnd: !(reschedulesAtStart ?? true),
                registersAfterLaunch: !(registersBeforeLaunchFinishes ?? true))
        }

        private enum CodingKeys: String, CodingKey, CaseIterable {
            case registersAtLaunch, reschedulesInHandler, setsExpirationHandler, completesTask, submitsOnOpen,
                reschedulesAtStart, registersBeforeLaunchFinishes
        }
    }

    /// One entry of `handlers`.
    public struct Handler: Codable, Sendable, Equatable {
        /// `identifier` (required): the task identifier; must be permitted by `Info.plist`.
        public var identifier: String
        /// `kind` (required): `"appRefresh"` or `"processing"`.
        public var kind: String
        /// `interval`: seconds from a (re)submit to the request's earliest begin date (absent: no delay).
        public var interval: Double?
        /// `requiresNetworkConnectivity` (processing; default false).
        public var requiresNetworkConnectivity: Bool?
        /// `requiresExternalPower` (processing; default false).
        public var requiresExternalPower: Bool?
        /// `work` (required): what the handler does.
        public var work: Work

        /// The entry for a handler configuration, every field written out.
        public init(_ handler: TaskHandlerConfiguration) {
            identifier = handler.identifier
            kind = Kind(handler.kind).rawValue
            interval = handler.interval
            requiresNetworkConnectivity = handler.requiresNetworkConnectivity
            requiresExternalPower = handler.requiresExternalPower
            work = Work(handler.work)
        }

        /// Decodes, rejecting unknown keys.
        public init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.allCases.map(\.stringValue))
            let c = try decoder.container(keyedBy: CodingKeys.self)
            identifier = try c.decode(String.self, forKey: .identifier)
            kind = try c.decode(String.self, forKey: .kind)
            interval = try c.decodeIfPresent(Double.self, forKey: .interval)
            requiresNetworkConnectivity = try c.decodeIfPresent(Bool.self, forKey: .requiresNetworkConnectivity)
            requiresExternalPower = try c.decodeIfPresent(Bool.self, forKey: .requiresExternalPower)
            work = try c.decode(Work.self, forKey: .work)
        }

        private enum CodingKeys: String, CodingKey, CaseIterable {
            case identifier, kind, interval, requiresNetworkConnectivity, requiresExternalPower, work
        }
    }

    /// The spellings of `kind`.
    public enum Kind: String, Sendable, CaseIterable {
        /// `BGAppRefreshTaskRequest`.
        case appRefresh
        /// `BGProcessingTaskRequest`.
        case processing

        /// The spelling of a task kind.
        public init(_ kind: BGTaskKind) {
            self = kind == .appRefresh ? .appRefresh : .processing
        }

        /// The task kind.
        public var taskKind: BGTaskKind { self == .appRefresh ? .appRefresh : .processing }
    }

    /// `work`: an object with exactly one of `shell`, `download` or `simulated`.
    public enum Work: Codable, Sendable, Equatable {
        /// `{"shell": {"command": "…", "timeout": 20}}`: run `/bin/sh -c command`, stopped after `timeout` s.
        case shell(command: String, timeout: Double?)
        /// `{"download": {"url": "…"}}`: download the URL through the transfer engine.
        case download(url: String)
        /// `{"simulated": {"seconds": 5, "honoursExpiration": true}}`: pretend to work.
        case simulated(seconds: Double, honoursExpiration: Bool?)

        /// The entry for a handler's work, every field written out.
        public init(_ work: TaskHandlerWork) {
            switch work {
            case .shellCommand(let command, let timeout): self = .shell(command: command, timeout: timeout)
            case .download(let url): self = .download(url: url)
            case .simulatedWork(let seconds, let honours):
                self = .simulated(seconds: seconds, honoursExpiration: honours)
            }
        }

        /// Decodes, requiring exactly one kind of work and rejecting unknown keys.
        public init(from decoder: any Decoder) throws {
            let kinds = WorkKey.allCases.map(\.stringValue)
            try decoder.rejectUnknownKeys(kinds)
            let c = try decoder.container(keyedBy: WorkKey.self)
            guard c.allKeys.count == 1, let key = c.allKeys.first else {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: decoder.codingPath,
                        debugDescription: "work must have exactly one of \(kinds.joined(separator: ", "))"))
            }
            let body = try c.superDecoder(forKey: key)
            switch key {
            case .shell:
                try body.rejectUnknownKeys(ShellKey.allCases.map(\.stringValue))
                let s = try body.container(keyedBy: ShellKey.self)
                self = .shell(
                    command: try s.decode(String.self, forKey: .command),
                    timeout: try s.decodeIfPresent(Double.self, forKey: .timeout))
            case .download:
                try body.rejectUnknownKeys(DownloadKey.allCases.map(\.stringValue))
                let d = try body.container(keyedBy: DownloadKey.self)
                self = .download(url: try d.decode(String.self, forKey: .url))
            case .simulated:
                try body.rejectUnknownKeys(SimulatedKey.allCases.map(\.stringValue))
                let s = try body.container(keyedBy: SimulatedKey.self)
                self = .simulated(
                    seconds: try s.decode(Double.self, forKey: .seconds),
                    honoursExpiration: try s.decodeIfPresent(Bool.self, forKey: .honoursExpiration))
            }
        }

        /// Encodes in the documented shape.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: WorkKey.self)
            switch self {
            case .shell(let command, let timeout):
                var s = c.nestedContainer(keyedBy: ShellKey.self, forKey: .shell)
                try s.encode(command, forKey: .command)
                try s.encodeIfPresent(timeout, forKey: .timeout)
            case .download(let url):
                var d = c.nestedContainer(keyedBy: DownloadKey.self, forKey: .download)
                try d.encode(url, forKey: .url)
            case .simulated(let seconds, let honours):
                var s = c.nestedContainer(keyedBy: SimulatedKey.self, forKey: .simulated)
                try s.encode(seconds, forKey: .seconds)
                try s.encodeIfPresent(honours, forKey: .honoursExpiration)
            }
        }

        private enum WorkKey: String, CodingKey, CaseIterable { case shell, download, simulated }
        private enum ShellKey: String, CodingKey, CaseIterable { case command, timeout }
        private enum DownloadKey: String, CodingKey, CaseIterable { case url }
        private enum SimulatedKey: String, CodingKey, CaseIterable { case seconds, honoursExpiration }
    }
}
