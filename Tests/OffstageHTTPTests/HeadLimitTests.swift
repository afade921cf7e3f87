import Foundation
import OffstageCore
import OffstageTestSupport
import Testing

@testable import OffstageHTTP

/// A response head past libcurl's limits is reported as a head too large, never as "Out of memory", and is not
/// retried (the server would send the same head again).
@Suite("CurlEngine response head limits")
struct HeadLimitTests {
    /// How a download ends against a server that always answers `head` + `ok`.
    private func end(of head: [UInt8]) throws -> (TransferEnd?, Int) {
        let server = try CannedResponseServer(
            reply: head + Array("Content-Length: 2\r\nConnection: close\r\n\r\nok".utf8))
        defer { server.stop() }
        let harness = try EngineHarness()
        let reports = try harness.run(download(server.url()))
        return (reports.end, server.requests)
    }

    @Test func aHeaderLineOverTheLimitIsAHeadTooLarge() throws {
        let line =
            Array("HTTP/1.1 200 OK\r\nX-Big: ".utf8) + [UInt8](repeating: 0x61, count: 200 << 10) + Array("\r\n".utf8)
        let (end, requests) = try end(of: line)
        guard case .permanentFailure(let reason) = end else {
            Issue.record("ended \(String(describing: end))")
            return
        }
        #expect(reason == "response head too large: a header line is over 100 KiB (libcurl's limit)", "\(reason)")
        #expect(!reason.lowercased().contains("memory"))
        #expect(requests == 1)
    }

    @Test func aHeadOverTheLimitInAllIsAHeadTooLarge() throws {
        var head = Array("HTTP/1.1 200 OK\r\n".utf8)
        for index in 0..<5000 { head += Array("X-\(index): \(String(repeating: "b", count: 100))\r\n".utf8) }
        let (end, requests) = try end(of: head)
        guard case .permanentFailure(let reason) = end else {
            Issue.record("ended \(String(describing: end))")
            return
        }
        #expect(reason == "response head too large: over 256 KiB in all", "\(reason)")
        #expect(requests == 1)
    }
}
