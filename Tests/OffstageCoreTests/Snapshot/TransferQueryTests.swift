import Foundation
import OffstageCore
import Testing

/// Which rows a view's transfer list shows and holds: the window moves to the selection and never past the end.
@Suite struct TransferQueryTests {
    @Test func theShownRowsStayWithinTheListAndFollowTheSelection() {
        let query = TransferQuery(first: 95, rows: 10, margin: 16)
        #expect(query.shown(count: 100, selectedPosition: nil) == 90..<100, "never past the end")
        #expect(query.shown(count: 5, selectedPosition: nil) == 0..<5, "a short list shows whole")
        #expect(
            query.shown(count: 100_000, selectedPosition: 50) == 50..<60, "moved up to the selection")
        #expect(
            TransferQuery(first: 0, rows: 10).shown(count: 100_000, selectedPosition: 99_999)
                == 99_990..<100_000)
    }

    @Test func theHeldRowsAreTheShownOnesAndAMarginEachSide() {
        let query = TransferQuery.window(filter: nil, first: 1_000, rows: 20, selected: nil)
        #expect(query.margin == 20)
        #expect(query.held(count: 100_000, selectedPosition: nil) == 980..<1_040)
        #expect(query.held(count: 1_010, selectedPosition: nil) == 970..<1_010)
        #expect(!query.listsEverything && query.histories == false)
        #expect(TransferQuery.all.listsEverything && SnapshotSubscription.everything.isEverything)
    }

    @Test func aFilterMatchesTheNameOrTheURLIgnoringCaseAndIdsAndStatesNarrowIt() {
        let query = TransferQuery(filter: "ISO", states: [.queued])
        #expect(query.lists(id: 1, state: .queued, name: "debian.iso", url: "http://a/x"))
        #expect(query.lists(id: 2, state: .queued, name: "x", url: "http://a/ISO/x"))
        #expect(!query.lists(id: 3, state: .running, name: "debian.iso", url: "http://a/x"))
        #expect(!TransferQuery(ids: [4]).lists(id: 5, state: .queued, name: "a", url: "b"))
    }

    @Test func theTotalsOfRowsCountStatesBytesAndTheRateOfWhatRuns() {
        let rows = [
            TransferSnapshot(
                id: 1, name: "a", url: "u", state: .running, bytes: 300, bytesExpected: 1_000, speed: 100,
                status: .running),
            TransferSnapshot(
                id: 2, name: "b", url: "u", state: .completed, bytes: 500, bytesExpected: 500,
                status: .completed),
            TransferSnapshot(id: 3, name: "c", url: "u", state: .failed, bytes: 50, status: .failed("x")),
        ]
        let totals = TransferTotals(rows: rows)
        #expect(totals.running == 1 && totals.completed == 1 && totals.failed == 1 && totals.count == 3)
        #expect(
            totals.bytesDone == 800 && totals.bytesTotal == 1_500, "a failed task's bytes are left out")
        #expect(totals.speed == 100 && totals.eta == 7)
    }
}
