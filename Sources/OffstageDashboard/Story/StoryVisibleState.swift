import OffstageCore

/// What an audience would notice changing on the dashboard: the narration, new event lines, a task's, request's,
/// work request's or the app's state or reason, the device; not a bar moving, a speed, or a countdown or the clock
/// ticking. `story check` measures the gaps between its changes.
public struct StoryVisibleState: Equatable, Sendable {
    /// The narration line.
    var narration: String?
    /// How many event lines the story has seen.
    var eventLines: Int
    /// Each transfer's id and state.
    var transfers: [String]
    /// Each pending request's identifier and the kind of its reason (not its countdown).
    var requests: [String]
    /// Each running BG task, and whether its expiration was called.
    var running: [String]
    /// The app's phase and handlers.
    var app: String
    /// The device's conditions.
    var device: DeviceSnapshot
    /// The Android side: each work request's state and reason, the process, the services, the device.
    var android: [String]
    /// How many keys the story has pressed (each changes what the dashboard shows).
    var keys = 0

    /// The state shown by `snapshot` with `narration`, after `eventLines` event lines.
    public init(snapshot: Snapshot, narration: String?, eventLines: Int) {
        self.narration = narration
        self.eventLines = eventLines
        transfers = snapshot.transfers.map { "\($0.id) \($0.state.rawValue)" }
        requests = snapshot.requests.map { "\($0.id) \(Self.kind(of: $0.reason))" }
        running = snapshot.runningTasks.map { "\($0.identifier) \($0.expirationCalled)" }
        app = "\(snapshot.app.phase.rawValue) \(snapshot.app.completionHandlers.count)"
        device = snapshot.device
        android = (snapshot.android?.work ?? []).map {
            "\($0.id) \($0.state.rawValue) \(Self.kind(of: $0.reason))"
        }
        if let android = snapshot.android {
            self.android +=
                [
                    "\(android.process.phase.rawValue)",
                    "\(android.device.bucket.rawValue) \(Self.kind(of: android.device.doze))",
                ] + android.foregroundServices.map(\.name)
        }
    }

    /// The case of an enum value without its associated values (`earliestIn`, not `earliestIn(12.5)`).
    static func kind(of value: Any?) -> String {
        guard let value else { return "-" }
        return String(String(describing: value).prefix { $0 != "(" })
    }
}

/// When the visible state changed during a story, in dashboard seconds: the longest gap and the whole length.
public struct StoryTimeline: Sendable {
    /// When the story started.
    public private(set) var start: Double?
    /// When the visible state last changed.
    public private(set) var lastChange: Double?
    /// The longest gap so far, and the story line it ended at (nil: before the first step).
    public private(set) var longestGap: (seconds: Double, endedAtLine: Int?) = (0, nil)
    /// The state last seen.
    private var last: StoryVisibleState?

    /// A timeline not yet started.
    public init() {}

    /// Notes `state` at dashboard time `now`, while line `line` plays.
    public mutating func observe(_ state: StoryVisibleState, at now: Double, line: Int?) {
        if start == nil { start = now }
        guard state != last else { return }
        measure(to: now, line: line)
        last = state
        lastChange = now
    }

    /// Closes the timeline at `now` (the end of the story counts as the end of the last gap).
    public mutating func end(at now: Double, line: Int?) {
        measure(to: now, line: line)
        lastChange = now
    }

    /// How long the story has played so far, at `now`.
    public func length(at now: Double) -> Double { start.map { now - $0 } ?? 0 }

    private mutating func measure(to now: Double, line: Int?) {
        guard let lastChange else { return }
        let gap = now - lastChange
        if gap > longestGap.seconds { longestGap = (gap, line) }
    }
}
