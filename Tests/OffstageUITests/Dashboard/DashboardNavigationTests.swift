import Foundation
import OffstageCore
import OffstageUI
import Testing

@Suite struct DashboardReducerNavigationTests {
    @Test func theEdgesSaySoAndTheNextKeyClearsTheMessage() {
        let snapshot = ReducerFixture.snapshot()
        var state = ReducerFixture.state(for: snapshot)
        ReducerFixture.press([.up], &state, snapshot)
        #expect(state.message == "already at the first transfer")
        ReducerFixture.press([.down], &state, snapshot)
        #expect(state.message == nil)
        ReducerFixture.press([.end, .character("j")], &state, snapshot)
        #expect(state.message == "already at the last transfer")
        ReducerFixture.press([.tab, .pageDown, .pageDown], &state, snapshot)
        #expect(state.selectedRequest == "com.example.sync")
        #expect(state.message == "already at the last BG task request")
    }

    @Test func emptyPanesSayWhyNothingMoves() {
        let snapshot = ReducerFixture.snapshot(transfers: [], requests: [], running: [])
        var state = ReducerFixture.state(for: snapshot)
        #expect(state.selectedTransfer == nil)
        ReducerFixture.press([.down], &state, snapshot)
        #expect(state.message == "no transfer to select")
        ReducerFixture.press([.enter], &state, snapshot)
        #expect(state.message == "no transfer selected")
        ReducerFixture.press([.tab, .enter], &state, snapshot)
        #expect(state.message == "no BG task request selected")
    }

    @Test func theEventLogScrollsBackFromItsNewestLine() {
        let snapshot = ReducerFixture.snapshot()
        var state = ReducerFixture.state(for: snapshot)
        ReducerFixture.press([.backTab], &state, snapshot, rows: 5)
        #expect(state.focus == .events)
        ReducerFixture.press([.down], &state, snapshot, rows: 5)
        #expect(state.message == "already at the newest event")
        ReducerFixture.press([.up, .up], &state, snapshot, rows: 5)
        #expect(state.eventScroll == 2)
        ReducerFixture.press([.pageUp], &state, snapshot, rows: 5)
        #expect(state.eventScroll == 7)
        ReducerFixture.press([.home], &state, snapshot, rows: 5)
        #expect(state.eventScroll == 15, "20 lines, 5 shown: the oldest line at the top")
        ReducerFixture.press([.up], &state, snapshot, rows: 5)
        #expect(state.message == "already at the oldest event")
        ReducerFixture.press([.end], &state, snapshot, rows: 5)
        #expect(state.eventScroll == 0)
        ReducerFixture.press([.enter], &state, snapshot, rows: 5)
        #expect(state.message == "events have no details: Tab to a transfer or a request for Enter")
        ReducerFixture.press(
            [.character("/")] + ReducerFixture.typing("task 2") + [.enter, .home], &state, snapshot, rows: 5)
        #expect(state.eventScroll == 5, "the filter leaves 10 lines")
    }

    @Test func aLogScrolledBackStaysOnItsLinesAsNewOnesArrive() {
        var snapshot = ReducerFixture.snapshot()
        var state = ReducerFixture.state(for: snapshot)
        ReducerFixture.press([.backTab, .up, .up], &state, snapshot, rows: 5)
        #expect(state.eventScroll == 2)
        let newer = (0..<3).map {
            LogEntry(time: ReducerFixture.now, kind: .started, subject: "task 9", reason: "new \($0)")
        }
        snapshot.events += newer
        DashboardReducer.reconcile(state: &state, snapshot: snapshot)
        #expect(state.eventScroll == 5, "three new lines below: the view moves back by three")
        ReducerFixture.press([.end], &state, snapshot, rows: 5)
        snapshot.events += newer
        DashboardReducer.reconcile(state: &state, snapshot: snapshot)
        #expect(state.eventScroll == 0, "at the newest line, the log follows")
    }

    @Test func theSelectionStaysInTheScrollWindow() {
        let snapshot = ReducerFixture.snapshot()
        var state = ReducerFixture.state(for: snapshot)
        ReducerFixture.press([.end], &state, snapshot, rows: 2)
        #expect(state.transferScroll == 3)
        ReducerFixture.press([.up, .up], &state, snapshot, rows: 2)
        #expect(state.selectedTransfer == 3)
        #expect(state.transferScroll == 2)
        _ = DashboardReducer.handle(
            .resize(Size(width: 80, height: 40)), state: &state, snapshot: snapshot, visibleRows: 10, hit: { _ in nil })
        #expect(state.transferScroll == 0, "a taller pane shows every row from the first")
        state.eventScroll = 19
        _ = DashboardReducer.handle(
            .resize(Size(width: 80, height: 40)), state: &state, snapshot: snapshot, visibleRows: 10, hit: { _ in nil })
        #expect(state.eventScroll == 10)
    }

    @Test func unknownKeysSayWhy() {
        let snapshot = ReducerFixture.snapshot()
        var state = ReducerFixture.state(for: snapshot)
        ReducerFixture.press([.character("z")], &state, snapshot)
        #expect(state.message == "z does nothing: ? lists the keys")
        ReducerFixture.press([.function(5)], &state, snapshot)
        #expect(state.message == "F5 does nothing here: ? lists the keys")
        #expect(ReducerFixture.press([.control("c")], &state, snapshot).isEmpty)
        #expect(state.message == "q quits")
        ReducerFixture.press([.character("?"), .character("p")], &state, snapshot)
        #expect(state.message == "the help is open: ? or Esc closes it")
        #expect(ReducerFixture.press([.control("l")], &state, snapshot) == [.redrawAll], "Ctrl-L works over the help")
        #expect(ReducerFixture.press([.character("q")], &state, snapshot) == [.quit], "q quits from the help")
    }

    @Test func detailsFollowTheSelectionAndActionsActOnIt() {
        let snapshot = ReducerFixture.snapshot()
        var state = ReducerFixture.state(for: snapshot)
        ReducerFixture.press([.enter, .down], &state, snapshot)
        #expect(state.overlay == .transferDetails(2))
        ReducerFixture.press([.tab], &state, snapshot)
        #expect(state.message == "Esc closes the details first")
        #expect(ReducerFixture.press([.character("p")], &state, snapshot) == [.send(.resume(id: 2))])
        #expect(state.overlay == .transferDetails(2))
        ReducerFixture.press([.escape], &state, snapshot)
        #expect(state.overlay == nil)
    }

    @Test func aClickSelectsAndFocusesAndTheWheelScrollsThePaneUnderIt() {
        let snapshot = ReducerFixture.snapshot()
        var state = ReducerFixture.state(for: snapshot)
        func mouse(_ kind: MouseEvent.Kind, _ target: HitTarget?) {
            _ = DashboardReducer.handle(
                .mouse(MouseEvent(kind: kind, x: 3, y: 4)), state: &state, snapshot: snapshot, visibleRows: 3,
                hit: { _ in target })
        }
        mouse(.click, .request("com.example.sync"))
        #expect(state.focus == .scheduled)
        #expect(state.selectedRequest == "com.example.sync")
        mouse(.click, .transfer(4))
        #expect(state.focus == .transfers)
        #expect(state.selectedTransfer == 4)
        mouse(.click, .transfer(99))
        #expect(state.selectedTransfer == 4, "a row the pane does not list is not selected")
        mouse(.click, .pane(.events))
        #expect(state.focus == .events)
        mouse(.wheelUp, .event(3))
        #expect(state.eventScroll == 3)
        mouse(.wheelDown, .transfer(4))
        #expect(state.selectedTransfer == 5)
        #expect(state.focus == .events, "the wheel does not move the focus")
        mouse(.wheelDown, .transfer(5))
        #expect(state.message == nil, "the wheel is quiet at an edge")
        mouse(.wheelDown, nil)
        #expect(state.eventScroll == 0, "no target: the focused pane scrolls")
        state.overlay = .help
        mouse(.click, .transfer(1))
        #expect(state.selectedTransfer == 5, "the mouse does not reach under an overlay")
    }

    @Test func reconcileKeepsTheSelectionOnTheNearestRow() {
        var snapshot = ReducerFixture.snapshot()
        var state = ReducerFixture.state(for: snapshot)
        #expect(state.selectedTransfer == 1)
        #expect(state.selectedRequest == "com.example.refresh")
        state.selectedTransfer = 3
        snapshot.transfers.removeAll { $0.id == 3 }
        DashboardReducer.reconcile(state: &state, snapshot: snapshot)
        #expect(state.selectedTransfer == 4, "the row that took its place")
        snapshot.transfers.removeAll { $0.id >= 4 }
        DashboardReducer.reconcile(state: &state, snapshot: snapshot)
        #expect(state.selectedTransfer == 2, "the last row when it was last")

        state.selectedRequest = "com.example.maintenance"
        DashboardReducer.reconcile(state: &state, snapshot: snapshot)
        snapshot.requests.removeAll { $0.id == "com.example.maintenance" }
        DashboardReducer.reconcile(state: &state, snapshot: snapshot)
        #expect(state.selectedRequest == "com.example.sync", "the row below moved up into its place")

        state.overlay = .requestDetails("com.example.sync")
        snapshot.runningTasks = []
        DashboardReducer.reconcile(state: &state, snapshot: snapshot)
        #expect(state.overlay == nil)
        #expect(state.message == "com.example.sync is no longer pending or running")
        #expect(state.selectedRequest == "com.example.refresh")

        state.overlay = .transferDetails(2)
        snapshot.transfers = []
        snapshot.requests = []
        DashboardReducer.reconcile(state: &state, snapshot: snapshot)
        #expect(state.overlay == nil)
        #expect(state.message == "task 2 is gone")
        #expect(state.selectedTransfer == nil)
        #expect(state.selectedRequest == nil)
    }

    @Test func aRequestResubmittedWhileItRunsIsOneSelection() {
        var snapshot = ReducerFixture.snapshot()
        snapshot.runningTasks = [
            RunningTaskSnapshot(
                identifier: "com.example.refresh", kind: .appRefresh, launchedAt: ReducerFixture.now, expiresIn: 20,
                deadlineIn: 30)
        ]
        var state = ReducerFixture.state(for: snapshot)
        #expect(DashboardRows.scheduled(snapshot, filter: nil).count == 3)
        #expect(
            DashboardRows.scheduledIdentifiers(snapshot, filter: nil) == [
                "com.example.refresh", "com.example.maintenance",
            ])
        ReducerFixture.press([.tab, .end], &state, snapshot)
        #expect(state.selectedRequest == "com.example.maintenance")
        #expect(ReducerFixture.press([.home, .character("l")], &state, snapshot).isEmpty)
        #expect(state.message == "com.example.refresh is already running: x expires it")
        #expect(
            ReducerFixture.press([.character("x")], &state, snapshot) == [
                .send(.expireTask(identifier: "com.example.refresh"))
            ])
    }
}
