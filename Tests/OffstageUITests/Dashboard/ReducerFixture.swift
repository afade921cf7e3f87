import Foundation
import OffstageCore
import OffstageUI

/// A hand-built snapshot and helpers that drive `DashboardReducer` with keys, as a terminal would.
enum ReducerFixture {
    /// The snapshot's clock.
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// Five transfers in id order, one of each interesting state.
    static let transfers: [TransferSnapshot] = [
        TransferSnapshot(
            id: 1, name: "ubuntu.iso", url: "https://example.com/ubuntu.iso", state: .running, status: .running),
        TransferSnapshot(
            id: 2, name: "feed.json", url: "https://example.com/feed.json", state: .paused, status: .paused(nil)),
        TransferSnapshot(
            id: 3, name: "done.bin", url: "https://example.com/done.bin", state: .completed, status: .completed),
        TransferSnapshot(
            id: 4, name: "backup.tar", kind: .upload, url: "https://upload.example.org/backup.tar", state: .queued,
            status: .waiting("discretionary")),
        TransferSnapshot(
            id: 5, name: "broken.zip", url: "https://example.com/broken.zip", state: .failed,
            status: .failed("HTTP 500")),
    ]

    /// Two pending requests, then one running task.
    static let requests: [RequestSnapshot] = [
        RequestSnapshot(
            request: BGTaskRequest(identifier: "com.example.refresh", kind: .appRefresh), submittedAt: now,
            reason: .eligible(nextWakeIn: nil), reasonText: "eligible"),
        RequestSnapshot(
            request: BGTaskRequest(identifier: "com.example.maintenance", kind: .processing), submittedAt: now,
            reason: .eligible(nextWakeIn: nil), reasonText: "waiting: needs external power"),
    ]

    /// The running task.
    static let running = RunningTaskSnapshot(
        identifier: "com.example.sync", kind: .processing, launchedAt: now, expiresIn: 25, deadlineIn: 30)

    /// Twenty event-log lines, the even ones about task 1.
    static let events: [LogEntry] = (0..<20).map { index in
        LogEntry(
            time: now.addingTimeInterval(Double(index - 20)), kind: index.isMultiple(of: 2) ? .started : .paused,
            subject: index.isMultiple(of: 2) ? "task 1" : "task 2", reason: "line \(index)")
    }

    /// The fixture snapshot: app in the background with a delivery waiting, a deadline a minute ahead.
    static func snapshot(
        transfers: [TransferSnapshot] = transfers, requests: [RequestSnapshot] = requests,
        running: [RunningTaskSnapshot] = [running],
        app: AppSnapshot = AppSnapshot(phase: .background, waitingDeliveries: 1),
        device: DeviceSnapshot = DeviceSnapshot(), rate: ClockRate = .real,
        nextDeadline: Date? = now.addingTimeInterval(60)
    ) -> Snapshot {
        Snapshot(
            clock: ClockSnapshot(now: now, rate: rate, nextDeadline: nextDeadline),
            engine: EngineSnapshot(role: .hosting, pid: 42, home: "/tmp/home"), device: device, app: app,
            transfers: transfers, requests: requests, runningTasks: running, events: events)
    }

    /// A fresh state reconciled with the snapshot (first rows selected).
    static func state(for snapshot: Snapshot = snapshot()) -> DashboardState {
        var state = DashboardState()
        DashboardReducer.reconcile(state: &state, snapshot: snapshot)
        return state
    }

    /// A key per character of the text.
    static func typing(_ text: String) -> [Key] { text.map(Key.character) }

    /// Feeds keys one by one; returns every effect, in order.
    @discardableResult
    static func press(
        _ keys: [Key], _ state: inout DashboardState, _ snapshot: Snapshot, rows: Int = 3
    ) -> [DashboardEffect] {
        keys.flatMap { key in
            DashboardReducer.handle(.key(key), state: &state, snapshot: snapshot, visibleRows: rows, hit: { _ in nil })
        }
    }

    /// Feeds keys as `press` does, and applies clock-rate effects to the snapshot, as the host's next
    /// publication would.
    static func pressApplyingClock(
        _ keys: [Key], _ state: inout DashboardState, _ snapshot: inout Snapshot
    ) -> [DashboardEffect] {
        keys.flatMap { key in
            let effects = press([key], &state, snapshot)
            for case .setClockRate(let rate) in effects { snapshot.clock.rate = rate }
            return effects
        }
    }
}
