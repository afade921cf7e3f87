import Foundation
import OffstageCore
import OffstageHTTP
import OffstageOrigin
import OffstageRuntime
import OffstageStore
import OffstageTestSupport
import Testing

/// Redirects are followed by the daemon (never by libcurl) within the policy's limits.
///
/// https → http downgrades are not covered here: the origin has no TLS, so no https request can
/// reach it. The refusal lives in `RedirectPolicy.decide`, which the daemon consults for every
/// hop (see `RedirectPolicyTests` in the core tests and the non-http scheme test below).
@Suite struct RedirectTests {
    @Test func aRedirectChainWithinTheLimitIsFollowed() throws {
        let harness = try RuntimeHarness()
        let size = 1 * mebibyte
        let id = try harness.download("/redirect/2/gen/1m?seed=41", name: "moved.bin")

        #expect(try harness.run { $0.redirectPolicy = RedirectPolicy(maxRedirects: 2) } == .idle)

        let task = try harness.task(id)
        #expect(task.state == .completed)
        #expect(RuntimeHarness.digest(task.deliveredPath) == RuntimeHarness.expected(size: size, seed: 41))
        #expect(task.effectiveURL == harness.origin.url("/gen/1m?seed=41"))
        #expect(task.url == harness.origin.url("/redirect/2/gen/1m?seed=41"))
        #expect(harness.requests().map(\.status) == [302, 302, 200])
        #expect(try harness.eventKinds(id).filter { $0 == .redirected }.count == 2)
    }

    @Test func aRedirectChainOverTheLimitFails() throws {
        let harness = try RuntimeHarness()
        let id = try harness.download("/redirect/3/gen/1m?seed=42", name: "far.bin")

        #expect(try harness.run { $0.redirectPolicy = RedirectPolicy(maxRedirects: 2) } == .idle)

        let task = try harness.task(id)
        #expect(task.state == .failed)
        #expect(task.error?.contains("too many redirects") == true)
        #expect(harness.documents().isEmpty)
        // The third Location is refused without being requested.
        #expect(harness.requests().map(\.status) == [302, 302, 302])
        #expect(harness.requests(path: "/gen/1m").isEmpty)
    }

    @Test func aRedirectLoopIsRefused() throws {
        let harness = try RuntimeHarness()
        let id = try harness.download("/loop/a", name: "loop.bin")

        #expect(try harness.run() == .idle)

        let task = try harness.task(id)
        #expect(task.state == .failed)
        #expect(task.error?.contains("redirect loop") == true)
        #expect(harness.requests().map(\.path) == ["/loop/a", "/loop/b"])
        #expect(harness.documents().isEmpty)
    }

    @Test func aRedirectToAnotherHTTPOriginIsFollowed() throws {
        let harness = try RuntimeHarness()
        let other = try OriginFixture()
        defer { other.stop() }
        let size = 1 * mebibyte
        let target = other.url("/gen/1m?seed=43")
        let id = try harness.download("/redirect-to?url=\(Self.encoded(target))", name: "elsewhere.bin")

        #expect(try harness.run() == .idle)

        let task = try harness.task(id)
        #expect(task.state == .completed)
        #expect(task.effectiveURL == target)
        #expect(RuntimeHarness.digest(task.deliveredPath) == RuntimeHarness.expected(size: size, seed: 43))
        #expect(harness.requests().map(\.status) == [302])
        #expect(other.server.requestLog().map(\.status) == [200])
    }

    @Test func aRedirectToANonHTTPSchemeIsRefused() throws {
        let harness = try RuntimeHarness()
        let id = try harness.download("/redirect-to?url=\(Self.encoded("file:///etc/passwd"))", name: "passwd")

        #expect(try harness.run() == .idle)

        let task = try harness.task(id)
        #expect(task.state == .failed)
        #expect(task.error?.contains("only http and https") == true)
        #expect(harness.documents().isEmpty)
    }

    /// A URL as a query value.
    static func encoded(_ url: String) -> String {
        url.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? url
    }
}
