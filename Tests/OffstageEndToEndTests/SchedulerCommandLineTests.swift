import Foundation
import OffstageStore
import OffstageTestSupport
import Testing

/// The BG task scheduler from the command line: submit, explain, simulate launch and expiration, replay.
struct SchedulerCommandLineTests {
    @Test func simulateShowsAHeavyUserGetsManyMoreRunsThanARareOne() throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-simulate")
        let binary = try OffstageBinary(home: folder.base + "/home")
        func refreshRunsPerDay(_ usage: String) throws -> Double {
            let result = try binary.run(["simulate", "--days", "30", "--usage", usage, "--seed", "7", "--json"])
            #expect(result.status == 0, "\(result.stderr)")
            let report = try #require(
                try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let identifiers = try #require(report["identifiers"] as? [[String: Any]])
            let refresh = try #require(identifiers.first { $0["identifier"] as? String == "com.example.refresh" })
            return try #require(refresh["runsPerDay"] as? Double)
        }
        let heavy = try refreshRunsPerDay("heavy")
        let rare = try refreshRunsPerDay("rare")
        #expect(heavy > 10 * rare, "heavy \(heavy) vs rare \(rare)")
        let again = try binary.run(["simulate", "--days", "30", "--usage", "heavy", "--seed", "7", "--json"])
        let first = try binary.run(["simulate", "--days", "30", "--usage", "heavy", "--seed", "7", "--json"])
        #expect(again.stdout == first.stdout, "the same seed gives the same replay")
    }

    @Test func simulateJSONHasOpensAndRunsByHourOfTheDay() throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-simulate-hours")
        let binary = try OffstageBinary(home: folder.base + "/home")
        let result = try binary.run(["simulate", "--days", "7", "--opens", "08:00,21:00", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let opens = try #require(report["opensByHour"] as? [Int])
        #expect(opens.count == 24)
        #expect(opens.reduce(0, +) == report["userOpens"] as? Int)
        #expect(report["opens"] as? [Int] == [480, 1260])
        let identifiers = try #require(report["identifiers"] as? [[String: Any]])
        for identifier in identifiers {
            let runs = try #require(identifier["runsByHour"] as? [Int])
            #expect(runs.count == 24)
            #expect(runs.reduce(0, +) == identifier["runs"] as? Int)
        }
        let hourly = try binary.run(["simulate", "--days", "7", "--opens", "08:00,21:00", "--hourly"])
        #expect(hourly.stdout.contains("hour of the day"))
        #expect(hourly.stdout.hasPrefix("7 days, opens at 08:00, 21:00, seed 1"))
    }

    @Test func calibrateSaysEveryObservationIsWithin() throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-simulate-calibrate")
        let binary = try OffstageBinary(home: folder.base + "/home")
        let result = try binary.run(["simulate", "--calibrate", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count >= 6)
        #expect(rows.allSatisfy { $0["within"] as? Bool == true })
        #expect(rows.allSatisfy { ($0["source"] as? String)?.isEmpty == false })
    }

    @Test(arguments: [
        (["schedule", "sometimes", "com.example.refresh"], "refresh or processing"),
        (["schedule", "refresh", "com.example.refresh", "--needs-power"], "processing requests only"),
        (["schedule", "processing", "bad id"], "without spaces"),
        (["simulate", "--usage", "sometimes"], "--usage is one of"),
        (["simulate", "--days", "0"], "--days must be"),
        (["simulate", "--platform", "windows"], "--platform is ios, android or both, not windows"),
        (["simulate", "--opens", "25:00"], "--opens needs times of day from 00:00 to 23:59 as HH:MM"),
        (["simulate", "--opens", "08:00,,21:00"], "not 08:00,,21:00"),
        (["simulate", "--opens", "8h"], "--opens needs times of day"),
        (["simulate", "--calibrate", "--days", "3"], "--calibrate replays its own situations: it takes no --days"),
        (["unschedule"], "missing task identifier"),
    ])
    func badSchedulerInputIsOneLineAndExitTwo(arguments: [String], message: String) throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-sched-cli")
        let result = try OffstageBinary(home: folder.base + "/home").run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func aRunningEngineLaunchesExplainsAndRefusesLikeBGTaskScheduler() throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-sched-live")
        let home = folder.base + "/home"
        let binary = try OffstageBinary(home: home)
        let engine = try binary.launch(["run", "--quiet"])
        defer {
            kill(engine.processIdentifier, SIGTERM)
            engine.waitUntilExit()
        }
        Wait.until { InstanceLock.owner(home: OffstageHome(path: home)) != nil || !engine.isRunning }

        let refused = try binary.run(["schedule", "refresh", "com.example.unlisted"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("notPermitted"), "\(refused.stderr)")

        #expect(try binary.run(["schedule", "refresh", "com.example.refresh", "--earliest", "2h"]).status == 0)
        let pending = try binary.run(["pending", "--json"])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(pending.stdout.utf8)) as? [[String: Any]])
        #expect(items.first?["identifier"] as? String == "com.example.refresh")
        #expect((items.first?["reason"] as? String)?.hasPrefix("earliest in") == true, "\(items)")

        let launched = try binary.run(["launch", "com.example.refresh"])
        #expect(launched.status == 0, "\(launched.stderr)")
        let log = home + "/bgtasks.log"
        Wait.until { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("refreshed") }
        #expect(((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("refreshed com.example.refresh"))

        let expireIdle = try binary.run(["expire", "com.example.db-cleanup"])
        #expect(expireIdle.status == 1)
        let launchUnknown = try binary.run(["launch", "com.example.backup"])
        #expect(launchUnknown.stderr.contains("No task request with identifier com.example.backup has been scheduled"))
        let events = try binary.run(["events", "--json"])
        #expect(events.stdout.contains("bg-launched"))

        // Two Background App Refresh switches, two reasons.
        #expect(try binary.run(["schedule", "refresh", "com.example.refresh"]).status == 0)
        let appOff = try binary.run(["app", "refresh", "off"])
        #expect(appOff.stdout.contains("switched Background App Refresh off for the app"), "\(appOff.stderr)")
        #expect(try binary.run(["pending"]).stdout.contains("Background App Refresh is off for this app"))
        #expect(try binary.run(["device", "refresh", "off"]).status == 0)
        #expect(try binary.run(["pending"]).stdout.contains("Background App Refresh is off on this device"))
    }

    @Test func aTaskRunningWhenOffstageIsKilledIsReportedInterruptedAfterTheRestart() throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-sched-crash")
        let home = folder.base + "/home"
        let binary = try OffstageBinary(home: home)
        #expect(try binary.run(["schedule", "processing", "com.example.db-cleanup"]).status == 0)
        let engine = try binary.launch(["run", "--quiet"])
        let owned = OffstageHome(path: home)
        Wait.until { InstanceLock.owner(home: owned) != nil || !engine.isRunning }
        // A launch needs the running engine: with none it fails and says how to start one.
        let launch = try binary.run(["launch", "com.example.db-cleanup"])
        #expect(launch.status == 0, "\(launch.stderr)")
        var running = false
        try Wait.until {
            running = try binary.run(["events"]).stdout.contains("bg-launched")
            return running || !engine.isRunning
        }
        #expect(running, "the task never launched")
        kill(engine.processIdentifier, SIGKILL)
        engine.waitUntilExit()
        // Nothing runs now: `pending` does not call the task running.
        let pending = try binary.run(["pending"])
        #expect(pending.stdout.contains("interrupted  launched"), "\(pending.stdout)")
        #expect(!pending.stdout.contains("running "), "\(pending.stdout)")

        let again = try binary.launch(["run", "--quiet"])
        defer {
            kill(again.processIdentifier, SIGTERM)
            again.waitUntilExit()
        }
        var interrupted = false
        try Wait.until {
            interrupted = try binary.run(["events"]).stdout.contains("bg-interrupted")
            return interrupted || !again.isRunning
        }
        #expect(interrupted, "the restart did not report the interrupted task")
    }
}
