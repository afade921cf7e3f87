import Foundation
import OffstageCore
import OffstageTestSupport
import Testing

@testable import OffstageHTTP

/// Responses whose framing or syntax is broken end as failures, never as completed transfers (RFC 9112 §6).
@Suite("CurlEngine malformed responses")
struct MalformedResponseTests {
    /// Runs one download against a server that always answers `reply`; returns its end and the request count.
    private func end(of reply: String) throws -> (TransferEnd?, Int) {
        let server = try CannedResponseServer(reply: Array(reply.utf8))
        defer { server.stop() }
        let harness = try EngineHarness()
        let reports = try harness.run(download(server.url()))
        return (reports.end, server.requests)
    }

    /// Whether the end is a permanent failure (a malformed verdict or libcurl's refusal).
    private func isPermanent(_ end: TransferEnd?) -> Bool {
        switch end {
        case .rejected(.malformed): true
        case .permanentFailure(let reason): reason.contains("malformed")
        default: false
        }
    }

    @Test func twoDifferentContentLengthsFail() throws {
        let (end, requests) = try end(
            of: "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 10\r\nConnection: close\r\n\r\nhello")
        #expect(isPermanent(end), "ended \(String(describing: end))")
        #expect(requests == 1)
    }

    @Test func aContentLengthBeyond64BitsFailsInsteadOfReadingToTheClose() throws {
        let (end, _) = try end(
            of: "HTTP/1.1 200 OK\r\nContent-Length: 99999999999999999999999\r\nConnection: close\r\n\r\nshort")
        #expect(isPermanent(end), "ended \(String(describing: end))")
    }

    @Test func aNulInAHeaderFailsAtOnce() throws {
        let (end, requests) = try end(
            of: "HTTP/1.1 200 OK\r\nX-Bad: a\u{0}b\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello")
        #expect(isPermanent(end), "ended \(String(describing: end))")
        #expect(requests == 1)
    }

    /// A NUL anywhere in the head: a field's name or value, the status line, a line of its own (which libcurl
    /// takes for the head's end), an interim 1xx block or a redirect's Location. Each is a protocol error: one
    /// request, a permanent failure, never a retry as if transient.
    @Test(arguments: [
        "HTTP/1.1 200 OK\r\nX-B\u{0}ad: a\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello",
        "HTTP/1.1 200 O\u{0}K\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello",
        "HTTP/1.1 200 OK\r\n\u{0}\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello",
        "HTTP/1.1 200 OK\r\nContent-Length: 5\u{0}\r\nConnection: close\r\n\r\nhello",
        "HTTP/1.1 100 Continue\r\nX: \u{0}\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello",
        "HTTP/1.1 301 Moved\r\nLocation: /a\u{0}b\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
    ])
    func aNulAnywhereInTheHeadFailsAtOnce(reply: String) throws {
        let (end, requests) = try end(of: reply)
        #expect(isPermanent(end), "ended \(String(describing: end))")
        #expect(requests == 1)
    }

    @Test func aSaneCannedResponseCompletes() throws {
        let (end, _) = try end(of: "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello")
        guard case .completed(let bytes, 200, _) = end else {
            Issue.record("expected completion, got \(String(describing: end))")
            return
        }
        #expect(bytes == 5)
    }

    @Test func randomHeaderBytesNeverTrapTheParser() {
        var rng = SeededRandom(seed: 9112)
        let pieces = [
            "HTTP/1.1 ", "200", "206", "416", " OK", "Content-Length:", "Content-Range: bytes ", "Retry-After:",
            "Transfer-Encoding: chunked", "ETag: \"v\"", ",", "-", "/", "*", "99999999999999999999999", "0x1p1023",
            "1e308", "-1", " ", "\t", "\u{0}", ":", "\r", "\n",
        ]
        for _ in 0..<3000 {
            var lines: [String] = []
            for _ in 0..<Int(rng.next() % 8) {
                if rng.next() % 3 == 0 {
                    let bytes = (0..<Int(rng.next() % 60)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
                    lines.append(String(decoding: bytes, as: UTF8.self))
                } else {
                    lines.append(
                        (0..<Int(rng.next() % 6)).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }
                            .joined())
                }
            }
            var block = HeaderBlock(statusLine: HeaderBlock.trimmed("HTTP/1.1 \(200 + rng.next() % 400) X"))
            for line in lines {
                if let started = HeaderBlock(statusLine: HeaderBlock.trimmed(line)) { block = started }
                block?.append(line: HeaderBlock.trimmed(line))
            }
            guard let head = block?.head else { continue }
            let verdict = ResponseVerdict.judge(
                head, offset: Int64(rng.next() % 2000), validator: "\"v\"", now: Date(timeIntervalSince1970: 0))
            if head.framingProblem != nil { #expect(verdict == .malformed(reason: head.framingProblem ?? "")) }
            if case .accept(let total, _) = verdict { #expect(total >= -1) }
        }
    }
}
