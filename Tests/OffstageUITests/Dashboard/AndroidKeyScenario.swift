import Foundation
import OffstageCore
import OffstageUI
import Testing

/// One row of the Android and side-by-side key tables: keys pressed on a sample snapshot from a chosen selection,
/// and exactly the effects and state that must follow.
struct AndroidKeyScenario: Sendable, CustomTestStringConvertible {
    /// The `KeyBinding` label it covers.
    let label: String
    /// What the row is about, for the report.
    let about: String
    /// The snapshot the keys are pressed against.
    let snapshot: Snapshot
    /// Where the selection starts.
    var focus: DashboardState.Pane = .scheduled
    /// The work row selected at the start (nil: the first row of the focused pane, as reconciliation picks it).
    var work: String? = nil
    /// The keys, in order.
    let keys: [Key]
    /// The effects expected, all of them, in order.
    let effects: [DashboardEffect]
    /// What the key bar must say afterwards (nil: anything).
    var message: String? = nil
    /// What else must hold of the state afterwards.
    var holds: @Sendable (DashboardState) -> Bool = { _ in true }

    /// The label and what it is about.
    var testDescription: String { "\(snapshot.platform.rawValue) \(label): \(about)" }

    /// The starting state: focus, then the selection.
    func start() -> DashboardState {
        var state = DashboardState()
        state.focus = focus
        DashboardReducer.reconcile(state: &state, snapshot: snapshot)
        if let work { state.selectedScheduled = .work(work) }
        return state
    }

    /// The Android sample with the app's process in this phase.
    static func android(phase: AndroidProcessSnapshot.Phase = .background, services: Bool = true) -> Snapshot {
        var snapshot = SnapshotSamples.android
        snapshot.android?.process.phase = phase
        if !services { snapshot.android?.foregroundServices = [] }
        return snapshot
    }

    /// The side-by-side sample with the Android process in this phase.
    static func both(phase: AndroidProcessSnapshot.Phase = .gone) -> Snapshot {
        var snapshot = SnapshotSamples.both
        snapshot.android?.process.phase = phase
        return snapshot
    }

    /// The Android sample with the demo foreground service running.
    static var androidWithDemoService: Snapshot {
        var snapshot = SnapshotSamples.android
        snapshot.android?.foregroundServices.append(
            ForegroundServiceSnapshot(name: "demo-service", notification: "demo", startedAt: snapshot.clock.now))
        return snapshot
    }
}
