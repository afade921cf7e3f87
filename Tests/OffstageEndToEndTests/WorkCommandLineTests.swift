import OffstageCore
import Testing

@testable import offstage

/// `offstage work …` parsed without a home: the exact `DaemonCommand` each line builds, WorkManager's coercions
/// with their warnings, and its refusals as usage errors.
@Suite struct WorkCommandLineTests {
    /// The parsed enqueue of `words` (after `work enqueue`), or a failed expectation.
    static func enqueue(_ words: [String]) throws -> (WorkEnqueue, [String]) {
        guard case .enqueue(let request, let warnings) = try WorkCommandLine.parse(["enqueue"] + words) else {
            throw Unexpected()
        }
        return (request, warnings)
    }

    /// A parse that did not give an enqueue.
    struct Unexpected: Error {}

    /// The usage message of a line that must fail with exit 2.
    static func usage(_ raw: [String]) -> String? {
        do {
            _ = try WorkCommandLine.parse(raw)
            return nil
        } catch let error as CLIError {
            return error.exitCode == 2 ? error.description : nil
        } catch {
            return nil
        }
    }

    @Test func aBareEnqueueIsASimulatedTenSecondSuccessWithWorkManagersDefaults() throws {
        let line = try WorkCommandLine.parse(["enqueue", "sync"])
        let expected = WorkEnqueue(
            spec: WorkRequestSpec(worker: .simulated(seconds: 10, result: .success)), name: "sync")
        #expect(line == .enqueue(expected, warnings: []))
        #expect(line.command == .android(.enqueue(expected)))
    }

    @Test func everyOptionLandsInTheSpec() throws {
        let (request, warnings) = try Self.enqueue([
            "upload", "--delay", "90s", "--network", "not-roaming", "--charging", "--battery-not-low", "--idle",
            "--storage-not-low", "--backoff", "linear:1m", "--unique", "append_or_replace", "--after", "a",
            "--after", "b", "--tag", "t1", "--tag", "t2", "--shell", "echo hi",
        ])
        let spec = WorkRequestSpec(
            worker: .shell("echo hi"), initialDelay: 90, tags: ["t1", "t2"],
            constraints: WorkConstraints(
                network: .notRoaming, requiresCharging: true, requiresBatteryNotLow: true, requiresDeviceIdle: true,
                requiresStorageNotLow: true),
            backoff: BackoffCriteria(policy: .linear, delay: 60))
        #expect(request == WorkEnqueue(spec: spec, name: "upload", policy: .appendOrReplace, after: ["a", "b"]))
        #expect(warnings.isEmpty)
    }

    @Test func periodicWorkTakesItsFlexOrTheWholeInterval() throws {
        let (flexed, _) = try Self.enqueue(["p", "--periodic", "1h", "--flex", "10m", "--unique", "UPDATE"])
        #expect(flexed.spec.kind == .periodic(PeriodicSchedule(interval: 3600, flex: 600)))
        #expect(flexed.policy == .update)
        let (whole, _) = try Self.enqueue(["p", "--periodic", "2h"])
        #expect(whole.spec.kind == .periodic(PeriodicSchedule(interval: 7200, flex: 7200)))
    }

    @Test(arguments: [
        (
            ["--periodic", "5m"], PeriodicSchedule(interval: 900, flex: 900),
            ["Interval duration lesser than minimum allowed value; Changed to 900000 ms (15 min)"]
        ),
        (
            ["--periodic", "1h", "--flex", "1m"], PeriodicSchedule(interval: 3600, flex: 300),
            ["Flex duration lesser than minimum allowed value; Changed to 300000 ms (5 min)"]
        ),
        (
            ["--periodic", "1h", "--flex", "2h"], PeriodicSchedule(interval: 3600, flex: 3600),
            ["Flex duration greater than interval duration; Changed to 3600000 ms"]
        ),
    ])
    func workManagersCoercionsComeWithItsWarnings(
        words: [String], schedule: PeriodicSchedule, expected: [String]
    ) throws {
        let (request, warnings) = try Self.enqueue(["p"] + words)
        #expect(request.spec.kind == .periodic(schedule))
        #expect(warnings == expected)
    }

    @Test func aBackoffOutsideTenSecondsToFiveHoursIsClampedWithAWarning() throws {
        let (short, shortWarnings) = try Self.enqueue(["b", "--backoff", "exponential:1s"])
        #expect(short.spec.backoff == BackoffCriteria(policy: .exponential, delay: 10))
        #expect(shortWarnings == ["Backoff delay duration less than minimum value; Changed to 10000 ms (10 s)"])
        let (long, _) = try Self.enqueue(["b", "--backoff", "LINEAR:6h"])
        #expect(long.spec.backoff == BackoffCriteria(policy: .linear, delay: 18000))
        let (plain, _) = try Self.enqueue(["b", "--backoff", "linear"])
        #expect(plain.spec.backoff == BackoffCriteria(policy: .linear, delay: 30))
    }

    @Test func workersAndExpeditedWork() throws {
        let (download, _) = try Self.enqueue(["d", "--download", "https://example.com/f.bin"])
        #expect(download.spec.worker == .download("https://example.com/f.bin"))
        let (retry, _) = try Self.enqueue(["r", "--simulate", "2m:retry"])
        #expect(retry.spec.worker == .simulated(seconds: 120, result: .retry))
        let (success, _) = try Self.enqueue(["r", "--simulate", "5s"])
        #expect(success.spec.worker == .simulated(seconds: 5, result: .success))
        let (expedited, _) = try Self.enqueue(["e", "--expedited", "--network", "connected"])
        #expect(expedited.spec.expedited == .runAsNonExpedited)
        let (dropped, _) = try Self.enqueue(["e", "--expedited", "--out-of-quota", "drop"])
        #expect(dropped.spec.expedited == .drop)
    }

    @Test(arguments: [
        (["enqueue", "x", "--expedited", "--delay", "10s"], "Expedited jobs cannot be delayed"),
        (["enqueue", "x", "--expedited", "--charging"], "Expedited jobs only support network and storage constraints"),
        (["enqueue", "x", "--expedited", "--periodic", "1h"], "PeriodicWorkRequests cannot be expedited"),
        (["enqueue", "x", "--periodic", "1h", "--after", "y"], "PeriodicWorkRequests cannot be part of a chain"),
        (
            ["enqueue", "x", "--unique", "UPDATE"],
            "UPDATE is not an ExistingWorkPolicy (KEEP, REPLACE, APPEND, APPEND_OR_REPLACE)"
        ),
        (
            ["enqueue", "x", "--periodic", "1h", "--unique", "APPEND"],
            "APPEND is not an ExistingPeriodicWorkPolicy (KEEP, UPDATE, CANCEL_AND_REENQUEUE)"
        ),
    ])
    func whatWorkManagerRefusesIsAUsageErrorInItsWords(raw: [String], message: String) {
        #expect(Self.usage(raw) == message)
    }

    @Test(arguments: [
        ["enqueue", "x", "--delay", "1e308"], ["enqueue", "x", "--delay", "nan"], ["enqueue", "x", "--delay", "-5s"],
        ["enqueue", "x", "--delay", "inf"], ["enqueue", "x", "--periodic", "3651d"],
        ["enqueue", "x", "--periodic", "1h", "--flex", "1e308"], ["enqueue", "x", "--backoff", "linear:nan"],
        ["enqueue", "x", "--backoff", "linear:-1s"], ["enqueue", "x", "--backoff", "quadratic"],
        ["enqueue", "x", "--simulate", "1e308"], ["enqueue", "x", "--simulate", "5s:maybe"],
        ["enqueue", "x", "--network", "wifi"], ["enqueue", "x", "--unique", "SOMETIMES"],
        ["enqueue", "x", "--out-of-quota", "drop"], ["enqueue", "x", "--expedited", "--out-of-quota", "later"],
        ["enqueue", "x", "--flex", "10m"], ["enqueue", "x", "--shell", "ls", "--simulate", "5s"],
        ["enqueue", "x", "--shell", " "], ["enqueue", "x", "--download", "ftp://h/x"],
        ["enqueue", "x", "--download", "https://u:p@h/x"], ["enqueue", "x\u{1B}[31m"], ["enqueue", ""],
        ["enqueue", "x", "--tag", "t\u{202E}"], ["enqueue"], ["enqueue", "a", "b"], ["ls", "--periodic", "1h"],
        ["ls", "extra"], ["run"], ["run", "x", "--tag", "t"], ["cancel"], ["cancel", "a", "--tag", "b"],
        ["cancel", "--tag", "a", "--tag", "b"], ["cancel", "--id", "1", "--all"], [], ["frob"],
    ])
    func malformedLinesAreUsageErrors(raw: [String]) {
        #expect(Self.usage(raw) != nil, "\(raw)")
    }

    @Test func aHostileNameIsShownEscaped() {
        let message = Self.usage(["enqueue", "x\u{1B}[31m"]) ?? ""
        #expect(message.contains("x\\x1B[31m") && !message.contains("\u{1B}"), "\(message)")
    }

    @Test func cancelRunAndList() throws {
        #expect(try WorkCommandLine.parse(["cancel", "sync"]).command == .android(.cancel(.name("sync"))))
        #expect(try WorkCommandLine.parse(["cancel", "--tag", "t"]).command == .android(.cancel(.tag("t"))))
        #expect(try WorkCommandLine.parse(["cancel", "--id", "w-3"]).command == .android(.cancel(.id("w-3"))))
        #expect(try WorkCommandLine.parse(["cancel", "--all"]).command == .android(.cancel(.all)))
        #expect(try WorkCommandLine.parse(["run", "sync"]).command == .android(.run(name: "sync")))
        #expect(try WorkCommandLine.parse(["ls", "--json"]) == .list(json: true))
        #expect(try WorkCommandLine.parse(["ls"]).command == nil)
    }

    @Test func theDoneLineSaysWhatWasEnqueuedAndWhenADelayedRequestMayRun() throws {
        let (request, _) = try Self.enqueue(["sync", "--periodic", "1h", "--flex", "10m", "--network", "unmetered"])
        #expect(
            WorkCommand.enqueued(request)
                == "enqueued work sync: every 1 h flex 10 min; simulated 10 s then success; needs unmetered")
        let (delayed, _) = try Self.enqueue(["later", "--delay", "10m", "--unique", "KEEP", "--after", "sync"])
        #expect(
            WorkCommand.enqueued(delayed)
                == "enqueued work later: one-time; simulated 10 s then success; unique, KEEP; after sync; "
                + "runs 10 min after it is enqueued at the earliest")
    }
}
