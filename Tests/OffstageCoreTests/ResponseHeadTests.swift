import Foundation
import OffstageCore
import Testing

@Suite struct ResponseHeadTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func headerNamesAreCaseInsensitiveAndTheLastValueWins() {
        let head = ResponseHead(status: 200, fields: [("X-Thing", " one "), ("x-thing", "two\t"), ("Other", "o")])
        #expect(head.value("X-THING") == "two\t".trimmingCharacters(in: .whitespaces))
        #expect(head.value("other") == "o")
        #expect(head.value("missing") == nil)
        #expect(head.fields.map(\.name) == ["x-thing", "x-thing", "other"])
    }

    @Test(arguments: [("1000", Int64(1000)), ("0", 0), (" 42 ", 42)] as [(String, Int64?)])
    func contentLengthIsParsed(raw: String, expected: Int64?) {
        #expect(ResponseHead(status: 200, fields: [("Content-Length", raw)]).contentLength == expected)
    }

    @Test(arguments: ["-1", "abc", "", "1e3", "99999999999999999999"])
    func invalidContentLengthIsNil(raw: String) {
        #expect(ResponseHead(status: 200, fields: [("Content-Length", raw)]).contentLength == nil)
    }

    @Test func strongETagIsTheValidator() {
        let head = ResponseHead(
            status: 200, fields: [("ETag", "\"abc\""), ("Last-Modified", "Sun, 06 Nov 1994 08:49:37 GMT")])
        #expect(head.strongValidator == "\"abc\"")
    }

    @Test func weakETagFallsBackToLastModified() {
        let head = ResponseHead(
            status: 200, fields: [("ETag", "W/\"abc\""), ("Last-Modified", "Sun, 06 Nov 1994 08:49:37 GMT")])
        #expect(head.strongValidator == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(head.etag == "W/\"abc\"")
    }

    @Test func weakOrEmptyETagAloneGivesNoValidator() {
        #expect(ResponseHead(status: 200, fields: [("ETag", "W/\"abc\"")]).strongValidator == nil)
        #expect(ResponseHead(status: 200, fields: [("ETag", "")]).strongValidator == nil)
        #expect(ResponseHead(status: 200).strongValidator == nil)
    }

    @Test(
        arguments: [
            ("120", 120.0), ("0", 0), ("007", 7), ("99999999999999999999999", 86_400),
            ("Fri, 15 Jan 2027 08:02:00 GMT", 120),
            ("Thu, 14 Jan 2027 08:00:00 GMT", 0),
        ] as [(String, Double)])
    func retryAfterIsReadAsSecondsOrADate(raw: String, expected: Double) {
        #expect(ResponseHead(status: 503, fields: [("Retry-After", raw)]).retryAfter(now: Self.now) == expected)
    }

    @Test(arguments: [
        "soon", "Friday, 15-Jan-27 08:02:00 GMT", "", "-5", "1e308", "inf", "nan", "0x10", "+5", "1.5", "٣",
        "Fri, 99 Jan 2027 08:02:00 GMT", "Fri, 15 Jan 99999999999 08:02:00 GMT", "Fri, 15 Jan 2027 99:02:00 GMT",
    ])
    func unreadableRetryAfterIsIgnored(raw: String) {
        #expect(ResponseHead(status: 503, fields: [("Retry-After", raw)]).retryAfter(now: Self.now) == nil)
        #expect(ResponseHead(status: 503).retryAfter(now: Self.now) == nil)
    }

    @Test(
        arguments: [
            ("attachment; filename=\"report 2024.pdf\"", "report 2024.pdf"),
            ("attachment; filename=data.bin", "data.bin"),
            ("attachment;FILENAME=up.txt", "up.txt"),
            ("inline; filename=\"../../etc/passwd\"", "../../etc/passwd"),
        ] as [(String, String)])
    func dispositionFileNameIsReturnedUnsanitised(header: String, expected: String) {
        #expect(ResponseHead(status: 200, fields: [("Content-Disposition", header)]).dispositionFileName == expected)
    }

    @Test(arguments: ["attachment", "attachment; filename=\"\"", "attachment; filename="])
    func dispositionWithoutAFileNameIsNil(header: String) {
        #expect(ResponseHead(status: 200, fields: [("Content-Disposition", header)]).dispositionFileName == nil)
    }

    @Test func locationIsVerbatim() {
        #expect(ResponseHead(status: 302, fields: [("LOCATION", "/a?b=c")]).location == "/a?b=c")
    }

    @Test func headsCompareByStatusAndFields() {
        #expect(ResponseHead(status: 200, fields: [("A", "1")]) == ResponseHead(status: 200, fields: [("a", "1")]))
        #expect(ResponseHead(status: 200, fields: [("A", "1")]) != ResponseHead(status: 200, fields: [("A", "2")]))
        #expect(ResponseHead(status: 200) != ResponseHead(status: 206))
    }
}

@Suite struct ContentRangeTests {
    @Test(
        arguments: [
            ("bytes 0-99/200", Int64(0), Int64(99), Int64(200)),
            ("bytes 100-199/*", 100, 199, nil),
            ("BYTES 5-5/6", 5, 5, 6),
            ("bytes */200", nil, nil, 200),
            (" bytes 10-19/20 ", 10, 19, 20),
        ] as [(String, Int64?, Int64?, Int64?)])
    func contentRangeIsParsed(header: String, first: Int64?, last: Int64?, total: Int64?) throws {
        let range = try #require(ContentRange(header: header))
        #expect(range.first == first)
        #expect(range.last == last)
        #expect(range.total == total)
    }

    @Test(arguments: [
        "bytes 9-1/10", "items 0-1/2", "bytes 0-99", "bytes 0-99/abc", "bytes a-b/10", "bytes 5/10",
        "", "bytes -5-10/20", "bytes */*",
    ])
    func malformedContentRangeIsNil(header: String) {
        #expect(ContentRange(header: header) == nil)
    }
}
