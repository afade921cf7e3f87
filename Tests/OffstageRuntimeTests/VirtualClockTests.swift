import Foundation
import OffstageClock
import OffstageCore
import OffstageRuntime
import OffstageTestSupport
import Testing

/// The runtime's clock over a manual "real" clock: rates, freezing, jumps, and the real wait for a virtual date.
@Suite("VirtualClock")
struct VirtualClockTests {
    /// A virtual clock over a manual reference, so real time moves only when the test moves it.
    static func clock(_ rate: ClockRate = .real) throws -> (VirtualClock, ManualTimeSource) {
        let real = ManualTimeSource()
        return (try VirtualClock(rate: rate, reference: real), real)
    }

    @Test("at real rate it starts at the reference's readings and runs with it")
    func realRate() throws {
        let (clock, real) = try Self.clock()
        let start = real.now()
        let steady = real.steady()
        #expect(clock.now() == start && clock.steady() == steady)
        real.advance(by: 10)
        #expect(clock.now() == start.addingTimeInterval(10))
        #expect(clock.steady() == steady + 10)
    }

    @Test("a warp runs wall and steady time together, factor times faster")
    func warp() throws {
        let (clock, real) = try Self.clock(.warped(60))
        let start = clock.now()
        let steady = clock.steady()
        real.advance(by: 10)
        #expect(clock.now() == start.addingTimeInterval(600))
        #expect(clock.steady() == steady + 600)
    }

    @Test("changing the rate is continuous: time goes on from where it was, at the new speed")
    func rateChangesAreContinuous() throws {
        let (clock, real) = try Self.clock()
        let start = clock.now()
        real.advance(by: 5)
        try clock.setRate(.warped(600))
        #expect(clock.now() == start.addingTimeInterval(5), "no skip at the change")
        real.advance(by: 1)
        #expect(clock.now() == start.addingTimeInterval(605))
        try clock.setRate(.real)
        #expect(clock.now() == start.addingTimeInterval(605))
        real.advance(by: 1)
        #expect(clock.now() == start.addingTimeInterval(606))
        #expect(clock.rate == .real)
    }

    @Test("a frozen clock stands still until it is unfrozen or jumps")
    func freeze() throws {
        let (clock, real) = try Self.clock()
        try clock.setRate(.frozen)
        let frozen = clock.now()
        let steady = clock.steady()
        real.advance(by: 3600)
        #expect(clock.now() == frozen && clock.steady() == steady)
        clock.jump(by: 30)
        #expect(clock.now() == frozen.addingTimeInterval(30) && clock.steady() == steady + 30)
        try clock.setRate(.warped(10))
        real.advance(by: 1)
        #expect(clock.now() == frozen.addingTimeInterval(40))
    }

    @Test("jumps move both readings forward and never back")
    func jumps() throws {
        let (clock, _) = try Self.clock(.frozen)
        let start = clock.now()
        let steady = clock.steady()
        clock.jump(by: -50)
        clock.jump(by: .nan)
        #expect(clock.now() == start && clock.steady() == steady)
        let target = start.addingTimeInterval(1200)
        let jumped = clock.jump(to: target, overshoot: 0)
        #expect(jumped == 1200)
        #expect(clock.now() == target && clock.steady() == steady + 1200)
        #expect(clock.jump(to: start) == 0, "a date in the past does not move the clock")
        #expect(clock.now() == target)
        clock.jump(to: target.addingTimeInterval(60))
        #expect(clock.now() == target.addingTimeInterval(60.001), "by default a jump lands a millisecond past")
    }

    @Test("the real wait for a virtual date is the virtual wait over the factor; none when frozen")
    func realSeconds() throws {
        let (clock, real) = try Self.clock()
        let deadline = clock.now().addingTimeInterval(600)
        #expect(clock.realSeconds(untilVirtual: deadline) == 600)
        try clock.setRate(.warped(60))
        #expect(clock.realSeconds(untilVirtual: deadline) == 10)
        real.advance(by: 5)
        #expect(clock.realSeconds(untilVirtual: deadline) == 5)
        try clock.setRate(.frozen)
        #expect(clock.realSeconds(untilVirtual: deadline) == nil)
        #expect(clock.realSeconds(untilVirtual: clock.now()) == 0, "a date reached needs no wait, frozen or not")
        real.advance(by: 10)
        try clock.setRate(.warped(600))
        real.advance(by: 1)
        #expect(clock.realSeconds(untilVirtual: deadline) == 0, "a date passed needs no wait")
    }

    @Test("warp factors outside 1…10000 are refused and leave the clock as it was", arguments: [
        0.5, 0, -10, 10_001, Double.infinity, Double.nan,
    ])
    func invalidFactors(factor: Double) throws {
        let (clock, _) = try Self.clock(.warped(10))
        #expect(throws: ClockControlError.self) { try clock.setRate(.warped(factor)) }
        #expect(clock.rate == .warped(10))
        #expect(throws: ClockControlError.self) { try VirtualClock(rate: .warped(factor)) }
    }

    @Test("the edges of the range are accepted")
    func edgeFactors() throws {
        let (clock, _) = try Self.clock()
        try clock.setRate(.warped(1))
        try clock.setRate(.warped(10_000))
        #expect(clock.rate == .warped(10_000))
    }

    @Test("the system clock and a manual clock answer how long to wait as they run")
    func otherTimeSources() {
        let system = SystemTimeSource()
        let wait = system.realSeconds(untilVirtual: system.now().addingTimeInterval(100)) ?? 0
        #expect(wait > 99 && wait <= 100)
        let manual = ManualTimeSource()
        #expect(manual.realSeconds(untilVirtual: manual.now().addingTimeInterval(1)) == nil)
        #expect(manual.realSeconds(untilVirtual: manual.now()) == 0)
    }

    @Test("a manual clock's steady time never goes back, except at a reboot")
    func manualSteady() {
        let manual = ManualTimeSource()
        let steady = manual.steady()
        manual.advance(by: 30)
        #expect(manual.steady() == steady + 30)
        manual.advance(by: -100)
        manual.set(manual.now().addingTimeInterval(-500))
        #expect(manual.steady() == steady + 30)
        manual.set(manual.now().addingTimeInterval(20))
        #expect(manual.steady() == steady + 50)
        manual.restartSteady(at: 0)
        #expect(manual.steady() == 0)
    }
}

/// Sets of the reference's wall clock pass through to the virtual wall clock, as on a device.
@Suite("VirtualClock: wall-clock sets")
struct VirtualClockWallSetTests {
    @Test("setting the reference's wall clock back moves the virtual wall clock by as much; steady time stays")
    func wallSetPassesThrough() throws {
        let real = ManualTimeSource()
        let clock = try VirtualClock(rate: .warped(60), reference: real)
        let start = clock.now()
        let steady = clock.steady()
        real.set(real.now().addingTimeInterval(-3600))
        #expect(clock.now() == start.addingTimeInterval(-3600), "a set is passed through, not warped")
        #expect(clock.steady() == steady)
        real.advance(by: 1)
        #expect(clock.now() == start.addingTimeInterval(-3540))
        #expect(clock.steady() == steady + 60)
    }

    @Test("a drift under a second is not passed through, so the clock does not wobble")
    func smallDriftIgnored() throws {
        let real = ManualTimeSource()
        let clock = try VirtualClock(rate: .frozen, reference: real)
        let frozen = clock.now()
        real.set(real.now().addingTimeInterval(0.5))
        real.advance(by: -0.4)
        #expect(clock.now() == frozen)
    }
}
