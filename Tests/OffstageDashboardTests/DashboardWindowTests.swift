import Foundation
import OffstageCore
import OffstageDashboard
import OffstageTestSupport
import OffstageUI
import Testing

/// A dashboard on a big queue asks the engine for the rows it shows and a page around them, and moves through the
/// whole list as the engine sends the rows it goes to.
@Suite struct DashboardWindowTests {
    let terminal = GridTerminal(size: Size(width: 80, height: 24))
    let clock = ManualFrameClock()

    func rows() -> [String] {
        let screen = terminal.presented
        return (0..<(screen?.height ?? 0)).map { screen?.text(row: $0) ?? "" }
    }

    func step(_ dashboard: DashboardLoop) {
        clock.advance(by: 0.2)
        dashboard.step(wait: false)
    }

    @Test func theDashboardHoldsAWindowOfABigQueueAndReachesItsEnd() throws {
        let full = SnapshotSamples.thousandTransfers(count: 10_000)
        let backend = FakeEngineClient()
        backend.serveWindows(of: full)
        let dashboard = DashboardLoop(terminal: terminal, engine: backend, clock: clock)
        step(dashboard)
        step(dashboard)
        let asked = try #require(backend.subscriptions.last)
        #expect(!asked.isEverything && asked.transfers.rows < 24)
        let held = try #require(dashboard.snapshot)
        #expect(held.transfers.count < 100 && held.listedTransfers == 10_000)
        #expect(rows().contains { $0.contains("of 10000") }, "\(rows())")

        terminal.enqueue(keys: [.end])
        for _ in 0..<3 { step(dashboard) }
        #expect(dashboard.state.selectedTransfer == 10_000, "End reaches the last of 10,000 rows")
        #expect(dashboard.state.transferJump == nil)
        #expect(rows().contains { $0.contains("file-10000.bin") }, "\(rows())")

        terminal.enqueue(keys: [.home])
        for _ in 0..<3 { step(dashboard) }
        #expect(dashboard.state.selectedTransfer == 1)
        #expect(rows().contains { $0.contains("file-1.bin") })
    }

    @Test func aFilterIsTheEnginesAndItsCountIsTheWholeLists() throws {
        let full = SnapshotSamples.thousandTransfers(count: 10_000)
        let backend = FakeEngineClient()
        backend.serveWindows(of: full)
        let dashboard = DashboardLoop(terminal: terminal, engine: backend, clock: clock)
        step(dashboard)
        terminal.enqueue(keys: [.character("/")])
        step(dashboard)
        terminal.enqueue(keys: "file-99".map { .character($0) } + [.enter])
        for _ in 0..<3 { step(dashboard) }
        #expect(backend.subscriptions.last?.transfers.filter == "file-99")
        // file-99, file-990…999, file-9900…9999: 111 rows, of 10,000.
        #expect(rows().contains { $0.contains("filter “file-99”: 111 of 10000") }, "\(rows())")
    }
}
