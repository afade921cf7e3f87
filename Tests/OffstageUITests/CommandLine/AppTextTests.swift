import Foundation
import OffstageCore
import OffstageUI
import Testing

/// `app` and `app --json` as pure functions of a snapshot.
@Suite struct AppTextTests {
    /// The app after a relaunch: a handler outstanding, two records (one whose home id differs from the app's).
    static var relaunched: AppSnapshot {
        AppSnapshot(
            phase: .background, backgroundTimeRemaining: 21.25, lastTermination: "terminated by the system (memory)",
            relaunchDelay: 60, relaunchAvailableIn: 42.4, pendingRelaunches: ["com.example.offstage.background"],
            completionHandlers: [
                AppSnapshot.Handler(
                    token: 2, session: "com.example.offstage.background", secondsLeft: 24.5, eventsFinished: true)
            ],
            backgroundTasks: ["background task 1 (no expiration handler)"], waitingDeliveries: 1,
            mistakes: ["async-file-move"], session: "com.example.offstage.background",
            registry: AppRegistrySnapshot(records: [
                AppRegistrySnapshot.Record(
                    taskDescription: "ep-1", status: .delivered, url: "http://o/ep1", lastTaskIdentifier: 1, taskID: 3,
                    deliveredPath: "/h/Documents/ep1"),
                AppRegistrySnapshot.Record(
                    taskDescription: "ep-2", kind: .upload, status: .failed, url: "http://o/ep2", lastTaskIdentifier: 4,
                    taskID: 4, resumeOffset: 100, note: "HTTP 500\u{1B}"),
                AppRegistrySnapshot.Record(taskDescription: "ep-3", status: .lost, url: "http://o/ep3"),
            ]))
    }

    static func snapshot(_ app: AppSnapshot, role: EngineSnapshot.Role) -> Snapshot {
        Snapshot(
            clock: ClockSnapshot(now: SnapshotSamples.now), engine: EngineSnapshot(role: role, home: "/h"), app: app)
    }

    @Test func aHostedAppIsEveryLineOfItsState() {
        let text = AppText.text(Self.snapshot(Self.relaunched, role: .attached))
        #expect(
            text.split(separator: "\n").map(String.init) == [
                "app: background",
                "background time remaining: 21.2 s",
                "last ended: terminated by the system (memory)",
                "relaunch rate limiter: delay 1 min, next relaunch in 43 s",
                "relaunch waiting for: com.example.offstage.background",
                "completion handler 2 for com.example.offstage.background: 24.5 s left (events finished)",
                "open background task: background task 1 (no expiration handler)",
                "session com.example.offstage.background: 1 delivery waiting in the outbox",
                "mistakes: async-file-move",
                "registry: 3 records: 0 in flight, 1 delivered, 1 failed, 1 lost",
                "  \"ep-1\" download delivered (task 3, the app's taskIdentifier 1)",
                "  \"ep-2\" upload failed: HTTP 500\\x1B (task 4)",
                "  \"ep-3\" download lost",
            ])
    }

    @Test func withNoEngineTheAppIsNotRunningWhateverPhaseTheStoreKept() {
        var app = Self.relaunched
        app.forceQuit = true
        let lines = AppText.text(Self.snapshot(app, role: .notRunning)).split(separator: "\n").map(String.init)
        #expect(
            lines[0] == "app: not running: no offstage is running on /h (it was background when offstage stopped; "
                + "`offstage run` starts it over, as after a reboot)")
        #expect(lines[1] == "force-quit: no background relaunch until opened")
        let hosted = AppText.text(Self.snapshot(app, role: .hosting))
        #expect(hosted.hasPrefix("app: background (force-quit: no background relaunch until opened)\n"), "\(hosted)")
    }

    @Test("a home where nothing ever ran: no made-up history, no background time, counts in words")
    func aFreshHomeSaysWhatIs() {
        let app = AppSnapshot(phase: .notRunning, backgroundTimeRemaining: 0, session: "s")
        let lines = AppText.text(Self.snapshot(app, role: .notRunning)).split(separator: "\n").map(String.init)
        #expect(lines[0] == "app: not running: no offstage is running on /h (`offstage run` starts one)")
        #expect(lines.contains("background time remaining: none (the app runs no code)"))
        #expect(lines.contains("session s: no deliveries waiting in the outbox"))
        #expect(lines.contains("registry: no records"))
        var suspended = app
        suspended.phase = .suspended
        #expect(
            AppText.text(Self.snapshot(suspended, role: .hosting)).contains(
                "background time remaining: none (the app runs no code)"))
    }

    @Test func theForegroundHasUnlimitedTimeAndTheLargestDoubleInJSON() throws {
        let app = AppSnapshot(phase: .active, backgroundTimeRemaining: nil, session: "s")
        #expect(
            AppText.text(Self.snapshot(app, role: .hosting)).contains(
                "background time remaining: unlimited (foreground)"))
        let json = try Self.object(Self.snapshot(app, role: .hosting))
        #expect(json["backgroundTimeRemaining"] as? Double == .greatestFiniteMagnitude)
        #expect(json["offstageRunning"] as? Bool == true)
        #expect(json["lastTermination"] == nil)
        #expect(json["phase"] as? String == "active")
    }

    @Test func theJSONHasTheDocumentedKeysCountsAndRecords() throws {
        let json = try Self.object(Self.snapshot(Self.relaunched, role: .notRunning))
        #expect(
            Set(json.keys) == [
                "phase", "backgroundTimeRemaining", "forceQuit", "lastTermination", "relaunchDelay",
                "relaunchAvailableIn",
                "pendingRelaunches", "heldForOpen", "completionHandlers", "backgroundTasks", "session",
                "waitingDeliveries", "mistakes",
                "registry", "offstageRunning",
            ])
        #expect(json["offstageRunning"] as? Bool == false)
        #expect(json["backgroundTimeRemaining"] as? Double == 21.25)
        let handler = try #require((json["completionHandlers"] as? [[String: Any]])?.first)
        #expect(handler["token"] as? Int == 2 && handler["secondsLeft"] as? Double == 24.5)
        let registry = try #require(json["registry"] as? [String: Any])
        #expect(registry["total"] as? Int == 3 && registry["delivered"] as? Int == 1 && registry["lost"] as? Int == 1)
        let records = try #require(registry["records"] as? [[String: Any]])
        #expect(records.map { $0["taskDescription"] as? String } == ["ep-1", "ep-2", "ep-3"])
        #expect(records[0]["taskID"] as? Int == 3 && records[0]["lastTaskIdentifier"] as? Int == 1)
        #expect(records[1]["kind"] as? String == "upload" && records[1]["resumeOffset"] as? Int == 100)
        #expect(records[2]["status"] as? String == "lost" && records[2]["taskID"] == nil)
    }

    static func object(_ snapshot: Snapshot) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(try AppText.json(snapshot).utf8)) as? [String: Any])
    }
}
