import Foundation
import OffstageCore
import OffstageUI
import Testing

/// `work ls` and `work ls --json` as pure functions of a snapshot, at a fixed time.
@Suite struct WorkTableTests {
    static let now = SnapshotSamples.now

    /// A hosted snapshot at `now` with this Android work.
    static func snapshot(_ work: [WorkSnapshot], profile: PlatformProfile = .android) -> Snapshot {
        Snapshot(
            clock: ClockSnapshot(now: now), engine: EngineSnapshot(role: .hosting, home: "/h"),
            android: AndroidSnapshot(profile: profile, work: work))
    }

    static let sample: [WorkSnapshot] = [
        WorkSnapshot(
            id: "w-1", name: "sync", tags: ["net"], state: .enqueued,
            periodic: PeriodicSchedule(interval: 3600, flex: 600), runAttemptCount: 2,
            nextScheduleAt: now.addingTimeInterval(600), reason: .network(.unmetered), constraints: "unmetered"),
        WorkSnapshot(
            id: "w-2", name: "upload", state: .running, runAttemptCount: 1, runDeadline: now.addingTimeInterval(480)),
        WorkSnapshot(
            id: "w-3", name: "after-upload", state: .blocked, reason: .blocked(by: ["upload"])),
        WorkSnapshot(
            id: "w-4", name: "late", state: .enqueued, expedited: true, runAttemptCount: 3,
            nextScheduleAt: now.addingTimeInterval(120),
            reason: .backoff(until: now.addingTimeInterval(120), attempt: 4),
            stopReason: .constraintCharging, constraints: "charging"),
    ]

    @Test func eachRequestWithItsKindNextRunConstraintsReasonAndStopReason() {
        let lines = WorkTable.text(Self.snapshot(Self.sample)).split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        // The reason column is as wide as its longest cell, the running request's (46 columns), then 2 spaces.
        let reasonWidth = DisplayWidth.of("running; the 10-minute limit stops it in 8 min")
        #expect(reasonWidth == 46)
        #expect(
            lines[0]
                == "NAME          STATE     KIND                   ATTEMPTS  NEXT RUN   CONSTRAINTS  REASON"
                + String(repeating: " ", count: reasonWidth - 6 + 2) + "STOP")
        #expect(
            lines[1]
                == "sync [net]    ENQUEUED  every 1 h flex 10 min  2         in 10 min  unmetered    "
                + "needs a network (unmetered)")
        #expect(
            lines[2]
                == "upload        RUNNING   one-time               1         -          -            "
                + "running; the 10-minute limit stops it in 8 min")
        #expect(
            lines[3]
                == "after-upload  BLOCKED   one-time               0         -          -            blocked by upload")
        #expect(
            lines[4]
                == "late          ENQUEUED  one-time, expedited    3         in 2 min   charging     "
                + "backoff: attempt 4 in 2 min" + String(repeating: " ", count: reasonWidth - 27 + 2)
                + "CONSTRAINT_CHARGING")
    }

    @Test("a request whose time has come but that something holds is due, not \"now\"; its reason says why")
    func aHeldRequestIsDueNotNow() {
        let held = WorkSnapshot(
            id: "w-5", name: "sync", state: .enqueued, nextScheduleAt: Self.now.addingTimeInterval(-5),
            reason: .network(.unmetered))
        var free = held
        free.reason = nil
        let heldLine = WorkTable.text(Self.snapshot([held])).split(separator: "\n")[1]
        let freeLine = WorkTable.text(Self.snapshot([free])).split(separator: "\n")[1]
        #expect(heldLine.contains(" due ") && !heldLine.contains(" now "), "\(heldLine)")
        #expect(freeLine.contains(" now "), "\(freeLine)")
    }

    @Test(arguments: [40, 60, 80, 120])
    func everyLineFitsTheWidthTheNameGivesWayFirstAndTheReasonsGoBelow(width: Int) {
        var work = Self.sample
        work[0].name = String(repeating: "long-name-", count: 8)
        let lines = WorkTable.text(Self.snapshot(work), width: width).split(separator: "\n").map(String.init)
        #expect(lines.count == 9, "a header, then each request and its reason below it")
        for line in lines { #expect(DisplayWidth.of(line) <= width, "\(DisplayWidth.of(line)): \(line)") }
        // The name column is cut first, never below 12 columns; the state still follows it.
        let cut = lines[1].components(separatedBy: "…  ENQUEUED")
        #expect(cut.count == 2 && DisplayWidth.of(cut[0]) + 1 >= 12, "\(lines[1])")
        #expect(lines[2] == "  └ needs a network (unmetered)")
        #expect(lines[0].hasPrefix("NAME") && !lines[0].contains("REASON"))
        #expect(lines[8].hasPrefix("  └ backoff: attempt 4 in 2 min"))
    }

    @Test func aWideTerminalKeepsTheReasonsInTheirColumnAndNoStopColumnWhenNothingStopped() {
        let lines = WorkTable.text(Self.snapshot(Array(Self.sample.prefix(3))), width: 200)
            .split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0].hasSuffix("CONSTRAINTS  REASON"), "\(lines[0])")
        #expect(lines[1].hasSuffix("unmetered    needs a network (unmetered)"), "\(lines[1])")
    }

    @Test func hostileNamesTagsAndReasonsAreEscaped() {
        let work = [
            WorkSnapshot(
                id: "w-1", name: "evil\u{1B}]0;pwned\u{7}", tags: ["t\u{202E}ag"], state: .blocked,
                reason: .blocked(by: ["x\u{1B}[2J"]))
        ]
        let text = WorkTable.text(Self.snapshot(work))
        #expect(!text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" || $0 == "\u{202E}" })
        #expect(text.contains("evil\\x1B]0;pwned\\x07"), "\(text)")
        #expect(text.contains("blocked by x\\x1B[2J"), "\(text)")
    }

    @Test func honestLinesWithoutWorkWithoutAndroidAndWithoutAnEngine() {
        #expect(WorkTable.text(Self.snapshot([])) == "no work requests")
        let ios = Snapshot(clock: ClockSnapshot(now: Self.now), engine: EngineSnapshot(role: .hosting, home: "/h"))
        #expect(WorkTable.text(ios) == WorkTable.noAndroid)
        var stopped = Self.snapshot([])
        stopped.engine = EngineSnapshot(role: .notRunning, home: "/h")
        #expect(
            WorkTable.text(stopped)
                == "no work requests\nno offstage is running on /h: no work runs until `offstage run` starts")
        #expect(WorkTable.text(Self.snapshot(Self.sample, profile: .both)).hasPrefix("NAME"))
    }

    @Test(arguments: [
        (nil as PeriodicSchedule?, false, "one-time"), (nil, true, "one-time, expedited"),
        (PeriodicSchedule(interval: 3600, flex: 3600), false, "every 1 h"),
        (PeriodicSchedule(interval: 900, flex: 300), false, "every 15 min flex 5 min"),
    ])
    func theKindInWords(periodic: PeriodicSchedule?, expedited: Bool, text: String) {
        #expect(WorkTable.kind(periodic: periodic, expedited: expedited) == text)
    }

    @Test func theJSONHasOneObjectPerRequestWithTheReasonInWordsAndTyped() throws {
        let data = Data(try WorkTable.json(Self.snapshot(Self.sample)).utf8)
        let items = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(items.map { $0["name"] as? String } == ["sync", "upload", "after-upload", "late"])
        #expect(items[0]["state"] as? String == "ENQUEUED")
        #expect(items[0]["reasonText"] as? String == "needs a network (unmetered)")
        #expect(items[0]["reason"] != nil && items[1]["reason"] == nil)
        #expect(items[3]["stopReason"] as? String == "CONSTRAINT_CHARGING")
        #expect(items[0]["nextScheduleAt"] as? String == "2023-11-14T22:23:20Z")
        let periodic = try #require(items[0]["periodic"] as? [String: Any])
        #expect(periodic["interval"] as? Double == 3600 && periodic["flex"] as? Double == 600)
        #expect(try WorkTable.json(Self.snapshot([])) == "[]")
        let ios = Snapshot(clock: ClockSnapshot(now: Self.now), engine: EngineSnapshot(role: .hosting, home: "/h"))
        #expect(try WorkTable.json(ios) == "[]")
    }
}
