import Foundation
import OffstageCore
import OffstageUI
import Testing

@Suite struct DashboardReducerRowsTests {
    @Test(
        arguments: [
            (nil, [Int64(1), 2, 3, 4, 5]),
            ("", [1, 2, 3, 4, 5]),
            ("ISO", [1]),
            ("upload.example", [4]),
            ("example.com", [1, 2, 3, 5]),
            ("paused", []),
        ] as [(String?, [Int64])])
    func transfersMatchTheirNameOrURLIgnoringCase(_ filter: String?, _ ids: [Int64]) {
        #expect(DashboardRows.transfers(ReducerFixture.snapshot(), filter: filter).map(\.id) == ids)
    }

    @Test func scheduledListsPendingRequestsThenRunningTasks() {
        let snapshot = ReducerFixture.snapshot()
        #expect(
            DashboardRows.scheduled(snapshot, filter: nil).map(\.identifier) == [
                "com.example.refresh", "com.example.maintenance", "com.example.sync",
            ])
        #expect(DashboardRows.scheduled(snapshot, filter: "POWER").map(\.identifier) == ["com.example.maintenance"])
        #expect(DashboardRows.scheduled(snapshot, filter: "sync") == [.running(ReducerFixture.running)])
    }

    @Test func eventsKeepTheirIndexInTheSnapshot() {
        let rows = DashboardRows.events(ReducerFixture.snapshot(), filter: "line 1")
        #expect(rows.map(\.index) == [1, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19])
        #expect(rows.allSatisfy { $0.entry.reason.hasPrefix("line 1") })
    }
}
