import Foundation
import OffstageCore
import OffstageTestSupport
import OffstageUI
import Testing

@Suite struct DashboardViewTests {
    let size = Size(width: 80, height: 24)
    let capabilities = TerminalCapabilities(colors: 256, unicode: true)

    /// Every row of the frame of `snapshot` under `state`.
    func rows(_ snapshot: Snapshot, _ state: DashboardState = DashboardState(), size: Size? = nil) -> [String] {
        let screen = DashboardView.render(
            snapshot: snapshot, state: state, size: size ?? self.size, capabilities: capabilities)
        return (0..<screen.height).map { screen.text(row: $0) }
    }

    @Test func emptyStatesSayWhatToDo() {
        let text = rows(SnapshotSamples.empty).joined(separator: "\n")
        #expect(text.contains("no transfers — press a to add one"))
        #expect(text.contains("no BG task requests — press s to schedule one"))
        #expect(text.contains("engine not running"))
    }

    @Test func theMessageAndTheScriptLineAreOnTheBottomRows() {
        var state = DashboardState()
        state.message = "no transfer selected"
        state.scriptLine = "step 4/12: the system terminates the app mid-download"
        let lines = rows(SnapshotSamples.demoMidway, state)
        #expect(lines[23].contains("no transfer selected"))
        #expect(lines[23].contains("? help"))
        #expect(lines[22].contains("demo ▸ step 4/12: the system terminates the app mid-download"))
    }

    @Test("a narration too long for one row takes two on a tall screen, so it is read whole; one row on a short one")
    func aLongScriptLineWraps() {
        var state = DashboardState()
        let narration =
            "4/9 the app goes unused for days, so Android puts it in the rare bucket: its jobs get a window once a day"
        state.scriptLine = narration
        let tall = rows(SnapshotSamples.demoMidway, state, size: Size(width: 100, height: 30))
        #expect(tall[27].hasPrefix(" demo ▸ 4/9 the app goes unused for days"), "\(tall[27])")
        #expect(tall[28].hasPrefix("        ") && tall[28].contains("once a day"), "\(tall[28])")
        #expect(tall[29].contains("? help"))
        let short = rows(SnapshotSamples.demoMidway, state, size: Size(width: 100, height: 16))
        #expect(short[14].hasPrefix(" demo ▸ 4/9") && short[14].contains("…"), "\(short[14])")
    }

    @Test func scrollingTheEventLogMovesItBackFromTheNewestLine() throws {
        let snapshot = SnapshotSamples.demoMidway
        let newest = try #require(snapshot.events.last)
        var state = DashboardState()
        #expect(rows(snapshot, state).contains { $0.contains(newest.reason) })
        state.eventScroll = 2
        let scrolled = rows(snapshot, state)
        #expect(!scrolled.contains { $0.contains(newest.reason) })
        #expect(scrolled.contains { $0.contains("scrolled back 2") })
        let third = snapshot.events[snapshot.events.count - 3]
        let keyBar = 23
        #expect(scrolled[keyBar - 1].contains(third.reason.prefix(30)))
    }

    @Test func theFilterMatchesNameOrURLIgnoringCase() {
        var state = DashboardState()
        state.filters[.transfers] = "FAULTS/503"
        let lines = rows(SnapshotSamples.demoMidway, state)
        let end = lines.firstIndex { $0.hasPrefix(" Scheduled") } ?? lines.count
        let pane = lines[0..<end]
        #expect(pane.contains { $0.contains("photos.zip") })
        #expect(!pane.contains { $0.contains("ubuntu.iso") })
        #expect(pane.contains { $0.contains("1 of 7") })
    }

    @Test func anUnknownSizeNeverShowsAPercentage() throws {
        let lines = rows(SnapshotSamples.demoMidway)
        let feed = try #require(lines.first { $0.contains("feed.json") })
        #expect(!feed.contains("%"))
        #expect(feed.contains("size unknown"))
        // The animation moves with the frame counter.
        var state = DashboardState()
        state.animationFrame = 7
        let moved = try #require(rows(SnapshotSamples.demoMidway, state).first { $0.contains("feed.json") })
        #expect(moved != feed)
    }

    @Test func theSelectionStaysInViewInALongList() {
        var state = DashboardState()
        state.selectedTransfer = 1000
        let lines = rows(SnapshotSamples.thousandTransfers(count: 1000), state, size: Size(width: 120, height: 40))
        #expect(lines.contains { $0.contains("file-1000.bin") })
        #expect(lines.contains { $0.contains("+") && $0.contains("more") })
    }

    @Test func everySizeFromTheMinimumUpDrawsFullRows() {
        for width in [40, 57, 80, 133] {
            for height in [10, 12, 24, 41] {
                let screen = DashboardView.render(
                    snapshot: SnapshotSamples.hostile, state: DashboardState(),
                    size: Size(width: width, height: height),
                    capabilities: capabilities)
                for row in 0..<height { #expect(DisplayWidth.of(screen.text(row: row)) == width) }
                #expect(!screen.text(row: 0).contains("too small"))
            }
        }
        let small = DashboardView.render(
            snapshot: SnapshotSamples.demoMidway, state: DashboardState(), size: Size(width: 39, height: 24),
            capabilities: capabilities)
        #expect((0..<24).contains { small.text(row: $0).contains("terminal too small") })
    }
}

/// What the dashboard says about a download that started again from zero.
@Suite struct DashboardRestartTests {
    @Test func theDetailsSayItStartedAgainFromZeroAndWhy() throws {
        var snapshot = SnapshotSamples.demoMidway
        let index = try #require(snapshot.transfers.firstIndex { $0.status == .running })
        snapshot.transfers[index].resumedFrom = 0
        snapshot.transfers[index].restart = TransferRestart(
            reason: "the file changed on the server (ETag \"v1\" → \"v2\")", droppedBytes: 50_300_000,
            at: snapshot.clock.now)
        var state = DashboardState()
        state.overlay = .transferDetails(snapshot.transfers[index].id)
        let screen = DashboardView.render(
            snapshot: snapshot, state: state, size: Size(width: 120, height: 40),
            capabilities: TerminalCapabilities(colors: 256, unicode: true))
        let text = (0..<screen.height).map { screen.text(row: $0) }.joined(separator: "\n")
        #expect(
            text.contains("restarted     from zero at 50.3 MB: the file changed on the server (ETag \"v1\" → \"v2\")"),
            "\(text)")
        #expect(!text.contains("already there"), "no resumed bytes: \(text)")
    }
}

/// The dashboard says a running transfer is stalled when the engine does, in its row and its details.
@Suite struct DashboardStallTests {
    @Test func theRowAndTheDetailsSayStalled() throws {
        var snapshot = SnapshotSamples.demoMidway
        let index = try #require(snapshot.transfers.firstIndex { $0.status == .running && $0.bytesExpected != nil })
        snapshot.transfers[index].stalledSince = snapshot.clock.now.addingTimeInterval(-30)
        snapshot.transfers[index].eta = nil
        snapshot.transfers[index].speed = nil
        let size = Size(width: 120, height: 40)
        let capabilities = TerminalCapabilities(colors: 256, unicode: true)
        func text(_ state: DashboardState) -> String {
            let screen = DashboardView.render(snapshot: snapshot, state: state, size: size, capabilities: capabilities)
            return (0..<screen.height).map { screen.text(row: $0) }.joined(separator: "\n")
        }
        let name = snapshot.transfers[index].name
        let row = try #require(text(DashboardState()).split(separator: "\n").first { $0.contains(name) })
        #expect(row.contains("stalled 30 s"), "\(row)")
        var details = DashboardState()
        details.overlay = .transferDetails(snapshot.transfers[index].id)
        #expect(text(details).contains("running, stalled 30 s"), "\(text(details))")
    }
}
