import Foundation
import OffstageOrigin
import OffstageStore
import OffstageTestSupport
import Testing

/// Nothing is left behind that nobody can use: a failed download's partial file while a resume could use it
/// (its size in `ls --json`), `cancel` and `clean` to remove it, the demo's and the origin's temporary files.
@Suite(.serialized)
struct LeftoverTests {
    /// The tasks `ls --json` lists.
    static func tasks(_ binary: OffstageBinary) throws -> [[String: Any]] {
        let listing = try binary.run(["ls", "--json"])
        return try #require(try JSONSerialization.jsonObject(with: Data(listing.stdout.utf8)) as? [[String: Any]])
    }

    @Test func aFailedResumableDownloadKeepsItsPartShowsItsSizeAndCancelRemovesIt() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let folder = try TemporaryHome(prefix: "offstage-e2e-leftover-cancel")
        let binary = try OffstageBinary(home: folder.base + "/home")
        // One attempt only: the connection drops at 300,000 bytes, fetched under the origin's ETag.
        let failed = try binary.run([
            "get", origin.url("/gen/1m?seed=3&drop=300000"), "--retry", "0", "-o", folder.base + "/one.bin",
        ])
        #expect(failed.status == 1, "\(failed.stderr)")
        let part = folder.base + "/home/parts/1.part"
        let kept = try #require(try Self.tasks(binary).first)
        #expect(kept["state"] as? String == "failed")
        #expect(kept["partBytes"] as? Int == 300_000, "\(kept)")
        #expect(FileManager.default.fileExists(atPath: part))

        let cancel = try binary.run(["cancel", "1"])
        #expect(cancel.status == 0, "\(cancel.stderr)")
        #expect(!FileManager.default.fileExists(atPath: part), "cancel of a failed task removes its partial file")
        let after = try #require(try Self.tasks(binary).first)
        #expect(after["state"] as? String == "cancelled")
        #expect(after["partBytes"] is NSNull, "\(after)")
    }

    @Test func aFailureNoResumeCouldUseLeavesNoPart() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let folder = try TemporaryHome(prefix: "offstage-e2e-leftover-unusable")
        let binary = try OffstageBinary(home: folder.base + "/home")
        let failed = try binary.run(["get", origin.url("/gen/1m?status=404"), "-o", folder.base + "/gone.bin"])
        #expect(failed.status == 1, "\(failed.stderr)")
        #expect(folder.files(in: "home/parts").isEmpty, "\(folder.files(in: "home/parts"))")
        #expect(try Self.tasks(binary).first?["partBytes"] is NSNull)
    }

    @Test func cleanRemovesWhatNothingCanUseKeepsWhatALiveTaskUsesAndSaysTheBytesFreed() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let folder = try TemporaryHome(prefix: "offstage-e2e-leftover-clean")
        let home = folder.base + "/home"
        let binary = try OffstageBinary(home: home)
        #expect(
            try binary.run([
                "get", origin.url("/gen/1m?seed=4&drop=200000"), "--retry", "0", "-o", folder.base + "/a.bin",
            ]).status == 1)
        // A live task (queued, never run) whose partial file must stay, and a file of no task at all.
        #expect(try binary.run(["add", origin.url("/gen/1m?seed=5")]).status == 0)
        try Data(count: 1000).write(to: URL(fileURLWithPath: home + "/parts/2.part"))
        try Data(count: 500).write(to: URL(fileURLWithPath: home + "/parts/77.part"))

        let dry = try binary.run(["clean", "--dry-run"])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("would remove 2 partial files and free 201 KB; nothing was removed"), "\(dry.stdout)")
        #expect(folder.files(in: "home/parts") == ["1.part", "2.part", "77.part"], "a dry run removes nothing")

        let clean = try binary.run(["clean"])
        #expect(clean.status == 0, "\(clean.stderr)")
        #expect(clean.stdout.contains("removed 2 partial files: 201 KB freed"), "\(clean.stdout)")
        #expect(clean.stdout.contains("kept parts/2.part"), "\(clean.stdout)")
        #expect(folder.files(in: "home/parts") == ["2.part"])
        #expect(try binary.run(["clean"]).stdout.hasSuffix("\nno partial files to remove\n"))
    }

    @Test func cleanKeepsAFailedTasksPartWhileAnEngineRuns() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let folder = try TemporaryHome(prefix: "offstage-e2e-leftover-clean-live")
        let binary = try OffstageBinary(home: folder.base + "/home")
        #expect(
            try binary.run([
                "get", origin.url("/gen/1m?seed=6&drop=100000"), "--retry", "0", "-o", folder.base + "/b.bin",
            ]).status == 1)
        let engine = try binary.startEngine(["run", "--quiet"])
        defer {
            if engine.isRunning { kill(engine.processIdentifier, SIGTERM) }
            engine.waitUntilExit()
        }
        let clean = try binary.run(["clean"])
        #expect(clean.status == 0, "\(clean.stderr)")
        #expect(clean.stdout.contains("an offstage runs"), "\(clean.stdout)")
        #expect(folder.files(in: "home/parts") == ["1.part"])
    }

    @Test func anEmptyOffstageHomeIsAnErrorLikeAnEmptyHomeOption() throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-leftover-empty-env")
        let binary = try OffstageBinary(home: folder.base + "/home")
        let result = try binary.run(["ls"], environment: ["OFFSTAGE_HOME": ""])
        #expect(result.status == 3)
        #expect(result.stderr.hasPrefix("offstage: OFFSTAGE_HOME is empty"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test(arguments: [["--root", "/nonexistent-offstage-root"], ["--uploads", "/nonexistent-offstage-uploads"]])
    func anOriginFolderThatDoesNotExistIsRefusedInOneLine(arguments: [String]) throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-leftover-origin-root")
        let result = try OffstageBinary(home: folder.base + "/home").run(["origin", "--port", "0"] + arguments)
        #expect(result.status == 2)
        #expect(
            result.stderr == "offstage: \(arguments[0]) \(arguments[1]): No such file or directory\n",
            "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func theOriginRemovesItsUploadFolderWhenItStopsAndPrintsItsPathOnce() throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-leftover-origin")
        let scratch = folder.base + "/tmp"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let binary = try OffstageBinary(home: folder.base + "/home")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary.path)
        process.arguments = ["origin", "--port", "0"]
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": scratch + "/"]) { $1 }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Read what it prints as it prints it: the banner comes just after the folder is made.
        let reader = out.fileHandleForReading.fileDescriptor
        _ = fcntl(reader, F_SETFL, fcntl(reader, F_GETFL) | O_NONBLOCK)
        var bytes: [UInt8] = []
        var ended = false
        func drain() {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let got = read(reader, &buffer, buffer.count)
                guard got > 0 else { return ended = got == 0 }
                bytes += buffer[0..<got]
            }
        }
        Wait.until(timeout: 10) {  // a whole line naming the upload folder
            drain()
            return String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                .dropLast().contains { $0.contains("/upload/") } || !process.isRunning
        }
        #expect(folder.files(in: "tmp").count == 1)
        kill(process.processIdentifier, SIGTERM)
        Wait.until(timeout: 10) {
            drain()
            return ended
        }
        process.waitUntilExit()
        let printed = String(decoding: bytes, as: UTF8.self)
        let line = try #require(printed.split(separator: "\n").first { $0.contains("/upload/") })
        #expect(line.contains("stored in \(scratch)/offstage-origin-uploads-"), "\(line)")
        #expect(!line.contains("//"), "\(line)")
        #expect(folder.files(in: "tmp").isEmpty, "the origin left \(folder.files(in: "tmp"))")
    }

    @Test func theHeadlessDemoUsesTheGivenHomeAndLeavesNothingInTheTemporaryFolder() throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-leftover-demo")
        let scratch = folder.base + "/tmp"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let home = folder.base + "/demo-home"
        let binary = try OffstageBinary(home: home)
        let result = try binary.run(["demo", "--headless"], environment: ["TMPDIR": scratch])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("home \(home)"), "the demo honours $OFFSTAGE_HOME")
        #expect(folder.files(in: "tmp").isEmpty, "the demo left \(folder.files(in: "tmp"))")
        #expect(
            !folder.files(in: "demo-home").contains { $0.hasPrefix("demo-upload") }, "\(folder.files(in: "demo-home"))")
        #expect(FileManager.default.fileExists(atPath: home + "/offstage.db"))
    }

    @Test func theHeadlessDemoOnItsOwnHomeRemovesItAtExit() throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-leftover-demo-own")
        let scratch = folder.base + "/tmp"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let binary = try OffstageBinary(home: folder.base + "/unused")
        var environment = ProcessInfo.processInfo.environment
        environment["OFFSTAGE_HOME"] = nil
        environment["TMPDIR"] = scratch
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary.path)
        process.arguments = ["demo", "--scenario", "relaunch"]
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(folder.files(in: "tmp").isEmpty, "the demo left \(folder.files(in: "tmp"))")
        #expect(!FileManager.default.fileExists(atPath: folder.base + "/unused"))
    }
}
