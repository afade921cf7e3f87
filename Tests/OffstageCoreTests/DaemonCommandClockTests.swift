import Foundation
import OffstageCore
import Testing

/// The clock's inbox commands: their JSON, and rows stored before they existed.
@Suite("DaemonCommand: clock commands")
struct DaemonCommandClockTests {
    @Test("clock commands round-trip through JSON", arguments: [
        DaemonCommand.setClockRate(.real), .setClockRate(.warped(600)), .setClockRate(.frozen), .jumpToNextDeadline,
    ])
    func roundTrip(command: DaemonCommand) throws {
        let data = try JSONEncoder().encode(command)
        #expect(try JSONDecoder().decode(DaemonCommand.self, from: data) == command)
        #expect(command.isForClock && !command.isForApp && !command.isForScheduler)
    }

    @Test("rows stored before the clock commands existed still decode")
    func oldRows() throws {
        let rows = [#"{"pause":{"id":3}}"#, #"{"appOpened":{}}"#, #"{"setDeviceInUse":{"_0":true}}"#]
        let decoded = try rows.map { try JSONDecoder().decode(DaemonCommand.self, from: Data($0.utf8)) }
        #expect(decoded == [.pause(id: 3), .appOpened, .setDeviceInUse(true)])
        #expect(decoded.allSatisfy { !$0.isForClock })
    }

    @Test("rate problems and labels")
    func rates() {
        #expect(ClockRate.real.problem == nil && ClockRate.frozen.problem == nil)
        #expect(ClockRate.warped(600).problem == nil)
        #expect(ClockRate.warped(0.5).problem == "warp factor must be a number from 1 to 10000 (got 0.5)")
        #expect(ClockRate.warped(.nan).problem != nil)
        #expect(ClockRate.warped(60).label == "×60" && ClockRate.warped(2.5).label == "×2.5")
        #expect(ClockRate.real.label == "real time" && ClockRate.frozen.label == "frozen")
    }
}
