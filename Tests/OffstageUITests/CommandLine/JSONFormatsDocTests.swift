import Foundation
import OffstageCore
import OffstageUI
import Testing

/// The JSON examples of the DocC catalog's JSON formats article (`<!-- json-example: NAME -->` before a fenced
/// block) have the keys, the nesting and the kinds of value the commands really print, and `null` only where the
/// output writes `null`.
@Suite struct JSONFormatsDocTests {
    /// The article's examples by name.
    static func examples() throws -> [String: Any] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let article = root.appendingPathComponent("Sources/OffstageCore/OffstageCore.docc/JSONFormats.md")
        let text = try String(contentsOf: article, encoding: .utf8)
        var found: [String: Any] = [:]
        for chunk in text.components(separatedBy: "<!-- json-example: ").dropFirst() {
            guard let close = chunk.range(of: " -->"), let open = chunk.range(of: "```json\n"),
                let end = chunk.range(of: "\n```", range: open.upperBound..<chunk.endIndex)
            else { continue }
            let name = String(chunk[..<close.lowerBound])
            let body = Data(chunk[open.upperBound..<end.lowerBound].utf8)
            found[name] = try JSONSerialization.jsonObject(with: body)
        }
        return found
    }

    /// The kind of a JSON value: object, array, string, number, bool or null.
    static func kind(_ value: Any) -> String {
        switch value {
        case is NSNull: "null"
        case is [String: Any]: "object"
        case is [Any]: "array"
        case is String: "string"
        // A JSON true or false is an NSNumber of the C type `c` (char), a number one of `q` or `d`.
        case let number as NSNumber: String(cString: number.objCType) == "c" ? "bool" : "number"
        default: "unknown"
        }
    }

    /// Differences between an article's example and real output, as paths: keys missing on either side, kinds that
    /// differ (a documented `null` must be `null` in `nulls`, the output with no optional value).
    static func differences(documented: Any, real: Any, nulls: Any?, path: String = "$") -> [String] {
        if let example = documented as? [String: Any], let real = real as? [String: Any] {
            var out: [String] = []
            for key in Set(example.keys).subtracting(real.keys) { out.append("\(path).\(key): only in the article") }
            for key in Set(real.keys).subtracting(example.keys) { out.append("\(path).\(key): not in the article") }
            for key in Set(example.keys).intersection(real.keys) {
                guard let shown = example[key], let printed = real[key] else { continue }
                let bare = (nulls as? [String: Any])?[key]
                if shown is NSNull {
                    if !(bare is NSNull) {
                        out.append("\(path).\(key): the article shows null, the output leaves it out")
                    }
                    continue
                }
                out += differences(documented: shown, real: printed, nulls: bare, path: "\(path).\(key)")
            }
            return out
        }
        if let example = documented as? [Any], let real = real as? [Any] {
            guard let first = example.first, let printed = real.first else {
                return example.isEmpty == real.isEmpty ? [] : ["\(path): one array is empty"]
            }
            return differences(documented: first, real: printed, nulls: (nulls as? [Any])?.first, path: path + "[0]")
        }
        let (documentedKind, printedKind) = (kind(documented), kind(real))
        return documentedKind == printedKind
            ? [] : ["\(path): the article shows a \(documentedKind), the output a \(printedKind)"]
    }

    /// A JSON string parsed.
    static func parse(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }

    /// A snapshot with one transfer (or none), one request, one app state.
    static func snapshot(transfer: TransferSnapshot, request: RequestSnapshot, app: AppSnapshot) -> Snapshot {
        Snapshot(
            clock: ClockSnapshot(now: SnapshotSamples.now), engine: EngineSnapshot(role: .hosting, pid: 7, home: "/h"),
            app: app, transfers: [transfer], requests: [request])
    }

    static let full = snapshot(
        transfer: TransferSnapshot(
            id: 1, name: "a", taskDescription: "photo", url: "http://o/a", state: .completed, bytes: 5,
            bytesExpected: 5,
            status: .completed, deliveredPath: "/h/a", error: "old"),
        request: RequestSnapshot(
            request: BGTaskRequest(
                identifier: "com.example.refresh", kind: .appRefresh, earliestBeginDate: SnapshotSamples.now),
            submittedAt: SnapshotSamples.now, reason: .earliestIn(1), reasonText: "earliest in 1 s"),
        app: {
            var app = AppSnapshot(
                phase: .background, backgroundTimeRemaining: 27.5, lastTermination: "terminated by the system",
                relaunchDelay: 60, pendingRelaunches: ["s"],
                completionHandlers: [AppSnapshot.Handler(token: 1, session: "s", secondsLeft: 2, eventsFinished: true)],
                backgroundTasks: ["sync"], mistakes: ["async-file-move"], session: "s",
                registry: AppRegistrySnapshot(records: [
                    AppRegistrySnapshot.Record(
                        taskDescription: "e", status: .delivered, url: "http://o/e", lastTaskIdentifier: 1, taskID: 2,
                        deliveredPath: "/h/e", resumeOffset: 10, note: "moved")
                ]))
            app.heldForOpen = ["s"]
            return app
        }())

    static let bare = snapshot(
        transfer: TransferSnapshot(id: 1, name: "a", url: "http://o/a", state: .queued, status: .waiting("queued")),
        request: RequestSnapshot(
            request: BGTaskRequest(identifier: "com.example.refresh", kind: .appRefresh),
            submittedAt: SnapshotSamples.now,
            reason: .noHandlerRegistered, reasonText: "no handler"),
        app: AppSnapshot(
            registry: AppRegistrySnapshot(records: [
                AppRegistrySnapshot.Record(taskDescription: "e", status: .inFlight, url: "http://o/e")
            ])))

    @Test func everyCommandHasItsExample() throws {
        #expect(Set(try Self.examples().keys) == ["ls --json", "events --json", "pending --json", "app --json"])
    }

    @Test func lsPendingAndAppExamplesMatchTheirEncoders() throws {
        let examples = try Self.examples()
        let printed: [(String, String, String)] = [
            ("ls --json", try TaskTable.json(Self.full), try TaskTable.json(Self.bare)),
            ("pending --json", try PendingText.json(Self.full), try PendingText.json(Self.bare)),
            ("app --json", try AppText.json(Self.full), try AppText.json(Self.bare)),
        ]
        for (name, full, bare) in printed {
            let example = try #require(examples[name], "no example for \(name)")
            let found = Self.differences(documented: example, real: try Self.parse(full), nulls: try Self.parse(bare))
            #expect(found.isEmpty, "\(name): \(found)")
        }
        // Left out, not null: the keys the article says are absent when they have no value.
        let pending = try #require(try Self.parse(try PendingText.json(Self.bare)) as? [[String: Any]])
        #expect(pending.first?.keys.contains("earliestBeginDate") == false)
        let app = try #require(try Self.parse(try AppText.json(Self.bare)) as? [String: Any])
        #expect(app["lastTermination"] == nil)
        let record = try #require(((app["registry"] as? [String: Any])?["records"] as? [[String: Any]])?.first)
        #expect(Set(record.keys) == ["taskDescription", "kind", "status", "url"])
        // The article's `kind` values are what the encoder writes.
        let kind = ((examples["pending --json"] as? [[String: Any]])?.first?["kind"]) as? String
        #expect(kind == BGTaskKind.appRefresh.rawValue)
    }

    @Test func theEventsExampleMatchesItsEncoder() throws {
        let examples = try Self.examples()
        let entry = LogEntry(time: SnapshotSamples.now, kind: .retryScheduled, subject: "task 7", reason: "HTTP 503")
        let printed = try EventText.json([(id: 42, entry: entry)])
        let example = try #require(examples["events --json"])
        let found = Self.differences(documented: example, real: try Self.parse(printed), nulls: try Self.parse(printed))
        #expect(found.isEmpty, "\(found)")
        let kind = ((example as? [[String: Any]])?.first?["kind"]) as? String
        #expect(kind.flatMap(LogKind.init(rawValue:)) != nil)
        #expect(printed.contains("\"time\" : \"2023-11-14T22:13:20.000Z\""), "\(printed)")
    }
}
