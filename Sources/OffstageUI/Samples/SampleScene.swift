import Foundation
import OffstageCore

/// A named screen for `offstage render` and `screenshots/`: a sample snapshot, the dashboard's state over it,
/// and the terminal it is drawn for.
public struct SampleScene: Sendable {
    /// The scene's name on the command line.
    public var name: String
    /// What it shows, for `render --help` and the README.
    public var summary: String
    /// The snapshot at the scene's start, built when asked for (every command's help names the scenes, and
    /// building all eleven snapshots cost each start of `offstage` a millisecond).
    public var snapshot: Snapshot { makeSnapshot() }
    private let makeSnapshot: @Sendable () -> Snapshot
    /// The dashboard's state (overlay, selection, script line).
    public var state: DashboardState
    /// Whether the terminal has a UTF-8 locale.
    public var unicode: Bool

    /// A scene whose snapshot is built from `snapshot` each time it is read.
    init(
        name: String, summary: String, snapshot: @autoclosure @escaping @Sendable () -> Snapshot,
        state: DashboardState, unicode: Bool
    ) {
        self.name = name
        self.summary = summary
        makeSnapshot = snapshot
        self.state = state
        self.unicode = unicode
    }

    /// Every scene, in the order the README shows them.
    public static var all: [SampleScene] {
        var demoState = DashboardState()
        demoState.scriptLine = "5/10 the system relaunches the app in the background: it reconciles its registry"
        var help = DashboardState()
        help.overlay = .help
        var details = DashboardState()
        details.selectedTransfer = SnapshotSamples.retryingDownload.transfers.first?.id
        details.overlay = details.selectedTransfer.map { .transferDetails($0) }
        var scheduledFocus = DashboardState()
        scheduledFocus.focus = .scheduled
        return [
            SampleScene(
                name: "demo", summary: "the demo mid-way: resumed, unknown-size, retrying, discretionary, upload",
                snapshot: SnapshotSamples.demoMidway, state: demoState, unicode: true),
            SampleScene(
                name: "relaunch", summary: "the background relaunch: reconciliation report and completion handler",
                snapshot: SnapshotSamples.relaunchReconciliation, state: DashboardState(), unicode: true),
            SampleScene(
                name: "expiring", summary: "a BG task expiring without completing: the watchdog kill and the penalty",
                snapshot: SnapshotSamples.expiringWithPenalty, state: DashboardState(), unicode: true),
            SampleScene(
                name: "retrying", summary: "a retrying download's details: attempts, last error, next attempt",
                snapshot: SnapshotSamples.retryingDownload, state: details, unicode: true),
            SampleScene(
                name: "help", summary: "the ? help overlay: every key", snapshot: SnapshotSamples.demoMidway,
                state: help, unicode: true),
            SampleScene(
                name: "ascii", summary: "the demo without a UTF-8 locale: ASCII bars and boxes",
                snapshot: SnapshotSamples.demoMidway, state: DashboardState(), unicode: false),
            SampleScene(
                name: "empty", summary: "a home with nothing in it and no engine running",
                snapshot: SnapshotSamples.empty, state: DashboardState(), unicode: true),
            SampleScene(
                name: "hostile", summary: "a hostile server name: escapes, bidi, zero-width, wide characters",
                snapshot: SnapshotSamples.hostile, state: DashboardState(), unicode: true),
            SampleScene(
                name: "android",
                summary: "the Android profile: work in every state, foreground services, the rare bucket",
                snapshot: SnapshotSamples.android, state: scheduledFocus, unicode: true),
            SampleScene(
                name: "both", summary: "iOS and Android side by side: requests and work, Doze, the Android app gone",
                snapshot: SnapshotSamples.both, state: scheduledFocus, unicode: true),
        ]
    }

    /// The scene named `name`, if there is one.
    public static func named(_ name: String) -> SampleScene? { all.first { $0.name == name } }

    /// The scene's snapshot `seconds` of virtual time later: the clock and countdowns move, and running
    /// transfers of known speed gain the bytes that speed brings (never past their size).
    public func snapshot(at seconds: Double) -> Snapshot {
        guard seconds.isFinite, seconds > 0 else { return snapshot }
        var moved = snapshot.advanced(by: seconds)
        moved.transfers = moved.transfers.map { transfer in
            guard transfer.state == .running, let speed = transfer.speed, speed > 0 else { return transfer }
            var next = transfer
            let gained = Int64(min(speed * seconds, 1e15))
            next.bytes = transfer.bytesExpected.map { min($0, transfer.bytes + gained) } ?? transfer.bytes + gained
            next.eta = transfer.bytesExpected.map { Double($0 - next.bytes) / speed }
            return next
        }
        return moved
    }

    /// The frame of the scene at `seconds`, for a terminal of `size` with `colors` colours.
    public func render(size: Size, at seconds: Double = 0, colors: Int = 256) -> Screen {
        var state = state
        state.animationFrame = Int(max(0, min(seconds, 1e6)) * 10)
        return DashboardView.render(
            snapshot: snapshot(at: seconds), state: state, size: size,
            capabilities: TerminalCapabilities(colors: colors, unicode: unicode))
    }
}
