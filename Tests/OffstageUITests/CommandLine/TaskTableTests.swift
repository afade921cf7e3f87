import Foundation
import OffstageCore
import OffstageUI
import Testing

/// `ls` and `ls --json` as pure functions of a snapshot.
@Suite struct TaskTableTests {
    static let now = SnapshotSamples.now

    /// A snapshot of these transfers, with an engine in `role`.
    static func snapshot(_ transfers: [TransferSnapshot], role: EngineSnapshot.Role = .hosting) -> Snapshot {
        Snapshot(
            clock: ClockSnapshot(now: now),
            engine: EngineSnapshot(role: role, pid: role == .notRunning ? nil : 7, home: "/h"),
            transfers: transfers)
    }

    /// The JSON objects of `ls --json`.
    static func objects(_ snapshot: Snapshot) throws -> [[String: Any]] {
        let data = Data(try TaskTable.json(snapshot).utf8)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    }

    static let live = TransferSnapshot(
        id: 1, taskIdentifier: 1, name: "ubuntu.iso", url: "http://127.0.0.1:8080/files/ubuntu.iso", state: .running,
        bytes: 1_200_000_000, bytesExpected: 2_500_000_000, status: .running)

    @Test func aRunningTaskShowsItsLiveBytesAndNoNotRunningLine() throws {
        let text = TaskTable.text(Self.snapshot([Self.live]))
        #expect(
            text == "  ID  STATE        PROGRESS              SESSION                   NAME        URL"
                + "                                     STATUS\n"
                + "   1  running      48% 1.2 GB/2.5 GB     com.offstage.default      ubuntu.iso  "
                + "http://127.0.0.1:8080/files/ubuntu.iso")
        let task = try #require(try Self.objects(Self.snapshot([Self.live])).first)
        #expect(task["bytesWritten"] as? Int == 1_200_000_000)
        #expect(task["bytesExpected"] as? Int == 2_500_000_000)
        #expect(task["state"] as? String == "running")
        #expect(
            Set(task.keys) == [
                "id", "session", "description", "kind", "url", "state", "bytesWritten", "bytesExpected", "path",
                "error",
                "partBytes",
            ])
    }

    @Test func withNoEngineAnInterruptedTaskSaysSoAndALastLineSaysNothingRuns() throws {
        let stuck = TransferSnapshot(
            id: 3, name: "big.bin", url: "http://o/gen/10m", state: .running, bytes: 2_800_000,
            bytesExpected: 10_000_000,
            status: .interrupted)
        let snapshot = Self.snapshot([stuck], role: .notRunning)
        let lines = TaskTable.text(snapshot).split(separator: "\n").map(String.init)
        #expect(
            lines[1] == "   3  interrupted  28% 2.8 MB/10.0 MB    com.offstage.default      big.bin  http://o/gen/10m"
                + "  interrupted at 28%: resumes when offstage runs")
        #expect(lines.last == "no offstage is running on /h: nothing transfers until `offstage run` starts")
        let task = try #require(try Self.objects(snapshot).first)
        #expect(task["state"] as? String == "interrupted")
        #expect(task["error"] as? String == "interrupted at 28%: resumes when offstage runs")
    }

    @Test func anAttachedViewOfARunningTaskIsNeverInterrupted() {
        // The store's view while an engine holds the home but did not answer: running stays running.
        var running = Self.live
        running.bytes = 0
        let text = TaskTable.text(Self.snapshot([running], role: .attached))
        #expect(text.contains("   1  running  "), "\(text)")
        #expect(!text.contains("interrupted") && !text.contains("no offstage is running"), "\(text)")
    }

    @Test func theAppsNumberingUploadsDeliveriesAndErrorsAreShownTheirWay() throws {
        let app = TransferSnapshot(
            id: 2, session: "com.example.offstage.background", taskIdentifier: 1, name: "a", taskDescription: "photo",
            url: "http://o/a", state: .queued, status: .waiting("queued"))
        let upload = TransferSnapshot(
            id: 4, taskIdentifier: 4, name: "up", kind: .upload, url: "http://o/upload/x", state: .failed, bytes: 10,
            bytesExpected: 100, status: .failed("HTTP 500 \u{1B}[2J"), error: "HTTP 500 \u{1B}[2J",
            uploadPath: "/tmp/x.bin")
        let done = TransferSnapshot(
            id: 5, taskIdentifier: 5, name: "r.pdf", url: "http://o/r.pdf", state: .completed, bytes: 1000,
            bytesExpected: 1000, status: .completed, deliveredPath: "/h/Documents/r.pdf", error: "old reason",
            deliveryPath: "/h/Documents/r.pdf")
        let lines = TaskTable.text(Self.snapshot([app, upload, done])).split(separator: "\n").map(String.init)
        #expect(
            lines[1]
                == "   2  queued       0 B                   com.example.offstage.background #1  a [photo]  http://o/a")
        #expect(
            lines[2] == "   4  failed       10% 10 B/100 B        com.offstage.default                ↑ up       "
                + "http://o/upload/x  HTTP 500 \\x1B[2J")
        #expect(
            lines[3] == "   5  completed    100% 1.0 KB/1.0 KB    com.offstage.default                r.pdf      "
                + "http://o/r.pdf     saved as /h/Documents/r.pdf")
        #expect(lines.count == 4)
        let objects = try Self.objects(Self.snapshot([app, upload, done]))
        #expect(objects[0]["description"] as? String == "photo")
        #expect(objects[0]["path"] is NSNull && objects[0]["bytesExpected"] is NSNull)
        #expect(objects[1]["kind"] as? String == "upload")
        #expect(objects[1]["error"] as? String == "HTTP 500 \u{1B}[2J")
        #expect(objects[2]["path"] as? String == "/h/Documents/r.pdf")
        #expect(objects[2]["error"] is NSNull)
    }

    @Test func aRunningTaskThatStartedAgainFromZeroSaysWhy() {
        var restarted = Self.live
        restarted.restart = TransferRestart(
            reason: "the file changed on the server (ETag \"v1\" → \"v2\")", droppedBytes: 50_300_000, at: Self.now)
        let text = TaskTable.text(Self.snapshot([restarted]))
        #expect(
            text.hasSuffix("started again from zero at 50.3 MB: the file changed on the server (ETag \"v1\" → \"v2\")"),
            "\(text)")
    }

    @Test func aLimitedTaskSaysItsRateAndAnEncodedBodySaysSo() {
        var limited = Self.live
        limited.speed = 262_144
        limited.extras = TransferExtras(rateLimit: 256 << 10, appliedRate: 256 << 10)
        var encoded = TransferSnapshot(
            id: 2, name: "page.html", url: "http://o/page", state: .completed, bytes: 900, bytesExpected: 900,
            status: .completed, deliveredPath: "/h/Documents/page.html")
        encoded.extras = TransferExtras(contentEncoding: "gzip")
        var decoded = encoded
        decoded.id = 3
        decoded.extras = TransferExtras(compressed: true, contentEncoding: "gzip")
        let lines = TaskTable.text(Self.snapshot([limited, encoded, decoded])).split(separator: "\n").map(String.init)
        #expect(lines[1].hasSuffix("limited to 256 KiB/s"), "\(lines[1])")
        #expect(lines[2].hasSuffix("saved as /h/Documents/page.html, gzip-encoded"), "\(lines[2])")
        #expect(lines[3].hasSuffix("saved as /h/Documents/page.html"), "\(lines[3])")
    }

    @Test func nothingIsNoTransfersAndAnEmptyArray() throws {
        #expect(TaskTable.text(SnapshotSamples.empty) == "no transfers")
        #expect(try TaskTable.json(SnapshotSamples.empty) == "[]")
    }

    @Test func everySampleTaskIsOneLineInIdOrder() throws {
        let snapshot = SnapshotSamples.demoMidway
        let lines = TaskTable.text(snapshot).split(separator: "\n")
        #expect(lines.count == snapshot.transfers.count + 1)
        let ids = try Self.objects(snapshot).compactMap { $0["id"] as? Int }
        #expect(ids == snapshot.transfers.map { Int($0.id) })
    }

    @Test func waitingTasksSayWhyInWordsAndAFailedOneItsKeptPart() {
        let later = TransferSnapshot(
            id: 7, name: "later.bin", url: "http://o/later", state: .queued,
            status: .earliestBegin(Self.now.addingTimeInterval(30)))
        let retrying = TransferSnapshot(
            id: 8, name: "flaky.zip", url: "http://o/flaky", state: .retrying, bytes: 5_000_000,
            bytesExpected: 10_000_000,
            status: .retrying(
                nextAttempt: Self.now.addingTimeInterval(12), attempt: 2, maxAttempts: 10,
                lastError: "connection refused"))
        let failed = TransferSnapshot(
            id: 9, name: "big.iso", url: "http://o/big", state: .failed, bytes: 12_300_000, bytesExpected: 40_000_000,
            status: .failed("HTTP 404 Not Found"), error: "HTTP 404 Not Found")
        var running = Self.live
        running.speed = 12_400_000
        running.eta = 105
        let lines = TaskTable.text(Self.snapshot([later, retrying, failed, running])).split(separator: "\n")
            .map(String.init)
        #expect(lines[1].hasSuffix("  earliest begin in 30 s"), "\(lines[1])")
        #expect(lines[2].hasSuffix("  connection refused, attempt 3 of 10 in 12 s"), "\(lines[2])")
        #expect(lines[3].hasSuffix("  HTTP 404 Not Found; part 12.3 MB kept"), "\(lines[3])")
        #expect(lines[4].hasSuffix("  12.4 MB/s, ETA 2 min"), "\(lines[4])")
        #expect(!lines.joined().contains("null"))
    }

    @Test(arguments: [40, 80, 120, 200, 400])
    func onATerminalEveryLineFitsAndTheSessionIsNeverCut(width: Int) {
        let session = "com.example.a-rather-long-session-identifier.background"
        let app = TransferSnapshot(
            id: 12, session: session, name: "episode-1-with-a-long-name.mp3", taskDescription: "episode-1",
            url: "http://127.0.0.1:8080/a/very/long/path/that/takes/room/episode-1-with-a-long-name.mp3",
            state: .retrying, bytes: 1_000, bytesExpected: 9_000,
            status: .retrying(
                nextAttempt: Self.now.addingTimeInterval(5), attempt: 1, maxAttempts: 8,
                lastError: "HTTP 503 Service Unavailable"))
        let snapshot = Self.snapshot([Self.live, app], role: .notRunning)
        let lines = TaskTable.text(snapshot, width: width).split(separator: "\n").map(String.init)
        // Narrow: the retry's reason goes on a line of its own under its task, never dropped.
        let below = width < 200
        #expect(lines.count == (below ? 5 : 4), "\(lines)")
        if below {
            #expect(lines[3].hasPrefix("      └ HTTP 503"), "\(lines[3])")
            #expect(width < 80 || lines[3].hasSuffix(", attempt 2 of 8 in 5 s"), "\(lines[3])")
        } else {
            #expect(lines[2].hasSuffix("HTTP 503 Service Unavailable, attempt 2 of 8 in 5 s"), "\(lines[2])")
        }
        for line in lines { #expect(DisplayWidth.of(line) <= width, "\(width): \(line)") }
        if width >= 120 { #expect(lines[2].contains(session), "\(lines[2])") }
        // The URL shows only when the whole of it fits; the full lines (no width) always have it.
        #expect(lines[2].contains("http://") == (width >= 400), "\(width): \(lines[2])")
        #expect(TaskTable.text(snapshot).contains("http://127.0.0.1:8080/a/very/long/path"))
    }
}

/// `ls` says a running transfer is stalled when the engine does (under 1 kB in its window): no speed, no ETA.
@Suite struct TaskTableStallTests {
    @Test func aStalledTaskSaysForHowLong() {
        var stalled = TaskTableTests.live
        stalled.speed = 0.1
        stalled.eta = 9e9
        stalled.stalledSince = TaskTableTests.now.addingTimeInterval(-30.4)
        let text = TaskTable.text(TaskTableTests.snapshot([stalled]))
        #expect(text.hasSuffix("  stalled 30 s"), "\(text)")
        #expect(!text.contains("ETA") && !text.contains("/s"), "\(text)")
    }
}
