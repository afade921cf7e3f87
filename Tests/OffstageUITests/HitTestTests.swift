import OffstageCore
import OffstageTestSupport
import OffstageUI
import Testing

@Suite struct HitTestTests {
    let size = Size(width: 80, height: 24)

    /// The row on which `text` is drawn in `screen`.
    func row(of text: String, in screen: Screen) -> Int? {
        (0..<screen.height).first { screen.text(row: $0).contains(text) }
    }

    @Test func aClickOnATransferRowHitsThatTransfer() throws {
        let snapshot = SnapshotSamples.demoMidway
        let state = DashboardState()
        let screen = DashboardView.render(
            snapshot: snapshot, state: state, size: size, capabilities: TerminalCapabilities(colors: 256, unicode: true))
        let y = try #require(row(of: "photos.zip", in: screen))
        #expect(DashboardView.hitTest(x: 10, y: y, snapshot: snapshot, state: state, size: size) == .transfer(3))
        let title = try #require(row(of: "Transfers", in: screen))
        #expect(DashboardView.hitTest(x: 3, y: title, snapshot: snapshot, state: state, size: size) == .pane(.transfers))
    }

    @Test func aClickOnARequestAndAnEventHitsThem() throws {
        let snapshot = SnapshotSamples.demoMidway
        let state = DashboardState()
        let screen = DashboardView.render(
            snapshot: snapshot, state: state, size: size, capabilities: TerminalCapabilities(colors: 256, unicode: true))
        let request = try #require(row(of: "com.example.mainte", in: screen))
        #expect(DashboardView.hitTest(x: 5, y: request, snapshot: snapshot, state: state, size: size) == .request("com.example.maintenance"))
        let event = try #require(row(of: "report.pdf into", in: screen))
        let index = try #require(snapshot.events.firstIndex { $0.reason.hasPrefix("report.pdf into") })
        #expect(DashboardView.hitTest(x: 5, y: event, snapshot: snapshot, state: state, size: size) == .event(index))
    }

    @Test func aScrolledListHitsTheRowDrawnThere() throws {
        let snapshot = SnapshotSamples.thousandTransfers(count: 1000)
        var state = DashboardState()
        state.selectedTransfer = 700
        let big = Size(width: 120, height: 40)
        let screen = DashboardView.render(
            snapshot: snapshot, state: state, size: big, capabilities: TerminalCapabilities(colors: 256, unicode: true))
        let y = try #require(row(of: "file-700.bin", in: screen))
        #expect(DashboardView.hitTest(x: 4, y: y, snapshot: snapshot, state: state, size: big) == .transfer(700))
    }

    @Test func nothingIsHitUnderAnOverlayOrOnATooSmallTerminal() {
        var state = DashboardState()
        state.overlay = .help
        #expect(DashboardView.hitTest(x: 5, y: 3, snapshot: SnapshotSamples.demoMidway, state: state, size: size) == nil)
        #expect(
            DashboardView.hitTest(x: 5, y: 3, snapshot: SnapshotSamples.demoMidway, state: DashboardState(), size: Size(width: 30, height: 8))
                == nil)
    }
}

@Suite struct VisibleRowsTests {
    @Test func theReducerLearnsEachPanesRowsAndFirstRow() throws {
        var state = DashboardState()
        state.selectedTransfer = 700
        let rows = DashboardView.visibleRows(
            snapshot: SnapshotSamples.thousandTransfers(count: 1000), state: state, size: Size(width: 120, height: 40))
        let transfers = try #require(rows[.transfers])
        #expect(transfers.count > 10)
        #expect(transfers.first <= 699 && 699 < transfers.first + transfers.count)
        #expect(DashboardView.visibleRows(snapshot: SnapshotSamples.empty, state: state, size: Size(width: 30, height: 8)).isEmpty)
    }
}
