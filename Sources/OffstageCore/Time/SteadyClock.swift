import Foundation

/// The model's one steady time base, shared by the BG scheduler and the app's life cycle: seconds that never go
/// back and that continue across restarts of the offstage process, so allowances, background time, relaunch
/// delays, penalties and deadlines survive a restart at their true distance.
///
/// steady = monotonic + `offset`, where monotonic is the shell's reading (`TimeSource.steady()`, which restarts with
/// the process or the machine). Within one process steady time advances exactly with that reading; at a restart the
/// offset is re-anchored so steady time continues from the last value plus the wall-clock downtime. The scheduler's
/// state persists it (`TaskSchedulerState.clock`); the host advances it once per input (`TaskScheduler.readSteady`)
/// and hands the same steady time to both machines (`ModelAppSystem.handle`).
public struct SteadyClock: Codable, Sendable, Equatable {
    /// Added to the monotonic reading to get steady time.
    public var offset: Double = 0
    /// The wall-clock time of the last reading (nil before the first).
    public var lastWall: Date?
    /// The steady time of the last reading.
    public var lastSteady: Double = 0
    /// Seconds the wall clock moved beyond steady time since the scheduler last looked (negative: set back).
    public var pendingWallJump: Double = 0

    /// A clock at these values (a fresh one has never read: steady time starts where the first restart anchors it).
    public init(offset: Double = 0, lastWall: Date? = nil, lastSteady: Double = 0) {
        self.offset = offset
        self.lastWall = lastWall
        self.lastSteady = lastSteady
    }

    /// Steady time for a monotonic reading, without advancing the clock.
    public func steady(monotonic: Double) -> Double { monotonic + offset }

    /// Reads steady time at wall time `now` and monotonic time `monotonic`, and adds how far the wall clock moved
    /// against it since the last reading to `pendingWallJump` (nothing at a restart or the first reading).
    ///
    /// `restarting` (a process start, or a change applied with no engine running) re-anchors: steady time goes on
    /// from the last reading plus the wall-clock time since. A monotonic reading that went back without a restart
    /// holds steady time where it was.
    public mutating func advance(now: Date, monotonic: Double, restarting: Bool) -> Double {
        if restarting {
            let downtime = lastWall.map { max(0, now.timeIntervalSince($0)) } ?? 0
            offset = lastSteady + downtime - monotonic
        }
        var steady = monotonic + offset
        if steady < lastSteady {
            offset += lastSteady - steady
            steady = lastSteady
        }
        if !restarting, let lastWall { pendingWallJump += now.timeIntervalSince(lastWall) - (steady - lastSteady) }
        lastWall = now
        lastSteady = steady
        return steady
    }

    /// Takes the wall-clock jump not yet acted on (the scheduler shifts its earliest dates by it).
    public mutating func takeWallJump() -> Double {
        defer { pendingWallJump = 0 }
        return pendingWallJump
    }

    /// Decodes, taking the default for every missing key (a state stored before `pendingWallJump` existed).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        offset = try c.decode(.offset, default: 0)
        lastWall = try c.decodeIfPresent(Date.self, forKey: .lastWall)
        lastSteady = try c.decode(.lastSteady, default: 0)
        pendingWallJump = try c.decode(.pendingWallJump, default: 0)
    }
}
