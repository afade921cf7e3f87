import Foundation
import Testing

@testable import OffstageOrigin

@Suite struct FaultTests {
    private let whole = GeneratedContent.bytes(0..<100_000, seed: 1)

    @Test func chunkedHasNoLength() throws {
        let origin = try TestOrigin()
        let response = try origin.get("/gen/100000?chunked=1")
        #expect(response.header("Transfer-Encoding") == "chunked")
        #expect(response.header("Content-Length") == nil)
        #expect(!response.truncated)
        #expect(response.body == whole)
    }

    @Test func noLengthEndsWithClose() throws {
        let origin = try TestOrigin()
        let response = try origin.get("/gen/100000?noLength=1")
        #expect(response.header("Content-Length") == nil)
        #expect(response.header("Transfer-Encoding") == nil)
        #expect(response.header("Connection") == "close")
        #expect(response.body == whole)
    }

    @Test func dropSendsFewerBytesThenEOFOnce() throws {
        let origin = try TestOrigin()
        let dropped = try origin.get("/gen/100000?drop=1000")
        #expect(dropped.header("Content-Length") == "100000")
        #expect(dropped.truncated)
        #expect(dropped.body == Array(whole[0..<1000]))
        let retry = try origin.get("/gen/100000?drop=1000")
        #expect(!retry.truncated)
        #expect(retry.body == whole)
        origin.server.resetFaults()
        #expect(try origin.get("/gen/100000?drop=1000").truncated)
    }

    @Test func dropIsCountedByTimes() throws {
        let origin = try TestOrigin()
        for _ in 0..<3 { #expect(try origin.get("/gen/100000?drop=10&times=3").body.count == 10) }
        #expect(try origin.get("/gen/100000?drop=10&times=3").body.count == 100_000)
    }

    @Test func headDoesNotConsumeCountedFaults() throws {
        let origin = try TestOrigin()
        #expect(try origin.get("/gen/100?status=503&retryAfter=1", method: "HEAD").status == 503)
        #expect(try origin.get("/gen/100?status=503&retryAfter=1").status == 503)
        #expect(try origin.get("/gen/100?status=503&retryAfter=1", method: "HEAD").status == 200)
    }

    @Test func http10GetsCloseDelimitedInsteadOfChunked() throws {
        let origin = try TestOrigin()
        let client = try origin.client()
        client.send("GET /gen/1000?chunked=1 HTTP/1.0\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.header("Transfer-Encoding") == nil)
        #expect(response.header("Connection") == "close")
        #expect(response.body == Array(whole[0..<1000]))
    }

    @Test func shortDeclaresFullLengthAndSendsLess() throws {
        let origin = try TestOrigin()
        let response = try origin.get("/gen/100000?short=100")
        #expect(response.header("Content-Length") == "100000")
        #expect(response.truncated)
        #expect(response.body == Array(whole[0..<99_900]))
    }

    @Test func longSendsExtraBytesThenCloses() throws {
        let origin = try TestOrigin()
        let client = try origin.client()
        client.request("GET", "/gen/1000?long=50")
        let response = try client.readResponse()
        #expect(response.header("Content-Length") == "1000")
        #expect(response.body == Array(whole[0..<1000]))
        #expect(try client.readToEOF().count == 50)
    }

    @Test func stallSendsSomeBytesThenNothing() throws {
        let origin = try TestOrigin()
        let client = try RawHTTPClient(port: origin.port, timeoutSeconds: 1)
        client.request("GET", "/gen/100000?stall=300")
        #expect(throws: RawClientError.self) { try client.readResponse() }
        // The server stops promptly even with a stalled connection open.
        origin.server.stop()
    }

    /// `trickle=N`: N bytes at once, then one byte every half second (the body stays whole), for the first `times`
    /// requests only.
    @Test func trickleSendsTheRestADropAtATimeAndIsCountedByTimes() throws {
        let origin = try TestOrigin()
        let target = "/gen/303?trickle=300&times=1"
        let whole = try origin.get("/gen/303")
        let trickled = try origin.get(target)
        #expect(trickled.status == 200 && trickled.body == whole.body)
        let second = try origin.get(target)
        #expect(second.status == 200 && second.body == whole.body)
        #expect(origin.server.requestLog().count == 3)
    }

    @Test func retryAfterStatusIsCountedByTimes() throws {
        let origin = try TestOrigin()
        let target = "/gen/1000?status=429&retryAfter=2&times=1"
        let first = try origin.get(target)
        #expect(first.status == 429)
        #expect(first.header("Retry-After") == "2")
        let second = try origin.get(target)
        #expect(second.status == 200)
        #expect(second.body.count == 1000)
        let twice = "/gen/1000?status=503&retryAfter=1&times=2"
        #expect(try origin.get(twice).status == 503)
        #expect(try origin.get(twice).status == 503)
        #expect(try origin.get(twice).status == 200)
        #expect(origin.server.requestLog().map(\.status) == [429, 200, 503, 503, 200])
    }

    @Test func plainStatusIsPermanent() throws {
        let origin = try TestOrigin()
        for _ in 0..<3 { #expect(try origin.get("/gen/10?status=500").status == 500) }
        #expect(try origin.get("/gen/10?status=404&times=1").status == 404)
        #expect(try origin.get("/gen/10?status=404&times=1").status == 200)
    }

    @Test func ignoreRangeAnswers200Once() throws {
        let origin = try TestOrigin()
        let first = try origin.get("/gen/100000?ignoreRange=1", headers: ["Range: bytes=100-"])
        #expect(first.status == 200)
        #expect(first.body == whole)
        let second = try origin.get("/gen/100000?ignoreRange=1", headers: ["Range: bytes=100-"])
        #expect(second.status == 206)
        #expect(second.body == Array(whole[100...]))
    }

    @Test func changeValidatorMakesIfRangeFail() throws {
        let origin = try TestOrigin()
        let target = "/gen/100000?changeValidator=1"
        let first = try origin.get(target)
        let etag = try #require(first.header("ETag"))
        let date = try #require(first.header("Last-Modified"))
        let resumed = try origin.get(target, headers: ["Range: bytes=500-", "If-Range: \(etag)"])
        #expect(resumed.status == 200)
        #expect(resumed.body == whole)
        let newTag = try #require(resumed.header("ETag"))
        #expect(newTag != etag)
        #expect(resumed.header("Last-Modified") != date)
        let again = try origin.get(target, headers: ["Range: bytes=500-", "If-Range: \(newTag)"])
        #expect(again.status == 206)
    }

    @Test func badRangeStartReportsAnotherOffset() throws {
        let origin = try TestOrigin()
        let response = try origin.get("/gen/100000?badRangeStart=1", headers: ["Range: bytes=500-"])
        #expect(response.status == 206)
        #expect(response.header("Content-Range") == "bytes 0-99999/100000")
        #expect(response.body == whole)
        let fromZero = try origin.get("/gen/1000?badRangeStart=1", headers: ["Range: bytes=0-9"])
        #expect(fromZero.header("Content-Range") == "bytes 1-9/1000")
    }

    @Test func validatorOptions() throws {
        let origin = try TestOrigin()
        let none = try origin.get("/gen/10?noValidators=1", method: "HEAD")
        #expect(none.header("ETag") == nil)
        #expect(none.header("Last-Modified") == nil)
        let weak = try origin.get("/gen/10?weakETag=1", method: "HEAD")
        #expect(weak.header("ETag") == "W/\"gen-10-1\"")
        let ranged = try origin.get("/gen/10?weakETag=1", headers: ["Range: bytes=2-", "If-Range: W/\"gen-10-1\""])
        #expect(ranged.status == 200)
    }

    @Test func throttleSlowsTheResponse() throws {
        let origin = try TestOrigin()
        let start = Date()
        let response = try origin.get("/gen/20000?rate=100000")
        #expect(response.body.count == 20_000)
        #expect(Date().timeIntervalSince(start) > 0.1)
    }

    @Test func defaultRateApplies() throws {
        let origin = try TestOrigin(defaultRate: 100_000)
        let start = Date()
        #expect(try origin.get("/gen/20000").body.count == 20_000)
        #expect(Date().timeIntervalSince(start) > 0.1)
    }
}
