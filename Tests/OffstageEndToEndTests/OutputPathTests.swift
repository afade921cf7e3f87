import Foundation
import OffstageOrigin
import OffstageTestSupport
import Testing

/// `get -o` by curl's rules, and the mode of a delivered file.
struct OutputPathTests {
    /// A folder with an origin, a binary on a home inside it, and a `dl/` directory.
    private func setUp(_ label: String) throws -> (TemporaryHome, OriginFixture, OffstageBinary) {
        let folder = try TemporaryHome(prefix: "offstage-e2e-" + label)
        try FileManager.default.createDirectory(atPath: folder.base + "/dl", withIntermediateDirectories: true)
        return (folder, try OriginFixture(), try OffstageBinary(home: folder.base + "/home"))
    }

    @Test(arguments: ["dl/", "dl", "dl/.", "./dl//"])
    func aDirectoryTargetDeliversIntoItUnderTheServersName(output: String) throws {
        let (folder, origin, binary) = try setUp("o-dir")
        defer { origin.stop() }
        let result = try binary.run(
            ["get", origin.url("/gen/4k?seed=3&filename=report%3B%20final.pdf"), "-o", output],
            directory: folder.base)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(folder.files(in: "dl") == ["report; final.pdf"])
        #expect(!folder.files(in: "").contains { $0.hasPrefix("dl (") })
        #expect(result.stdout.trimmingCharacters(in: .newlines) == folder.base + "/dl/report; final.pdf")
    }

    @Test func dotDeliversIntoTheWorkingDirectoryUnderTheURLsName() throws {
        let (folder, origin, binary) = try setUp("o-dot")
        defer { origin.stop() }
        let result = try binary.run(["get", origin.url("/gen/4k?seed=4"), "-o", "."], directory: folder.base + "/dl")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(folder.files(in: "dl") == ["4k"])
        #expect(!folder.files(in: "").contains { $0.hasPrefix("dl (") })
    }

    @Test func aFileTargetIsTheFileItself() throws {
        let (folder, origin, binary) = try setUp("o-file")
        defer { origin.stop() }
        let result = try binary.run(
            ["get", origin.url("/gen/4k?seed=5&filename=server.bin"), "-o", "dl/mine.bin"], directory: folder.base)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(folder.files(in: "dl") == ["mine.bin"])
    }

    @Test func aFileTargetThatExistsIsReplacedAsCurlDoes() throws {
        let (folder, origin, binary) = try setUp("o-replace")
        defer { origin.stop() }
        let target = folder.base + "/dl/mine.bin"
        try Data("the old contents".utf8).write(to: URL(fileURLWithPath: target))
        let result = try binary.run(
            ["get", origin.url("/gen/64k?seed=7"), "-o", "dl/mine.bin"], directory: folder.base)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.trimmingCharacters(in: .newlines) == target)
        #expect(folder.files(in: "dl") == ["mine.bin"], "no `mine (1).bin` beside it")
        #expect(try SHA256.hexDigest(ofFile: target) == GeneratedContent.sha256Hex(size: 64 << 10, seed: 7))
    }

    @Test func aDirectoryTargetNeverReplacesAFileOfTheSameName() throws {
        let (folder, origin, binary) = try setUp("o-keep")
        defer { origin.stop() }
        try Data("mine".utf8).write(to: URL(fileURLWithPath: folder.base + "/dl/4k"))
        let result = try binary.run(["get", origin.url("/gen/4k?seed=8"), "-o", "dl/"], directory: folder.base)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(folder.files(in: "dl") == ["4k", "4k (1)"])
        #expect(try String(contentsOfFile: folder.base + "/dl/4k", encoding: .utf8) == "mine")
    }

    @Test func anEmptyNameIsAUsageError() throws {
        let (folder, origin, binary) = try setUp("o-empty")
        defer { origin.stop() }
        let result = try binary.run(["get", origin.url("/gen/4k"), "-o", ""], directory: folder.base)
        #expect(result.status == 2)
        #expect(result.stderr.contains("empty"), "\(result.stderr)")
        let dash = try binary.run(["get", origin.url("/gen/4k"), "-o", "-"], directory: folder.base)
        #expect(dash.status == 2)
        #expect(origin.server.requestLog().isEmpty)
    }

    @Test(arguments: ["missing/dir/f.bin", "missing/dir/"])
    func aMissingDirectoryIsAnErrorUnlessCreateDirs(output: String) throws {
        let (folder, origin, binary) = try setUp("o-missing")
        defer { origin.stop() }
        let refused = try binary.run(["get", origin.url("/gen/4k?seed=6"), "-o", output], directory: folder.base)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("does not exist") && refused.stderr.contains("--create-dirs"))
        #expect(!FileManager.default.fileExists(atPath: folder.base + "/missing"))
        #expect(origin.server.requestLog().isEmpty)

        let made = try binary.run(
            ["get", origin.url("/gen/4k?seed=6"), "-o", output, "--create-dirs"], directory: folder.base)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(folder.files(in: "missing/dir") == [output.hasSuffix("/") ? "4k" : "f.bin"])
    }

    @Test func aParentThatIsAFileIsAnError() throws {
        let (folder, origin, binary) = try setUp("o-notdir")
        defer { origin.stop() }
        #expect(FileManager.default.createFile(atPath: folder.base + "/plain", contents: Data("x".utf8)))
        let result = try binary.run(
            ["get", origin.url("/gen/4k"), "-o", "plain/f", "--create-dirs"], directory: folder.base)
        #expect(result.status == 2)
        #expect(result.stderr.contains("is not a directory"), "\(result.stderr)")
    }

    @Test(arguments: [("022", 0o644), ("077", 0o600), ("002", 0o664)] as [(String, Int)])
    func aDeliveredFileGetsTheModeTheUmaskGives(mask: String, mode: Int) throws {
        let (folder, origin, binary) = try setUp("o-mode")
        defer { origin.stop() }
        let result = try binary.run(
            ["get", origin.url("/gen/64k?seed=7"), "-o", "dl/f.bin"], directory: folder.base, umask: mask)
        #expect(result.status == 0, "\(result.stderr)")
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.base + "/dl/f.bin")
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == mode)
    }

    @Test func aPasswordCanBeGivenOnStandardInput() throws {
        let (folder, origin, binary) = try setUp("o-stdin")
        defer { origin.stop() }
        let result = try binary.run(
            ["get", origin.url("/gen/4k?seed=8"), "-o", "dl/", "--user", "alice", "--password-stdin"],
            directory: folder.base, input: "p@ss word\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(folder.files(in: "dl") == ["4k"])
        let refused = try binary.run(
            ["get", origin.url("/gen/4k?seed=8"), "-o", "dl/", "--user", "alice:secret"], directory: folder.base)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("/proc/PID/cmdline") && !refused.stderr.contains("secret"))
    }

    @Test func stdinPasswordAndNetrcFileCredentialsReachTheServerDecoded() throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-o-auth")
        let binary = try OffstageBinary(home: folder.base + "/home")
        let server = try HeaderCaptureServer()
        defer { server.stop() }
        let viaStdin = try binary.run(
            [
                "get", "http://127.0.0.1:\(server.port)/a", "-o", folder.base + "/a", "--user", "al ice",
                "--password-stdin",
            ], input: "p@ss:word\n")
        #expect(viaStdin.status == 0, "\(viaStdin.stderr)")
        let netrc = folder.base + "/netrc"
        try "machine 127.0.0.1 login bob password s%40fe\n".write(toFile: netrc, atomically: true, encoding: .utf8)
        let viaNetrc = try binary.run(
            ["get", "http://127.0.0.1:\(server.port)/b", "-o", folder.base + "/b", "--netrc-file", netrc])
        #expect(viaNetrc.status == 0, "\(viaNetrc.stderr)")
        let heads = server.received
        #expect(heads.count == 2)
        #expect(heads.first?.contains("Basic " + Data("al ice:p@ss:word".utf8).base64EncodedString()) == true)
        // A netrc password is taken as written: no percent-decoding.
        #expect(heads.last?.contains("Basic " + Data("bob:s%40fe".utf8).base64EncodedString()) == true)
    }

    @Test func aMissingNetrcFileIsAUsageError() throws {
        let (folder, origin, binary) = try setUp("o-netrc")
        defer { origin.stop() }
        let result = try binary.run(
            ["get", origin.url("/gen/4k"), "--netrc-file", folder.base + "/none"], directory: folder.base)
        #expect(result.status == 2)
        #expect(result.stderr.contains("cannot read"), "\(result.stderr)")
    }

    @Test func aZeroByteStoreIsRefusedWithExitThree() throws {
        let (folder, origin, binary) = try setUp("o-empty-store")
        defer { origin.stop() }
        #expect(try binary.run(["add", "http://127.0.0.1:9/x"]).status == 0)
        #expect(truncate(folder.base + "/home/offstage.db", 0) == 0)
        let result = try binary.run(["get", origin.url("/gen/4k"), "-o", "dl/"], directory: folder.base)
        #expect(result.status == 3)
        #expect(result.stderr.contains("lost its contents"), "\(result.stderr)")
        let listed = try binary.run(["ls"])
        #expect(listed.status == 3)
        #expect(
            (try FileManager.default.attributesOfItem(atPath: folder.base + "/home/offstage.db")[.size]
                as? NSNumber)?.intValue == 0)
    }
}
