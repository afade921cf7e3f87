import Foundation
import OffstageCore
import Testing

/// An expected Doze reading with dates as offsets from `androidT0`.
enum ExpectedDoze: Sendable, CustomStringConvertible {
    /// Dozing; the next maintenance window opens at this offset.
    case dozing(Double)
    /// In a maintenance window until this offset.
    case maintenance(Double)

    /// The reading with real dates.
    var state: DozeState {
        switch self {
        case .dozing(let at): .dozing(nextWindowAt: AndroidHarness.at(at))
        case .maintenance(let until): .maintenance(until: AndroidHarness.at(until))
        }
    }

    var description: String {
        switch self {
        case .dozing(let at): "dozing, window at +\(Int(at))"
        case .maintenance(let until): "maintenance until +\(Int(until))"
        }
    }
}

/// Doze entered at `androidT0`: 5-minute windows after 1, 2, 4, 6, 6 … h ([C] §6.7).
let dozeTable: [(Double, ExpectedDoze)] = [
    (0, .dozing(3600)), (3599, .dozing(3600)),
    (3600, .maintenance(3900)), (3899, .maintenance(3900)),
    (3900, .dozing(11_100)), (11_100, .maintenance(11_400)),
    (11_400, .dozing(25_800)), (25_900, .maintenance(26_100)),
    (26_100, .dozing(47_700)), (47_800, .maintenance(48_000)),
    (48_000, .dozing(69_600)), (69_600, .maintenance(69_900)),
    (69_900, .dozing(91_500)), (91_600, .maintenance(91_800)),
]

/// How an event ends Doze, and the words the log gives.
struct DozeExitRow: Sendable, CustomTestStringConvertible {
    /// The event.
    let event: AndroidSystemEvent
    /// The log's reason.
    let why: String

    var testDescription: String { why }
}

let dozeExitTable: [DozeExitRow] = [
    DozeExitRow(event: .dozeOff, why: "exited: turned off"),
    DozeExitRow(event: .motionDetected, why: "exited: the device moved"),
    DozeExitRow(event: .screenChanged(on: true), why: "exited: the screen turned on"),
    DozeExitRow(event: .conditionsChanged(AndroidHarness.device(charging: true)), why: "exited: charging"),
    DozeExitRow(event: .appOpened, why: "exited: the screen turned on"),
    DozeExitRow(event: .rebooted, why: "exited: reboot"),
]

@Suite struct AndroidDozeTests {
    /// A harness on battery with the screen off, dozing from `androidT0`.
    static func dozing() -> AndroidHarness {
        var h = AndroidHarness()
        h.send(.screenChanged(on: false))
        h.send(.dozeOn)
        return h
    }

    @Test(arguments: dozeTable)
    func windows(_ at: Double, _ expected: ExpectedDoze) {
        let h = Self.dozing()
        #expect(h.model.doze(now: AndroidHarness.at(at)) == expected.state)
        let gate: ExpectedGate =
            switch expected {
            case .dozing(let next): .closed(.doze, opens: next)
            case .maintenance(let until): .open(closes: until)
            }
        #expect(h.gate(at: at) == gate.gate)
    }

    @Test func windowsGrowApart() {
        let h = Self.dozing()
        var now = androidT0
        var deadlines: [Double] = []
        while deadlines.count < 10, let next = h.model.nextDeadline(now: now) {
            deadlines.append(next.timeIntervalSince(androidT0))
            now = next
        }
        // Openings and closings alternate; the gaps between a closing and the next opening are the periods.
        #expect(deadlines == [3600, 3900, 11_100, 11_400, 25_800, 26_100, 47_700, 48_000, 69_600, 69_900])
        let gaps = stride(from: 1, to: deadlines.count - 1, by: 2).map { deadlines[$0 + 1] - deadlines[$0] }
        #expect(gaps == [7200, 14_400, 21_600, 21_600])
    }

    @Test(arguments: dozeExitTable)
    func exits(_ row: DozeExitRow) {
        var h = Self.dozing()
        let actions = h.send(row.event, at: 5000)
        #expect(actions.refusal == nil)
        #expect(h.model.doze(now: AndroidHarness.at(5000)) == .off)
        #expect(actions.logLines.contains { $0.subject == "Doze" && $0.reason == row.why })
        #expect(h.model.deviceSnapshot(now: AndroidHarness.at(5000)).doze == .off)
    }

    @Test func dozeNeedsTheDeviceUnplugged() {
        var h = AndroidHarness(charging: true)
        let actions = h.send(.dozeOn)
        #expect(actions.refusal == "Doze needs the device unplugged; it is charging")
        #expect(h.model.doze(now: androidT0) == .off)
    }

    @Test func dozeOffWhenAwakeIsRefused() {
        var h = AndroidHarness()
        #expect(h.send(.dozeOff).refusal == "the device is not dozing")
    }

    @Test func theDeviceDozesByItselfAfterAnHourQuiet() {
        var h = AndroidHarness()
        h.send(.screenChanged(on: false), at: 0)
        #expect(h.model.doze(now: AndroidHarness.at(3599)) == .off)
        #expect(h.model.nextDeadline(now: AndroidHarness.at(1900)) == AndroidHarness.at(3600))
        let entered = h.send(.timerFired, at: 3600)
        #expect(entered.logLines.map(\.reason) == ["entered: unplugged, stationary, screen off"])
        #expect(h.model.state.dozeSince == AndroidHarness.at(3600))
        #expect(h.model.doze(now: AndroidHarness.at(3600)) == .dozing(nextWindowAt: AndroidHarness.at(7200)))
    }

    @Test func motionRestartsTheQuietTime() {
        var h = AndroidHarness()
        h.send(.screenChanged(on: false), at: 0)
        h.send(.motionDetected, at: 1800)
        #expect(h.model.doze(now: AndroidHarness.at(5399)) == .off)
        #expect(h.model.doze(now: AndroidHarness.at(5400)) == .dozing(nextWindowAt: AndroidHarness.at(9000)))
    }

    @Test func noAutomaticDozeOnACharger() {
        var h = AndroidHarness(charging: true)
        h.send(.screenChanged(on: false), at: 0)
        #expect(h.model.doze(now: AndroidHarness.at(86_400)) == .off)
    }

    @Test func dozingStopsRunningWorkWithDeviceState() {
        var h = AndroidHarness()
        h.send(.workerStarted(name: "sync"))
        let actions = h.send(.dozeOn, at: 10)
        #expect(actions.stopReasons == [.deviceState])
        #expect(actions.contains(.gateChanged(ExpectedGate.closed(.doze, opens: 3610).gate)))
    }
}
