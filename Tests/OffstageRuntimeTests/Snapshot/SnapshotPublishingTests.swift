import Foundation
import OffstageCore
import OffstageRuntime
import OffstageStore
import OffstageTestSupport
import Testing

/// Publishing: at most ten a second on the throttle's clock, none when nothing a view shows changed.
@Suite struct SnapshotPublishingTests {
    /// A started runtime that publishes to `published` on a steady clock the test moves by hand.
    private struct Publishing {
        let harness: RuntimeHarness
        let clock = ManualTimeSource()
        let steady = ManualSteadyClock()
        let published = PublishedSnapshots()
        let runtime: DaemonRuntime

        init(adjust: (inout RuntimeOptions) -> Void = { _ in }) throws {
            harness = try RuntimeHarness()
            let (steady, published) = (self.steady, self.published)
            let options = harness.options { options in
                options.untilIdle = false
                options.listens = false
                options.onSnapshot = published.sink
                options.snapshotClock = { steady.now() }
                adjust(&options)
            }
            runtime = DaemonRuntime(home: harness.home, store: harness.store, options: options, time: clock)
            try runtime.start()
        }

        /// Moves the shown clock a second every turn, a turn every 20 ms for 2 s; returns how many got out.
        func clockMovingForTwoSeconds() throws -> Int {
            let before = published.count
            for _ in 0..<100 {
                clock.advance(by: 1)
                steady.advance(by: 0.02)
                try runtime.runOneTurn()
            }
            return published.count - before
        }
    }

    @Test func publishingIsThrottledAndSilentWhenNothingChanges() throws {
        let setup = try Publishing()
        let (runtime, steady, published) = (setup.runtime, setup.steady, setup.published)
        defer { try? runtime.shutdown() }
        try runtime.runOneTurn()
        #expect(published.count == 1, "the first snapshot goes out at once")

        // Nothing changes: the clocks stand still, then only the throttle's clock moves.
        for _ in 0..<20 { try runtime.runOneTurn() }
        for _ in 0..<20 {
            steady.advance(by: 0.5)
            try runtime.runOneTurn()
        }
        #expect(published.count == 1, "nothing changed, nothing published")

        // The shown clock changes every turn, turns come every 20 ms for 2 s: at most 10 a second get out.
        let changed = try setup.clockMovingForTwoSeconds()
        #expect(changed >= 15 && changed <= 21, "\(changed) publications in 2 s")
        #expect(runtime.publishedSnapshots == published.count)
        let sequences = published.last.map(\.sequence)
        #expect(sequences == UInt64(published.count), "sequence counts publications")
    }

    @Test func forADashboardProgressAloneGoesOutTwiceASecondAndAChangeWithinAQuarter() throws {
        let setup = try Publishing { $0.publishForDashboards() }
        let (harness, runtime, steady, published) = (setup.harness, setup.runtime, setup.steady, setup.published)
        defer { try? runtime.shutdown() }
        try runtime.runOneTurn()
        #expect(published.count == 1)

        // Only the shown clock moves (progress), a turn every 20 ms for 2 s: about two a second get out.
        let progress = try setup.clockMovingForTwoSeconds()
        #expect(progress >= 3 && progress <= 5, "\(progress) progress publications in 2 s")

        // A change a view shows beyond progress: out within a quarter of a second of the last publication.
        let before = published.count
        try harness.enqueue(.setConditions(DeviceConditions(network: .offline)))
        var waited = 0.0
        while published.count == before, waited < 1 {
            steady.advance(by: 0.02)
            waited += 0.02
            try runtime.runOneTurn()
        }
        #expect(published.count == before + 1)
        #expect(waited <= 0.27, "the change waited \(waited) s")
        #expect(published.last?.device.conditions.network == .offline)
    }

    @Test func aLoggedLineIsInTheNextSnapshotsEvents() throws {
        let harness = try RuntimeHarness()
        let clock = ManualTimeSource()
        let published = PublishedSnapshots()
        let options = harness.options { options in
            options.untilIdle = false
            options.listens = false
            options.onSnapshot = published.sink
        }
        let runtime = DaemonRuntime(home: harness.home, store: harness.store, options: options, time: clock)
        try runtime.start()
        defer { try? runtime.shutdown() }
        try harness.enqueue(.setConditions(DeviceConditions(network: .offline)))
        try runtime.settle()
        let snapshot = runtime.snapshot()
        #expect(snapshot.device.conditions.network == .offline)
        #expect(snapshot.events.last { $0.kind == .conditionsChanged } != nil)
        #expect(snapshot.events.count <= Snapshot.eventLimit)
    }
}
