import Foundation

/// Everything a screen shows, at one moment: the seam between the engine and every view.
///
/// The runtime builds it from its live state and publishes it latest-wins, only when something changed, at most
/// ten times a second; `ls`, `app`, `pending`, the `get` meter and every dashboard pane are pure functions of it.
/// It is `Codable` so an engine in another process can send it to an attached dashboard.
public struct Snapshot: Codable, Sendable, Equatable {
    /// Increases with every publication by one engine; a view skips work when it has seen this one.
    public var sequence: UInt64
    /// The clock the engine runs on: its time now, its warp or freeze, its next deadline.
    public var clock: ClockSnapshot
    /// Who runs the engine for this home, and how this view reaches it.
    public var engine: EngineSnapshot
    /// The simulated device's conditions, plus whether it is in use.
    public var device: DeviceSnapshot
    /// The model app: phase, background time, limiter, completion handlers, waiting deliveries.
    public var app: AppSnapshot
    /// The transfer tasks the view lists, in id order, with live bytes, speed, ETA and a typed status: every one,
    /// or the rows around those it shows (`listing` says where they sit).
    public var transfers: [TransferSnapshot]
    /// Where `transfers` sit in the list the view asked for (nil: they are every transfer of the home).
    public var listing: TransferListing?
    /// The whole queue's totals, whatever the view lists (nil: those of `transfers`, which are every transfer).
    public var totals: TransferTotals?
    /// Every pending BG task request with why it has not run, in submit order.
    public var requests: [RequestSnapshot]
    /// BG tasks running now, with their remaining allowance.
    public var runningTasks: [RunningTaskSnapshot]
    /// The newest event-log lines, oldest first (bounded by `Snapshot.eventLimit`).
    public var events: [LogEntry]
    /// How many lines the engine has recorded in all, so a view can tell which of `events` are new (nil: as many
    /// as `events` holds).
    public var eventsRecorded: Int?
    /// The Android model's state when the profile includes Android (nil: iOS only).
    public var android: AndroidSnapshot?
    /// The engine-wide rate limit in bytes a second, shared by every running transfer (nil: none).
    public var rateLimit: Int64?

    /// How many event-log lines a snapshot carries.
    public static let eventLimit = 500

    /// A snapshot.
    public init(
        sequence: UInt64 = 0, clock: ClockSnapshot, engine: EngineSnapshot, device: DeviceSnapshot = DeviceSnapshot(),
        app: AppSnapshot = AppSnapshot(), transfers: [TransferSnapshot] = [], requests: [RequestSnapshot] = [],
        runningTasks: [RunningTaskSnapshot] = [], events: [LogEntry] = [], android: AndroidSnapshot? = nil,
        listing: TransferListing? = nil, totals: TransferTotals? = nil, eventsRecorded: Int? = nil
    ) {
        self.sequence = sequence
        self.clock = clock
        self.engine = engine
        self.device = device
        self.app = app
        self.transfers = transfers
        self.requests = requests
        self.runningTasks = runningTasks
        self.events = events
        self.android = android
        self.listing = listing
        self.totals = totals
        self.eventsRecorded = eventsRecorded
    }

    /// The platform profile the snapshot shows.
    public var platform: PlatformProfile { android?.profile ?? .ios }

    /// Whether this home has nothing at all: no transfer, no request, no running task, no work, no service.
    public var isEmpty: Bool {
        storedTransfers == 0 && requests.isEmpty && runningTasks.isEmpty
            && (android.map { $0.work.isEmpty && $0.foregroundServices.isEmpty } ?? true)
    }
}

/// The engine's clock as a view shows it.
public struct ClockSnapshot: Codable, Sendable, Equatable {
    /// The (possibly warped) wall-clock time of the snapshot.
    public var now: Date
    /// How fast virtual time runs against real time.
    public var rate: ClockRate
    /// The next moment something time-driven happens (a retry, an earliest date, an expiration), if known.
    public var nextDeadline: Date?

    /// A clock reading.
    public init(now: Date, rate: ClockRate = .real, nextDeadline: Date? = nil) {
        self.now = now
        self.rate = rate
        self.nextDeadline = nextDeadline
    }
}

/// How fast virtual time runs.
public enum ClockRate: Codable, Sendable, Equatable {
    /// Real time (×1).
    case real
    /// Virtual time runs this many times faster than real time (×10, ×60, ×600).
    case warped(Double)
    /// Virtual time stands still; only "jump to the next deadline" moves it.
    case frozen

    /// The factor (0 when frozen).
    public var factor: Double {
        switch self {
        case .real: 1
        case .warped(let factor): factor
        case .frozen: 0
        }
    }
}

/// Who runs the engine of the home a view looks at.
public struct EngineSnapshot: Codable, Sendable, Equatable {
    /// How the view is connected to the engine.
    public enum Role: String, Codable, Sendable {
        /// This process runs the engine.
        case hosting
        /// Another process runs the engine; this view receives its snapshots and sends it commands.
        case attached
        /// No process runs the engine: the snapshot is the store's durable view.
        case notRunning = "not-running"
        /// The engine is starting: it reads the home's tasks (`loadingTasks` of them) and shows none yet.
        case starting
    }

    /// How the view is connected.
    public var role: Role
    /// The process that runs the engine (nil when none runs).
    public var pid: Int32?
    /// The home's path, for the header and messages.
    public var home: String
    /// While it starts: how many stored tasks it reads (nil: not known yet).
    public var loadingTasks: Int?

    /// An engine description.
    public init(role: Role, pid: Int32? = nil, home: String, loadingTasks: Int? = nil) {
        self.role = role
        self.pid = pid
        self.home = home
        self.loadingTasks = loadingTasks
    }
}

/// The simulated device as a view shows it.
public struct DeviceSnapshot: Codable, Sendable, Equatable {
    /// Network, power, battery, Low Power Mode and the Background App Refresh switch.
    public var conditions: DeviceConditions
    /// Whether the user is using the device (processing tasks run only while it is idle).
    public var inUse: Bool

    /// A device reading.
    public init(conditions: DeviceConditions = DeviceConditions(), inUse: Bool = false) {
        self.conditions = conditions
        self.inUse = inUse
    }
}
