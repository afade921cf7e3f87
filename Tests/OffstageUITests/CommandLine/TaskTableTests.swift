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
            clock: ClockSnapshot(now: now), engine: EngineSnapshot(role: role, pid: role == .notRunning ? nil : 7, home: "/h"),
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
            text == "  ID  STATE        PROGRESS              SESSION                   WHAT\n"
                + "   1  running      48% 1.2 GB/2.5 GB     com.offstage.default      http://127.0.0.1:8080/files/ubuntu.iso")
        let task = try #require(try Self.objects(Self.snapshot([Self.live])).first)
        #expect(task["bytesWritten"] as? Int == 1_200_000_000)
        #expect(task["bytesExpected"] as? Int == 2_500_000_000)
        #expect(task["state"] as? String == "running")
        #expect(
            Set(task.keys) == [
                "id", "session", "description", "kind", "url", "state", "bytesWritten", "bytesExpected", "path", "error",
                "partBytes",
            ])
    }

    @Test func withNoEngineAnInterruptedTaskSaysSoAndALastLineSaysNothingRuns() throws {
        let stuck = TransferSnapshot(
            id: 3, name: "big.bin", url: "http://o/gen/10m", state: .running, bytes: 2_800_000, bytesExpected: 10_000_000,
            status: .interrupted)
        let snapshot = Self.snapshot([stuck], role: .notRunning)
        let lines = TaskTable.text(snapshot).split(separator: "\n").map(String.init)
        #expect(
            lines[1] == "   3  interrupted  28% 2.8 MB/10.0 MB    com.offstage.default      http://o/gen/10m"
                + "  (interrupted at 28 %: resumes when offstage runs)")
        #expect(lines.last == "no offstage is running on /h: nothing transfers until `offstage run` starts")
        let task = try #require(try Self.objects(snapshot).first)
        #expect(task["state"] as? String == "interrupted")
        #expect(task["error"] as? String == "interrupted at 28 %: resumes when offstage runs")
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
            bytesExpected: 100, status: .failed("HTTP 500"), error: "HTTP 500 \u{1B}[2J", uploadPath: "/tmp/x.bin")
        let done = TransferSnapshot(
            id: 5, taskIdentifier: 5, name: "r.pdf", url: "http://o/r.pdf", state: .completed, bytes: 1000,
            bytesExpected: 1000, status: .completed, deliveredPath: "/h/Documents/r.pdf", error: "old reason",
            deliveryPath: "/h/Documents/r.pdf")
        let lines = TaskTable.text(Self.snapshot([app, upload, done])).split(separator: "\n").map(String.init)
        #expect(lines[1] == "   2  queued       0 B                   com.example.offstage.background #1  http://o/a")
        #expect(
            lines[2] == "   4  failed       10% 10 B/100 B        com.offstage.default      ↑ /tmp/x.bin  (HTTP 500 \\x1B[2J)")
        #expect(lines[3] == "   5  completed    100% 1.0 kB/1.0 kB    com.offstage.default      /h/Documents/r.pdf")
        #expect(lines.count == 4)
        let objects = try Self.objects(Self.snapshot([app, upload, done]))
        #expect(objects[0]["description"] as? String == "photo")
        #expect(objects[0]["path"] is NSNull && objects[0]["bytesExpected"] is NSNull)
        #expect(objects[1]["kind"] as? String == "upload")
        #expect(objects[1]["error"] as? String == "HTTP 500 \u{1B}[2J")
        #expect(objects[2]["path"] as? String == "/h/Documents/r.pdf")
        #expect(objects[2]["error"] is NSNull)
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
}
