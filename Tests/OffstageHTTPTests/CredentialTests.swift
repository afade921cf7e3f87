import Foundation
import OffstageCore
import OffstageHTTP
import OffstageTestSupport
import Testing

@Suite("CurlEngine credentials")
struct CredentialTests {
    @Test func credentialsGoToTheirOriginOnly() throws {
        let own = try HeaderCaptureServer()
        let other = try HeaderCaptureServer()
        defer {
            own.stop()
            other.stop()
        }
        let harness = try EngineHarness()
        let credentials = OriginCredentials(userInfo: "alice:s3cret", origin: "http://127.0.0.1:\(own.port)")
        let expected = "Authorization: Basic " + Data("alice:s3cret".utf8).base64EncodedString()

        let first = try harness.run(download("http://127.0.0.1:\(own.port)/a", id: 1), credentials: credentials)
        #expect(first.end == .completed(bytes: 2, status: 200, responseSummary: nil))
        #expect(own.received.first?.contains(expected) == true)

        let second = try harness.run(download("http://127.0.0.1:\(other.port)/b", id: 2), credentials: credentials)
        #expect(second.end == .completed(bytes: 2, status: 200, responseSummary: nil))
        #expect(other.received.first?.contains("Authorization") == false)
        #expect(other.received.count == 1)
    }

    @Test func percentEncodedUserInformationIsSentDecoded() throws {
        let server = try HeaderCaptureServer()
        defer { server.stop() }
        let harness = try EngineHarness()
        let url = "http://b%20ob:p%40ss%3Aw0rd@127.0.0.1:\(server.port)/a"
        let credentials = try #require(OriginCredentials(url: url))
        #expect(credentials.user == "b ob" && credentials.password == "p@ss:w0rd")
        let reports = try harness.run(download(URLCredentials.stripped(url), id: 1), credentials: credentials)
        #expect(reports.end == .completed(bytes: 2, status: 200, responseSummary: nil))
        let expected = "Authorization: Basic " + Data("b ob:p@ss:w0rd".utf8).base64EncodedString()
        #expect(server.received.first?.contains(expected) == true)
    }

    @Test func plainCredentialsKeepTheirCharacters() {
        let credentials = OriginCredentials(user: "al:ice", password: "100%@x", origin: "http://h")
        #expect(credentials.user == "al:ice")
        #expect(credentials.password == "100%@x")
        #expect(credentials.origin == "http://h:80")
    }

    @Test func credentialsFromAURLAreBoundToItsOrigin() throws {
        let credentials = try #require(OriginCredentials(url: "https://bob:pw@example.com/file"))
        #expect(credentials.origin == "https://example.com:443")
        #expect(credentials.apply(to: "https://example.com:443/other"))
        #expect(!credentials.apply(to: "http://example.com/file"))
        #expect(!credentials.apply(to: "https://cdn.example.com/file"))
        #expect(!"\(credentials)".contains("pw"))
    }

    @Test func reasonsNeverShowCredentials() throws {
        let harness = try EngineHarness()
        // Port 9 (discard) is closed on loopback here; the failure text must not carry the password.
        let credentials = OriginCredentials(userInfo: "carol:hunter2", origin: "http://127.0.0.1:9")
        let reports = try harness.run(download("http://127.0.0.1:9/x"), credentials: credentials)
        guard case .interrupted(let reason, _) = reports.end else {
            Issue.record("expected an interruption, got \(String(describing: reports.end))")
            return
        }
        #expect(!reason.contains("hunter2"))
        #expect(!reports.description.contains("hunter2"))
    }
}
