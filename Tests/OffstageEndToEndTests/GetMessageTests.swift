import Foundation
import OffstageOrigin
import OffstageTestSupport
import Testing

/// What `offstage get` prints is true: a restart from zero says so and why, once, and its last line too.
@Suite struct GetMessageTests {
    /// Request 1 drops at 900 kB under ETag v1; request 2 resumes with If-Range v1, but the file changed: the
    /// origin answers 200 with v2, which `get` takes as the new file in the same request. It used to print
    /// `resumed from …`, count up from 0% and never say it started again (and send a third request).
    @Test func aRestartFromZeroIsSaidWithWhyAndTheLastLineSaysItToo() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let folder = try TemporaryHome(prefix: "offstage-e2e-restart")
        let binary = try OffstageBinary(home: folder.base + "/home")
        let output = folder.base + "/changed.bin"
        let result = try binary.run(["get", origin.url("/gen/2m?seed=22&drop=900000&changeValidator=1"), "-o", output])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try SHA256.hexDigest(ofFile: output) == GeneratedContent.sha256Hex(size: 2 << 20, seed: 22))
        let lines = result.stderr.split(separator: "\n").map(String.init)
        let notices = lines.filter { $0.contains("starting again from zero") }
        #expect(notices.count == 1, "\(result.stderr)")
        #expect(
            notices.first?.hasPrefix("changed.bin: the file changed on the server (ETag ") == true
                && notices.first?.hasSuffix(": starting again from zero (900 KB dropped)") == true,
            "\(result.stderr)")
        let last = try #require(lines.last)
        #expect(last.hasPrefix("changed.bin  100% 2.1 MB in "), "\(last)")
        #expect(last.contains(", started again from zero: the file changed on the server (ETag "), "\(last)")
        #expect(!result.stderr.contains("resumed from"), "\(result.stderr)")
        #expect(
            origin.server.requestLog().filter { $0.target.hasPrefix("/gen/2m") }.count == 2,
            "one request after the drop")
    }
}

/// `get` against a server that trickles: the meter says `stalled N s`, then the transfer is reconnected (an
/// attempt) and resumed with If-Range. The stall window is `OFFSTAGE_STALL_SECONDS` here (30 s by default).
@Suite struct GetStallTests {
    @Test func aTrickleIsSaidStalledThenReconnected() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let folder = try TemporaryHome(prefix: "offstage-e2e-stall")
        let binary = try OffstageBinary(home: folder.base + "/home")
        let session = try binary.run(["session", "com.offstage.get", "--timeout-request", "3"])
        #expect(session.status == 0, "\(session.stderr)")
        let output = folder.base + "/trickle.bin"
        let result = try binary.run(
            ["get", origin.url("/gen/256k?seed=152&trickle=5000&times=1"), "-o", output],
            environment: ["OFFSTAGE_STALL_SECONDS": "1"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try SHA256.hexDigest(ofFile: output) == GeneratedContent.sha256Hex(size: 256 << 10, seed: 152))
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(
            lines.contains { $0.hasPrefix("trickle.bin running ") && $0.contains(" stalled 1 s") }, "\(result.stderr)")
        #expect(
            lines.contains { $0.contains("retrying") && $0.contains("stalled: under 1 kB in 3 s, attempt 2 of 8") },
            "\(result.stderr)")
        let requests = origin.server.requestLog().filter { $0.target.hasPrefix("/gen/256k") }
        #expect(
            requests.count == 2 && requests.last?.range?.hasPrefix("bytes=") == true && requests.last?.ifRange != nil)
    }
}
