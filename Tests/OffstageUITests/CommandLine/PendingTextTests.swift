import Foundation
import OffstageCore
import OffstageUI
import Testing

/// `pending` and `pending --json` as pure functions of a snapshot.
@Suite struct PendingTextTests {
    static let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current

    @Test func eachRequestWithItsReasonThenEachRunningTask() {
        let text = PendingText.text(SnapshotSamples.expiringWithPenalty, timeZone: Self.utc)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("com.example.sync             app refresh  "), "\(lines[0])")
        #expect(lines[0].hasSuffix(SnapshotSamples.expiringWithPenalty.requests[0].reasonText))
        #expect(lines[1].hasPrefix("com.example.index            processing   "), "\(lines[1])")
        // The fixtures' now is 22:13:20 UTC; the refresh was launched 27 s before.
        #expect(lines[2] == "com.example.refresh          running      launched 22:12:53")
        #expect(lines[3] == "com.example.cleanup          running      launched 22:10:00")
    }

    @Test func withNoEngineARunningTaskWasInterrupted() {
        var snapshot = SnapshotSamples.expiringWithPenalty
        snapshot.engine = EngineSnapshot(role: .notRunning, home: "/h")
        snapshot.requests = []
        let lines = PendingText.text(snapshot, timeZone: Self.utc).split(separator: "\n").map(String.init)
        #expect(lines[0] == "no pending BG task requests")
        #expect(
            lines[1] == "com.example.refresh          interrupted  launched 22:12:53: no offstage is running; "
                + "the next `offstage run` ends it as interrupted")
    }

    @Test func timesOfDayAreInTheGivenZone() throws {
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        #expect(PendingText.clockTime(SnapshotSamples.now, timeZone: tokyo) == "07:13:20")
        #expect(PendingText.clockTime(SnapshotSamples.now, timeZone: Self.utc) == "22:13:20")
    }

    @Test func theJSONIsOneObjectPerRequestWithTheReasonInWords() throws {
        var snapshot = SnapshotSamples.demoMidway
        snapshot.requests[0].request.earliestBeginDate = Date(timeIntervalSince1970: 1_700_000_750.5)
        let data = Data(try PendingText.json(snapshot).utf8)
        let items = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(items.map { $0["identifier"] as? String } == ["com.example.refresh", "com.example.maintenance"])
        #expect(items[0]["kind"] as? String == BGTaskKind.appRefresh.rawValue)
        #expect(items[0]["earliestBeginDate"] as? String == "2023-11-14T22:25:50.500Z")
        #expect(items[0]["reason"] as? String == snapshot.requests[0].reasonText)
        #expect(items[1]["earliestBeginDate"] == nil)
        #expect(items[1]["requiresExternalPower"] as? Bool == true)
        #expect(items[1]["requiresNetworkConnectivity"] as? Bool == true)
        let none = try JSONSerialization.jsonObject(with: Data(try PendingText.json(SnapshotSamples.empty).utf8))
        #expect((none as? [Any])?.isEmpty == true)
    }

    @Test func decisionsNShowsEachRequestsLastNDecisionsUnderIt() {
        let snapshot = SnapshotSamples.expiringWithPenalty
        let one = PendingText.text(snapshot, timeZone: Self.utc, decisions: 1).split(separator: "\n").map(String.init)
        #expect(one[0].hasPrefix("com.example.sync "))
        #expect(one[1] == "    21:59 com.example.sync not launched: penalised until 23:13")
        #expect(one[2].hasPrefix("com.example.index "))
        #expect(one[3] == "    no decisions about it yet")
        let all = PendingText.text(snapshot, timeZone: Self.utc, decisions: 50).split(separator: "\n").map(String.init)
        #expect(all[1] == "    21:58 com.example.sync launched: app refresh, budget 2.0 credits")
        #expect(all[2] == "    21:59 com.example.sync not launched: penalised until 23:13")
        // Without --decisions, none: the listing is as before.
        #expect(
            PendingText.text(snapshot, timeZone: Self.utc)
                == PendingText.text(snapshot, timeZone: Self.utc, decisions: 0))
        #expect(!PendingText.text(snapshot, timeZone: Self.utc).contains("21:58"))
    }

    @Test func aDecisionWithControlCharactersIsEscaped() {
        var snapshot = SnapshotSamples.expiringWithPenalty
        snapshot.requests[0].decisions = ["22:00 evil\u{1B}[2J"]
        let text = PendingText.text(snapshot, timeZone: Self.utc, decisions: 3)
        #expect(!text.contains("\u{1B}") && text.contains("evil\\x1B[2J"))
    }
}
