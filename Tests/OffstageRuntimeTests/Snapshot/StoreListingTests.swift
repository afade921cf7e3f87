import Foundation
import OffstageCore
import OffstageRuntime
import OffstageStore
import OffstageTestSupport
import OffstageUI
import Testing

/// `ls` read a row at a time from the store (`StoreListing`, `TaskTableWriter`, `TaskJSONWriter`) prints what the
/// whole store view (`StoreSnapshot.read`, `TaskTable`) prints for the same home.
@Suite struct StoreListingTests {
    /// A home with a task in every state, a name to escape, a wide name, a partial file and an add still in the
    /// inbox.
    private static func home() throws -> (RuntimeHarness, Date) {
        let harness = try RuntimeHarness()
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let directory = harness.home.documentsDirectory
        func task(_ id: Int64, _ state: TransferState, url: String = "http://127.0.0.1:1/files/f.bin") -> TransferTask {
            var task = TransferTask(
                id: id, session: "com.offstage.default", taskIdentifier: Int(id), kind: .download, url: url,
                destinationDirectory: directory, createdAt: now)
            task.state = state
            return task
        }
        var running = task(1, .running, url: "http://user:secret@127.0.0.1:1/files/big.iso")
        running.bytesWritten = 4096
        running.bytesExpected = 8192
        var dated = task(2, .queued)
        dated.earliestBeginDate = now.addingTimeInterval(3_650 * 86_400)
        var retrying = task(3, .retrying)
        retrying.attempts = 2
        retrying.retryAt = now.addingTimeInterval(12)
        retrying.error = "connection refused\u{1B}[31m"
        var paused = task(4, .paused)
        paused.requestedName = "名前\u{202E}txt.exe"
        var failed = task(5, .failed)
        failed.error = "HTTP 404"
        var done = task(6, .completed)
        done.bytesWritten = 1 << 20
        done.bytesExpected = 1 << 20
        done.deliveredPath = directory + "/f.bin"
        var upload = task(7, .completed)
        upload.kind = .upload
        upload.method = "PUT"
        upload.uploadPath = "/tmp/report.pdf"
        upload.httpStatus = 201
        upload.taskDescription = "report"
        var changes = StoreChanges()
        changes.tasks = [running, dated, retrying, paused, failed, done, upload]
        try harness.store.apply(changes, now: now)
        try Data(count: 1234).write(to: URL(fileURLWithPath: harness.home.partPath(taskID: 4)))
        try harness.download("/gen/1k", name: "later.bin")
        return (harness, now)
    }

    /// The transfers, totals and text that `StoreListing` with the writers gives.
    private static func streamed(_ harness: RuntimeHarness, now: Date, width: Int?) throws
        -> (transfers: [TransferSnapshot], totals: TransferTotals, text: String, json: String)
    {
        var transfers: [TransferSnapshot] = []
        var table = TaskTableWriter(width: width, now: now)
        var json = TaskJSONWriter()
        var jsonText = ""
        let totals = try StoreListing.forEach(
            home: harness.home, store: harness.store, configuration: .builtIn, now: now
        ) {
            transfers.append($0)
            table.add($0)
            jsonText += try json.element($0)
        }
        var lines: [String] = []
        table.write(notRunning: harness.home.path) { lines.append($0) }
        return (transfers, totals, lines.joined(separator: "\n"), jsonText + json.end)
    }

    @Test(arguments: [nil, 60, 100, 240] as [Int?])
    func theStreamedListingPrintsWhatTheStoreViewPrints(width: Int?) throws {
        let (harness, now) = try Self.home()
        let snapshot = try StoreSnapshot.read(
            home: harness.home, store: harness.store, configuration: .builtIn, now: now)
        let streamed = try Self.streamed(harness, now: now, width: width)

        try #require(snapshot.transfers.count == 8)
        // The same rows but their history, which no listing prints.
        #expect(streamed.transfers == snapshot.transfers.map { var row = $0; row.history = []; return row })
        #expect(streamed.transfers.first { $0.id == 4 }?.partBytes == 1234)
        #expect(streamed.totals == snapshot.transferTotals)
        #expect(streamed.text == TaskTable.text(snapshot, width: width))
        #expect(streamed.json == (try TaskTable.json(snapshot)))
    }

    @Test func aRunningEngineIsAskedOnlyForTheRowsItMayShowOtherwise() throws {
        let (harness, now) = try Self.home()
        // Task 1 runs; task 2 waits ten years; the inbox's add is not a stored task yet.
        #expect(try harness.store.taskIDsWithLiveView(until: now) == [1])
        var changes = StoreChanges()
        var due = try #require(try harness.store.task(id: 2))
        due.earliestBeginDate = now.addingTimeInterval(-1)
        changes.tasks = [due]
        try harness.store.apply(changes, now: now)
        #expect(try harness.store.taskIDsWithLiveView(until: now) == [1, 2])
        #expect(try harness.store.taskIDsWithLiveView(until: now, dueLimit: 1) == [1, 2])
        // More queued tasks due than the limit: only the running ones.
        #expect(try harness.store.taskIDsWithLiveView(until: now, dueLimit: 0) == [1])
    }

    @Test func anEnginesRowReplacesTheStoresWhileTheirStatesAgree() throws {
        let (harness, now) = try Self.home()
        let snapshot = try StoreSnapshot.read(
            home: harness.home, store: harness.store, configuration: .builtIn, now: now, owner: 4242)
        var running = try #require(snapshot.transfers.first { $0.id == 1 })
        running.bytes = 6000
        running.speed = 1000
        running.history = [LogEntry(time: now, kind: .started, subject: "task 1", reason: "from byte 0")]
        var stale = try #require(snapshot.transfers.first { $0.id == 4 })
        stale.state = .running
        stale.status = .running
        var rows: [TransferSnapshot] = []
        let totals = try StoreListing.forEach(
            home: harness.home, store: harness.store, configuration: .builtIn, now: now, owner: 4242,
            live: [1: running, 4: stale]
        ) { rows.append($0) }
        var expected = running
        expected.history = []
        #expect(rows.first { $0.id == 1 } == expected)
        // The store, read after the engine's row, says task 4 is paused: its row is the store's.
        #expect(rows.first { $0.id == 4 }?.state == .paused)
        #expect(totals.speed == 1000)
        #expect(totals == TransferTotals(rows: rows))
    }

    @Test func anEmptyStoreListsNothing() throws {
        let harness = try RuntimeHarness()
        let streamed = try Self.streamed(harness, now: Date(), width: nil)
        #expect(streamed.transfers.isEmpty && streamed.text.isEmpty)
        #expect(streamed.totals == TransferTotals())
        #expect(streamed.json == "[]")
    }
}
