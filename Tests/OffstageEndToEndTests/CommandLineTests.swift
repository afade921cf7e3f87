import Foundation
import OffstageStore
import OffstageTestSupport
import Testing

/// The command line as a user meets it: clear one-line errors, exit codes, stable JSON.
struct CommandLineTests {
    @Test(arguments: [
        (["add"], "missing URL"),
        (["add", "ftp://example.com/x"], "only http and https"),
        (["add", "not a url"], "not a URL"),
        (["add", "http://user:secret@127.0.0.1/x"], "never stored"),
        (["add", "http://127.0.0.1/x", "--begin-after", "soon"], "--begin-after needs a duration"),
        (["add", "http://127.0.0.1/x", "--bogus"], "unknown option --bogus"),
        (["upload", "/nonexistent/file", "--to", "http://127.0.0.1/u"], "cannot read /nonexistent/file"),
        (["upload", "/etc/hostname", "--to", "http://127.0.0.1/u", "--method", "GET"], "--method must be PUT or POST"),
        (["pause", "abc"], "is not a task ID"),
        (["pause", "999"], "no task 999"),
        (["frobnicate"], "unknown command frobnicate"),
        (["device", "battery", "140"], "battery needs a level"),
        (["app", "frobnicate"], "unknown app command frobnicate"),
        (["app", "mistake", "bogus", "on"], "no app mistake bogus"),
        (["app", "mistake", "async-file-move", "maybe"], "takes on or off"),
        (["app", "download"], "takes one URL"),
        (["app", "download", "ftp://example.com/x"], "only http and https"),
        (["app", "download", "http://user:secret@127.0.0.1/x"], "never stored"),
        (["app", "upload", "/nonexistent/file", "http://127.0.0.1/u"], "cannot read /nonexistent/file"),
        (["app", "open", "now"], "takes no arguments"),
        (["demo", "--scenario", "bogus"], "unknown demo scenario bogus"),
    ])
    func badInputIsOneClearLineAndExitTwo(arguments: [String], message: String) throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-cli")
        let result = try OffstageBinary(home: folder.base + "/home").run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("offstage: "))
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(!result.stderr.contains("secret"))
    }

    @Test func homeAndConfigMayComeBeforeTheCommand() throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-config-first")
        let binary = try OffstageBinary(home: folder.base + "/home")
        let config = CommandHelpTests.repository.appendingPathComponent("config").path
        let first = try binary.run(["--home", folder.base + "/other", "--config", config, "pending"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("no pending BG task requests"))
        let joined = try binary.run(["--config=" + config, "pending", "--home", folder.base + "/other"])
        #expect(joined.status == 0, "\(joined.stderr)")
        let after = try binary.run(["pending", "--config", config])
        #expect(after.status == 0, "\(after.stderr)")
        // A command without --config refuses it as its own option, wherever it was given.
        let refused = try binary.run(["--config", config, "ls"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("unknown option --config"), "\(refused.stderr)")
    }

    @Test func lsJSONHasTheDocumentedFieldsAndNullForUnknownSizes() throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-ls")
        let binary = try OffstageBinary(home: folder.base + "/home")
        #expect(try binary.run(["add", "http://127.0.0.1:9/file.iso", "--description", "nightly"]).status == 0)
        let result = try binary.run(["ls", "--json"])
        #expect(result.status == 0)
        let tasks = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let task = try #require(tasks.first)
        #expect(
            Set(task.keys) == [
                "id", "session", "description", "kind", "url", "state", "bytesWritten", "bytesExpected", "path",
                "error", "partBytes",
            ])
        #expect(task["description"] as? String == "nightly")
        #expect(task["state"] as? String == "queued")
        #expect(task["bytesExpected"] is NSNull)
        #expect(task["path"] is NSNull)
    }

    @Test func getOfAMissingResourceFailsWithTheHTTPStatus() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let folder = try TemporaryHome(prefix: "offstage-e2e-404")
        let result = try OffstageBinary(home: folder.base + "/home").run([
            "get", origin.url("/nothing-here"), "-o", folder.base + "/x",
        ])
        #expect(result.status == 1)
        #expect(result.stderr.contains("HTTP 404 Not Found"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.base + "/x"))
    }

    @Test func getOfAnUnreachableHostGivesUpAfterItsRetries() throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-unreachable")
        let result = try OffstageBinary(home: folder.base + "/home").run([
            "get", "http://127.0.0.1:9/x", "--retry", "0", "-o", folder.base + "/x",
        ])
        #expect(result.status == 1)
        #expect(result.stderr.lowercased().contains("connect"), "\(result.stderr)")
    }

    @Test func getPutsCredentialsNowhereButTheRequest() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let folder = try TemporaryHome(prefix: "offstage-e2e-creds")
        let binary = try OffstageBinary(home: folder.base + "/home")
        let url = origin.baseURL.replacingOccurrences(of: "http://", with: "http://alice:s3cr3tpw@") + "/gen/64k?seed=3"
        let result = try binary.run(["get", url, "-o", folder.base + "/out.bin"])
        #expect(result.status == 0, "\(result.stderr)")
        let events = try binary.run(["events", "--json"])
        let listing = try binary.run(["ls", "--json"])
        for text in [result.stdout, result.stderr, events.stdout, listing.stdout] {
            #expect(!text.contains("s3cr3tpw"))
        }
        for name in ["offstage.db", "offstage.db-wal"] {
            let bytes = (try? Data(contentsOf: URL(fileURLWithPath: folder.base + "/home/" + name))) ?? Data()
            #expect(bytes.range(of: Data("s3cr3tpw".utf8)) == nil, "credentials found in \(name)")
        }
    }

    @Test func aSecondEngineOnTheSameHomeIsRefusedNamingTheOwner() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let folder = try TemporaryHome(prefix: "offstage-e2e-lock")
        let binary = try OffstageBinary(home: folder.base + "/home")
        #expect(try binary.run(["add", origin.url("/gen/8m?rate=500000")]).status == 0)
        let first = try binary.launch(["run", "--quiet"])
        defer {
            kill(first.processIdentifier, SIGTERM)
            first.waitUntilExit()
        }
        let home = OffstageHome(path: folder.base + "/home")
        Wait.until { InstanceLock.owner(home: home) != nil || !first.isRunning }
        let second = try binary.run(["run", "--until-idle"])
        #expect(second.status == 3)
        #expect(second.stderr.contains("another offstage (pid \(first.processIdentifier)) owns"), "\(second.stderr)")
    }

    @Test func aForeignDatabaseFileIsReportedAndLeftUntouched() throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-foreign")
        let home = folder.base + "/home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try garbage.write(to: URL(fileURLWithPath: home + "/offstage.db"))
        let result = try OffstageBinary(home: home).run(["ls"])
        #expect(result.status == 3)
        #expect(result.stderr.contains("not an Offstage store"), "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: home + "/offstage.db")) == garbage)
    }
}
