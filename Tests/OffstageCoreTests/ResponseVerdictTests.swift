import Foundation
import OffstageCore
import Testing

/// One row of the verdict table: a response head to a request for bytes from `offset` under `validator`.
struct VerdictCase: Sendable, CustomTestStringConvertible {
    let label: String
    let status: Int
    let fields: [Field]
    let offset: Int64
    let validator: String?
    let expected: Expected

    struct Field: Sendable {
        let name: String
        let value: String
    }

    /// The verdict expected; restarts are matched by a fragment of their reason.
    enum Expected: Sendable, Equatable {
        case accept(expectedTotal: Int64, validator: String?)
        case redirect(String)
        case restart(reasonContains: String)
        /// The 200 answer to a range request is the whole file again: written from byte 0, one request.
        case restartWithBody(expectedTotal: Int64, validator: String?, reasonContains: String)
        case alreadyComplete(Int64)
        case httpError(Int, retryAfter: Double?)
        case malformed(reasonContains: String)
    }

    init(
        _ label: String, _ status: Int, _ fields: [(String, String)], offset: Int64, validator: String?,
        _ expected: Expected
    ) {
        self.label = label
        self.status = status
        self.fields = fields.map { Field(name: $0.0, value: $0.1) }
        self.offset = offset
        self.validator = validator
        self.expected = expected
    }

    var testDescription: String { label }
    var head: ResponseHead { ResponseHead(status: status, fields: fields.map { ($0.name, $0.value) }) }
}

@Suite struct ResponseVerdictTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let etag = "\"v1\""

    static let table: [VerdictCase] = [
        VerdictCase(
            "200 from zero is accepted with its length and strong ETag", 200,
            [("Content-Length", "1000"), ("ETag", etag)], offset: 0, validator: nil,
            .accept(expectedTotal: 1000, validator: etag)),
        VerdictCase(
            "200 from zero without a length has an unknown total", 200, [], offset: 0, validator: nil,
            .accept(expectedTotal: -1, validator: nil)),
        VerdictCase(
            "200 from zero with only a weak ETag has no validator", 200,
            [("Content-Length", "10"), ("ETag", "W/\"w\"")], offset: 0, validator: nil,
            .accept(expectedTotal: 10, validator: nil)),
        VerdictCase(
            "200 from zero falls back to Last-Modified", 200,
            [("ETag", "W/\"w\""), ("Last-Modified", "Sun, 06 Nov 1994 08:49:37 GMT")], offset: 0, validator: nil,
            .accept(expectedTotal: -1, validator: "Sun, 06 Nov 1994 08:49:37 GMT")),
        VerdictCase(
            "206 to a request without Range restarts", 206,
            [("Content-Range", "bytes 0-9/10")], offset: 0, validator: nil, .restart(reasonContains: "without Range")),
        VerdictCase(
            "206 at the offset with the same validator continues", 206,
            [("Content-Range", "bytes 500-999/1000"), ("Content-Length", "500"), ("ETag", etag)],
            offset: 500, validator: etag, .accept(expectedTotal: 1000, validator: etag)),
        VerdictCase(
            "206 at the offset without a validator echoed keeps ours", 206,
            [("Content-Range", "bytes 500-999/1000")], offset: 500, validator: etag,
            .accept(expectedTotal: 1000, validator: etag)),
        VerdictCase(
            "206 with an unknown complete length continues with unknown total", 206,
            [("Content-Range", "bytes 500-999/*")], offset: 500, validator: etag,
            .accept(expectedTotal: -1, validator: etag)),
        VerdictCase(
            "200 to a range request is the whole file again, taken from zero", 200,
            [("Content-Length", "1000"), ("ETag", etag)], offset: 500, validator: etag,
            .restartWithBody(
                expectedTotal: 1000, validator: etag, reasonContains: "the server sent the whole file instead of")),
        VerdictCase(
            "200 to a range request sent without a validator is taken from zero", 200,
            [("Content-Length", "1000")], offset: 500, validator: nil,
            .restartWithBody(expectedTotal: 1000, validator: nil, reasonContains: "whole file")),
        VerdictCase(
            "206 starting before the offset restarts", 206,
            [("Content-Range", "bytes 400-999/1000"), ("ETag", etag)], offset: 500, validator: etag,
            .restart(reasonContains: "starts at 400")),
        VerdictCase(
            "206 starting after the offset restarts", 206,
            [("Content-Range", "bytes 600-999/1000"), ("ETag", etag)], offset: 500, validator: etag,
            .restart(reasonContains: "starts at 600")),
        VerdictCase(
            "206 with a changed ETag restarts", 206,
            [("Content-Range", "bytes 500-999/1000"), ("ETag", "\"v2\"")], offset: 500, validator: etag,
            .restart(reasonContains: "the file changed on the server (ETag \"v1\" → \"v2\")")),
        VerdictCase(
            "200 with a changed ETag is the new file, taken from zero", 200,
            [("ETag", "\"v2\"")], offset: 500, validator: etag,
            .restartWithBody(
                expectedTotal: -1, validator: "\"v2\"",
                reasonContains: "the file changed on the server (ETag \"v1\" → \"v2\")")),
        VerdictCase(
            "206 without Content-Range restarts", 206, [("ETag", etag)], offset: 500, validator: etag,
            .restart(reasonContains: "Content-Range")),
        VerdictCase(
            "206 with an unsatisfied Content-Range restarts", 206,
            [("Content-Range", "bytes */1000")], offset: 500, validator: etag, .restart(reasonContains: "Content-Range")
        ),
        VerdictCase(
            "206 whose Content-Length disagrees with its range restarts", 206,
            [("Content-Range", "bytes 500-999/1000"), ("Content-Length", "400")], offset: 500, validator: etag,
            .restart(reasonContains: "Content-Length 400")),
        VerdictCase(
            "206 to a range request sent without a strong validator restarts", 206,
            [("Content-Range", "bytes 500-999/1000")], offset: 500, validator: nil,
            .restart(reasonContains: "validator")),
        VerdictCase(
            "416 at the end of the file is already complete", 416,
            [("Content-Range", "bytes */500")], offset: 500, validator: etag, .alreadyComplete(500)),
        VerdictCase(
            "416 at the end naming the same validator is already complete", 416,
            [("Content-Range", "bytes */500"), ("ETag", etag)], offset: 500, validator: etag, .alreadyComplete(500)),
        VerdictCase(
            "416 at the end naming another validator restarts", 416,
            [("Content-Range", "bytes */500"), ("ETag", "\"other\"")], offset: 500, validator: etag,
            .restart(reasonContains: "the file changed on the server")),
        VerdictCase(
            "416 with another length is an error", 416,
            [("Content-Range", "bytes */800")], offset: 500, validator: etag, .httpError(416, retryAfter: nil)),
        VerdictCase(
            "416 from zero is an error", 416, [("Content-Range", "bytes */0")], offset: 0, validator: nil,
            .httpError(416, retryAfter: nil)),
        VerdictCase(
            "301 with a Location redirects", 301, [("Location", "/next")], offset: 0, validator: nil,
            .redirect("/next")),
        VerdictCase(
            "302 redirects", 302, [("Location", "https://b.example/x")], offset: 0, validator: nil,
            .redirect("https://b.example/x")),
        VerdictCase("303 redirects", 303, [("Location", "/other")], offset: 0, validator: nil, .redirect("/other")),
        VerdictCase(
            "307 during a resume redirects", 307, [("Location", "/x")], offset: 10, validator: etag,
            .redirect("/x")),
        VerdictCase("308 redirects", 308, [("location", "/y")], offset: 0, validator: nil, .redirect("/y")),
        VerdictCase(
            "302 without a Location is an error", 302, [], offset: 0, validator: nil,
            .httpError(302, retryAfter: nil)),
        VerdictCase(
            "404 is an error", 404, [("Content-Length", "9")], offset: 0, validator: nil,
            .httpError(404, retryAfter: nil)),
        VerdictCase(
            "429 carries Retry-After seconds", 429, [("Retry-After", "120")], offset: 0, validator: nil,
            .httpError(429, retryAfter: 120)),
        VerdictCase(
            "503 carries a Retry-After date", 503,
            [("Retry-After", "Fri, 15 Jan 2027 08:00:30 GMT")], offset: 500, validator: etag,
            .httpError(503, retryAfter: 30)),
        VerdictCase("304 is not a download", 304, [], offset: 0, validator: nil, .httpError(304, retryAfter: nil)),
        VerdictCase(
            "two different Content-Length fields are malformed", 200,
            [("Content-Length", "10"), ("Content-Length", "12")],
            offset: 0, validator: nil, .malformed(reasonContains: "two different Content-Length values (10, 12)")),
        VerdictCase(
            "a Content-Length list with two values is malformed", 200, [("Content-Length", "10, 12")],
            offset: 0, validator: nil, .malformed(reasonContains: "two different")),
        VerdictCase(
            "a repeated equal Content-Length is accepted", 200,
            [("Content-Length", "10, 10"), ("Content-Length", "10")],
            offset: 0, validator: nil, .accept(expectedTotal: 10, validator: nil)),
        VerdictCase(
            "a Content-Length beyond 64 bits is malformed, never unknown", 200,
            [("Content-Length", "99999999999999999999999")], offset: 0, validator: nil,
            .malformed(reasonContains: "unusable Content-Length")),
        VerdictCase(
            "a negative Content-Length is malformed", 200, [("Content-Length", "-1")], offset: 0, validator: nil,
            .malformed(reasonContains: "unusable Content-Length")),
        VerdictCase(
            "Content-Length beside Transfer-Encoding is malformed", 200,
            [("Content-Length", "10"), ("Transfer-Encoding", "chunked")], offset: 0, validator: nil,
            .malformed(reasonContains: "Transfer-Encoding")),
        VerdictCase(
            "an error status with a broken length is malformed too", 503, [("Content-Length", "1e3")], offset: 0,
            validator: nil, .malformed(reasonContains: "unusable")),
        VerdictCase(
            "a Content-Range past its total is unusable", 206,
            [("Content-Range", "bytes 500-1000/1000"), ("ETag", etag)], offset: 500, validator: etag,
            .restart(reasonContains: "without a usable Content-Range")),
        VerdictCase(
            "a signed Content-Range is unusable", 206,
            [("Content-Range", "bytes +500-999/1000"), ("ETag", etag)], offset: 500, validator: etag,
            .restart(reasonContains: "without a usable Content-Range")),
    ]

    @Test(arguments: table)
    func verdictFollowsTheTable(_ row: VerdictCase) throws {
        let verdict = ResponseVerdict.judge(row.head, offset: row.offset, validator: row.validator, now: Self.now)
        switch (row.expected, verdict) {
        case (.accept(let total, let validator), _):
            #expect(verdict == .accept(expectedTotal: total, validator: validator))
        case (.redirect(let location), _):
            #expect(verdict == .redirect(location: location))
        case (.restart(let fragment), .restartFromZero(let reason)):
            #expect(reason.contains(fragment), "reason: \(reason)")
        case (.restart, _):
            Issue.record("expected a restart from zero, got \(verdict)")
        case (
            .restartWithBody(let total, let validator, let fragment), .restartWithBody(let got, let served, let reason)
        ):
            #expect(got == total && served == validator)
            #expect(reason.contains(fragment), "reason: \(reason)")
        case (.restartWithBody, _):
            Issue.record("expected the whole file again from zero, got \(verdict)")
        case (.alreadyComplete(let total), _):
            #expect(verdict == .alreadyComplete(total: total))
        case (.httpError(let status, let retryAfter), _):
            #expect(verdict == .httpError(status: status, retryAfter: retryAfter))
        case (.malformed(let fragment), .malformed(let reason)):
            #expect(reason.contains(fragment), "reason: \(reason)")
        case (.malformed, _):
            Issue.record("expected a malformed verdict, got \(verdict)")
        }
    }

    @Test func retryAfterDateInThePastIsZero() {
        let head = ResponseHead(status: 503, fields: [("Retry-After", "Sun, 06 Nov 1994 08:49:37 GMT")])
        #expect(
            ResponseVerdict.judge(head, offset: 0, validator: nil, now: Self.now)
                == .httpError(status: 503, retryAfter: 0))
    }

    @Test func changedLastModifiedRestartsFromZero() throws {
        let head = ResponseHead(
            status: 206,
            fields: [
                ("Content-Range", "bytes 5-9/10"), ("Last-Modified", "Mon, 07 Nov 1994 08:49:37 GMT"),
            ])
        let verdict = ResponseVerdict.judge(head, offset: 5, validator: "Sun, 06 Nov 1994 08:49:37 GMT", now: Self.now)
        guard case .restartFromZero(let reason) = verdict else {
            Issue.record("expected a restart, got \(verdict)")
            return
        }
        #expect(
            reason
                == "the file changed on the server (Last-Modified Sun, 06 Nov 1994 08:49:37 GMT → Mon, 07 Nov 1994 08:49:37 GMT)"
        )
    }
}
