import Foundation
import OffstageCore
import OffstageTestSupport
import Testing

@testable import OffstageHTTP

/// The bytes of a response head reach the core as browsers read them: UTF-8 when valid, else ISO-8859-1.
@Suite("CurlEngine header bytes")
struct HeaderBytesTests {
    /// The name the engine reports for a response whose `Content-Disposition` value is `value` (raw bytes).
    private func suggestedName(_ value: [UInt8]) throws -> String? {
        let head = Array(
            "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nConnection: close\r\nContent-Disposition: ".utf8)
        let server = try CannedResponseServer(reply: head + value + Array("\r\n\r\nhello".utf8))
        defer { server.stop() }
        let harness = try EngineHarness()
        let reports = try harness.run(download(server.url()))
        #expect(reports.end == .completed(bytes: 5, status: 200, responseSummary: nil))
        return reports.accepted?.name
    }

    @Test func anISO88591NameArrivesAsItsCharacters() throws {
        // tc2231 attwithisofnplain: `foo-ä.html` in ISO-8859-1 (0xE4) used to arrive as `foo-\u{FFFD}.html`.
        let name = try suggestedName(
            Array("attachment; filename=\"foo-".utf8) + [0xE4] + Array(".html\"".utf8))
        #expect(name == "foo-ä.html")
    }

    @Test func aUTF8NameArrivesAsItsCharacters() throws {
        let name = try suggestedName(
            Array("attachment; filename=\"foo-".utf8) + [0xC3, 0xA4] + Array(".html\"".utf8))
        #expect(name == "foo-ä.html")
    }

    @Test func aQuotedExtendedNameIsIgnored() throws {
        let name = try suggestedName(Array("attachment; filename*=\"UTF-8''foo-%c3%a4.html\"".utf8))
        #expect(name == nil)
    }
}

/// One version string everywhere: the User-Agent is the version `--version` prints.
@Suite("CurlEngine User-Agent")
struct UserAgentTests {
    @Test func theUserAgentCarriesTheProgramsVersion() throws {
        let server = try HeaderCaptureServer()
        defer { server.stop() }
        let harness = try EngineHarness()
        _ = try harness.run(download("http://127.0.0.1:\(server.port)/ua"))
        let head = try #require(server.received.first)
        #expect(head.contains("\r\nUser-Agent: offstage/\(OffstageVersion.number)\r\n"), "\(head)")
        #expect(OffstageVersion.number == "0.9.0")
    }
}
