import Foundation
import OffstageCore
import OffstageUI
import Testing

/// A frame rendered with a `RenderCache` is the frame rendered without one, whatever changed since the last.
@Suite struct RenderCacheTests {
    /// One step of a session: what the next frame is rendered from.
    struct Step {
        /// The snapshot.
        var snapshot: Snapshot
        /// The dashboard's state.
        var state: DashboardState
        /// The terminal's size.
        var size: Size
        /// The terminal's abilities.
        var capabilities: TerminalCapabilities
    }

    /// Renders `steps` in order with one cache and checks each frame against an uncached render.
    func expectSameFrames(_ steps: [Step]) {
        var cache = RenderCache()
        for (index, step) in steps.enumerated() {
            let cached = DashboardView.render(
                snapshot: step.snapshot, state: step.state, size: step.size, capabilities: step.capabilities,
                cache: &cache)
            let fresh = DashboardView.render(
                snapshot: step.snapshot, state: step.state, size: step.size, capabilities: step.capabilities)
            #expect(cached == fresh, "step \(index)")
        }
    }

    @Test func aSessionOfChangesDrawsTheSameFramesAsWithoutTheCache() {
        let unicode = TerminalCapabilities(colors: 256, unicode: true)
        let ascii = TerminalCapabilities(colors: 8, unicode: false)
        let big = Size(width: 120, height: 40)
        var snapshot = SnapshotSamples.demoMidway
        var state = DashboardState()
        var steps = [Step(snapshot: snapshot, state: state, size: big, capabilities: unicode)]
        // Progress only: the events pane is copied.
        for second in 1...3 {
            snapshot.clock.now = snapshot.clock.now.addingTimeInterval(Double(second))
            if let index = snapshot.transfers.indices.first { snapshot.transfers[index].bytes += 1_000 }
            steps.append(Step(snapshot: snapshot, state: state, size: big, capabilities: unicode))
        }
        // A new event line, then focus, scroll and filter on the log.
        snapshot.events.append(
            LogEntry(time: snapshot.clock.now, kind: .bgExpired, subject: "task 9", reason: "a new line"))
        steps.append(Step(snapshot: snapshot, state: state, size: big, capabilities: unicode))
        state.focus = .events
        steps.append(Step(snapshot: snapshot, state: state, size: big, capabilities: unicode))
        state.eventScroll = 2
        steps.append(Step(snapshot: snapshot, state: state, size: big, capabilities: unicode))
        state.filters[.events] = "task"
        steps.append(Step(snapshot: snapshot, state: state, size: big, capabilities: unicode))
        // An overlay over the panes, then gone again.
        state.overlay = .help
        steps.append(Step(snapshot: snapshot, state: state, size: big, capabilities: unicode))
        state.overlay = nil
        steps.append(Step(snapshot: snapshot, state: state, size: big, capabilities: unicode))
        steps.append(Step(snapshot: snapshot, state: state, size: big, capabilities: unicode))
        // A script line (the panes move up), another size, a too-small one, another character set.
        state.scriptLine = "step 4/12: the system terminates the app mid-download"
        steps.append(Step(snapshot: snapshot, state: state, size: big, capabilities: unicode))
        steps.append(Step(snapshot: snapshot, state: state, size: Size(width: 80, height: 24), capabilities: unicode))
        steps.append(Step(snapshot: snapshot, state: state, size: Size(width: 20, height: 5), capabilities: unicode))
        steps.append(Step(snapshot: snapshot, state: state, size: big, capabilities: unicode))
        steps.append(Step(snapshot: snapshot, state: state, size: big, capabilities: ascii))
        steps.append(Step(snapshot: snapshot, state: state, size: big, capabilities: ascii))
        // A snapshot with a hostile name and one with no events.
        steps.append(Step(snapshot: SnapshotSamples.hostile, state: state, size: big, capabilities: unicode))
        steps.append(Step(snapshot: SnapshotSamples.empty, state: state, size: big, capabilities: unicode))
        steps.append(Step(snapshot: SnapshotSamples.empty, state: state, size: big, capabilities: unicode))
        expectSameFrames(steps)
    }

    @Test func anUnchangedLogIsCopiedAndStillMatches() {
        // Two frames of one snapshot whose clock moved: the second copies the events pane from the first.
        let capabilities = TerminalCapabilities(colors: 256, unicode: true)
        let size = Size(width: 120, height: 40)
        var later = SnapshotSamples.thousandTransfers(count: 50)
        let first = later
        later.clock.now = later.clock.now.addingTimeInterval(1)
        expectSameFrames([
            Step(snapshot: first, state: DashboardState(), size: size, capabilities: capabilities),
            Step(snapshot: later, state: DashboardState(), size: size, capabilities: capabilities),
        ])
    }
}
