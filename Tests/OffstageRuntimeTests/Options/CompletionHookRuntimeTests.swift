import Foundation
import OffstageCore
import OffstageRuntime
import OffstageStore
import OffstageTestSupport
import Testing

/// The completion hook: run after each delivery or permanent failure, with the task only in its environment.
@Suite struct CompletionHookRuntimeTests {
    /// The `OFFSTAGE_*` variables a hook wrote with `env`, by name.
    static func variables(_ path: String) throws -> [String: String] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var result: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("OFFSTAGE_") {
            let parts = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            result[String(parts[0])] = parts.count == 2 ? String(parts[1]) : ""
        }
        return result
    }

    @Test func theHookGetsTheTaskInItsEnvironmentAndNeverRunsServerText() throws {
        let harness = try RuntimeHarness()
        let out = harness.home.path + "/hook-out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        // A server-chosen name that a shell would run if it were spliced into a command line.
        let hostile = "$(touch pwned).bin"
        let escaped = hostile.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? hostile
        var spec = TransferSpec(
            kind: .download, url: "http://user:pw@127.0.0.1:\(harness.origin.port)/gen/16k?seed=11&filename=\(escaped)")
        spec.session = "s"
        let completed = try harness.store.enqueueAdd(spec, now: Date()).task
        let failed = try harness.download("/gen/16k?status=404")
        // The hook runs in `out`, so a name that was run would leave `out/pwned`.
        let command = "cd '\(out)' && env > env-$OFFSTAGE_TASK_ID"
        #expect(try harness.run { $0.onComplete = command } == .idle)

        let done = try Self.variables(out + "/env-\(completed)")
        let task = try harness.task(completed)
        #expect(done["OFFSTAGE_TASK_ID"] == "\(completed)")
        #expect(done["OFFSTAGE_STATE"] == "completed")
        #expect(done["OFFSTAGE_FILE"] == task.deliveredPath)
        #expect(task.deliveredPath?.contains("$(touch") == true)
        #expect(done["OFFSTAGE_URL"] == "http://127.0.0.1:\(harness.origin.port)/gen/16k?seed=11&filename=\(escaped)")
        #expect(done["OFFSTAGE_KIND"] == "download")
        #expect(!FileManager.default.fileExists(atPath: out + "/pwned"), "server text was run by a shell")

        let gone = try Self.variables(out + "/env-\(failed)")
        #expect(gone["OFFSTAGE_STATE"] == "failed")
        #expect(gone["OFFSTAGE_FILE"] == "")
        #expect(gone["OFFSTAGE_ERROR"]?.contains("404") == true)
        #expect(try harness.events(completed).contains { $0.kind == .hook && $0.reason == "completion hook ran" })
    }

    @Test func aFailingHookIsLoggedAndNeverFatal() throws {
        let harness = try RuntimeHarness()
        let first = try harness.download("/gen/8k?seed=12")
        let second = try harness.download("/gen/8k?seed=13")
        #expect(try harness.run { $0.onComplete = "echo broken hook >&2; exit 3" } == .idle)
        #expect(try harness.task(first).state == .completed)
        #expect(try harness.task(second).state == .completed)
        let line = try #require(try harness.events(first).first { $0.kind == .hook })
        #expect(line.reason.hasPrefix("completion hook failed"))
        let log = try String(contentsOfFile: harness.home.path + "/hooks.log", encoding: .utf8)
        #expect(log.contains("broken hook"))
    }
}
