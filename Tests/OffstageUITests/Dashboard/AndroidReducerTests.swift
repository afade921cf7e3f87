import Foundation
import OffstageCore
import OffstageUI
import Testing

/// The reducer over Android work rows: selection across both platforms, details, clicks and filters (the keys'
/// table is `AndroidKeyTableTests`).
@Suite struct AndroidReducerTests {
    @Test func theSelectionMovesFromIOSRequestsIntoWorkAndBack() {
        let snapshot = SnapshotSamples.both
        var state = DashboardState()
        state.focus = .scheduled
        DashboardReducer.reconcile(state: &state, snapshot: snapshot)
        #expect(state.selectedRequest == "com.example.refresh")
        ReducerFixture.press([.down, .down], &state, snapshot)
        #expect(state.selectedRequest == nil)
        #expect(state.selectedWork == "0b9e3f12-feed")
        ReducerFixture.press([.enter], &state, snapshot)
        #expect(state.overlay == .workDetails("0b9e3f12-feed"))
        ReducerFixture.press([.down], &state, snapshot)
        #expect(state.overlay == .workDetails("2b3c4d5e-thumbs"), "moving in the details shows the next row's")
        ReducerFixture.press([.escape, .home], &state, snapshot)
        #expect(state.selectedRequest == "com.example.refresh")
        #expect(state.selectedWork == nil)
        ReducerFixture.press([.end], &state, snapshot)
        #expect(state.selectedWork == "77aa0e51-analytics", "finished work is listed last")
    }

    @Test func aWorkIDSpelledLikeARequestIdentifierIsItsOwnRow() {
        var snapshot = SnapshotSamples.both
        snapshot.android?.work = [
            WorkSnapshot(id: "com.example.refresh", name: "clash", state: .enqueued, reason: .eligible)
        ]
        let keys = DashboardRows.scheduledKeys(snapshot, filter: nil)
        #expect(
            keys == [
                .request("com.example.refresh"), .request("com.example.maintenance"), .work("com.example.refresh"),
            ])
        var state = DashboardState()
        state.focus = .scheduled
        DashboardReducer.reconcile(state: &state, snapshot: snapshot)
        ReducerFixture.press([.end, .enter], &state, snapshot)
        #expect(state.overlay == .workDetails("com.example.refresh"))
    }

    @Test func aClickOnAWorkRowSelectsIt() {
        let snapshot = SnapshotSamples.android
        let size = Size(width: 80, height: 24)
        var state = DashboardState()
        DashboardReducer.reconcile(state: &state, snapshot: snapshot)
        let screen = DashboardView.render(
            snapshot: snapshot, state: state, size: size, capabilities: TerminalCapabilities(colors: 256, unicode: true)
        )
        let row = (0..<screen.height).first { screen.text(row: $0).contains("cleanup-cache") } ?? -1
        let target = DashboardView.hitTest(x: 5, y: row, snapshot: snapshot, state: state, size: size)
        #expect(target == .work("9a6b2c11-cleanup"))
        _ = DashboardReducer.handle(
            .mouse(MouseEvent(kind: .click, x: 5, y: row)), state: &state, snapshot: snapshot, visibleRows: 5,
            hit: { _ in target })
        #expect(state.focus == .scheduled)
        #expect(state.selectedWork == "9a6b2c11-cleanup")
    }

    @Test func detailsOfPrunedWorkClose() {
        var snapshot = SnapshotSamples.android
        var state = DashboardState()
        state.overlay = .workDetails("b0b0cafe-export")
        snapshot.android?.work.removeAll { $0.id == "b0b0cafe-export" }
        DashboardReducer.reconcile(state: &state, snapshot: snapshot)
        #expect(state.overlay == nil)
        #expect(state.message == "work b0b0cafe-export is gone (pruned)")
    }

    @Test func theFilterMatchesWorkByNameTagStateOrReason() {
        let snapshot = SnapshotSamples.android
        #expect(DashboardRows.work(snapshot, filter: "MAINTENANCE").map(\.name) == ["cleanup-cache", "compress-logs"])
        #expect(DashboardRows.work(snapshot, filter: "blocked").map(\.name) == ["compress-logs"])
        #expect(DashboardRows.work(snapshot, filter: "backoff").map(\.name) == ["send-report"])
        #expect(DashboardRows.work(SnapshotSamples.demoMidway, filter: nil).isEmpty)
    }

    @Test func anEmptyAndroidPaneSaysWhyMovingDoesNothing() {
        var snapshot = SnapshotSamples.android
        snapshot.android?.work = []
        var state = DashboardState()
        state.focus = .scheduled
        DashboardReducer.reconcile(state: &state, snapshot: snapshot)
        ReducerFixture.press([.down], &state, snapshot)
        #expect(state.message == "no work request to select")
        ReducerFixture.press([.enter], &state, snapshot)
        #expect(state.message == "no work request selected")
    }
}
