import Foundation
import Testing

@testable import OffstageOrigin

@Suite struct RangeTests {
    @Test func closedRangeGets206() throws {
        let origin = try TestOrigin()
        let bytes = try origin.writeFile("r.bin", count: 10_000)
        let response = try origin.get("/files/r.bin", headers: ["Range: bytes=100-199"])
        #expect(response.status == 206)
        #expect(response.header("Content-Range") == "bytes 100-199/10000")
        #expect(response.header("Content-Length") == "100")
        #expect(response.body == Array(bytes[100..<200]))
        let record = try #require(origin.server.requestLog().last)
        #expect(record.range == "bytes=100-199")
        #expect(record.status == 206)
    }

    @Test func openAndSuffixRanges() throws {
        let origin = try TestOrigin()
        let whole = GeneratedContent.bytes(0..<1000, seed: 1)
        let open = try origin.get("/gen/1000", headers: ["Range: bytes=990-"])
        #expect(open.header("Content-Range") == "bytes 990-999/1000")
        #expect(open.body == Array(whole[990...]))
        let suffix = try origin.get("/gen/1000", headers: ["Range: bytes=-5"])
        #expect(suffix.header("Content-Range") == "bytes 995-999/1000")
        #expect(suffix.body == Array(whole[995...]))
        let clipped = try origin.get("/gen/1000", headers: ["Range: bytes=500-5000"])
        #expect(clipped.header("Content-Range") == "bytes 500-999/1000")
    }

    @Test func unsatisfiableRangeGets416() throws {
        let origin = try TestOrigin()
        let response = try origin.get("/gen/1000", headers: ["Range: bytes=1000-"])
        #expect(response.status == 416)
        #expect(response.header("Content-Range") == "bytes */1000")
        #expect(try origin.get("/gen/0", headers: ["Range: bytes=-10"]).status == 416)
    }

    @Test func multipleAndInvalidRangesGetFullBody() throws {
        let origin = try TestOrigin()
        let multi = try origin.get("/gen/100", headers: ["Range: bytes=0-1,5-6"])
        #expect(multi.status == 200)
        #expect(multi.body.count == 100)
        #expect(try origin.get("/gen/100", headers: ["Range: items=0-1"]).status == 200)
        #expect(try origin.get("/gen/100", headers: ["Range: bytes=5-1"]).status == 200)
    }

    @Test func ifRangeWithCurrentValidatorsGets206() throws {
        let origin = try TestOrigin()
        try origin.writeFile("v.bin", count: 1000)
        let first = try origin.get("/files/v.bin")
        let etag = try #require(first.header("ETag"))
        let date = try #require(first.header("Last-Modified"))
        for validator in [etag, date] {
            let response = try origin.get("/files/v.bin", headers: ["Range: bytes=10-", "If-Range: \(validator)"])
            #expect(response.status == 206)
            #expect(response.body.count == 990)
        }
        #expect(origin.server.requestLog().last?.ifRange == date)
    }

    @Test func ifRangeMismatchGetsFullBody() throws {
        let origin = try TestOrigin()
        for validator in ["\"other\"", "W/\"gen-1000-1\"", "Tue, 02 Jan 2024 00:00:00 GMT"] {
            let response = try origin.get("/gen/1000", headers: ["Range: bytes=10-", "If-Range: \(validator)"])
            #expect(response.status == 200)
            #expect(response.body == GeneratedContent.bytes(0..<1000, seed: 1))
        }
        let match = try origin.get("/gen/1000", headers: ["Range: bytes=10-", "If-Range: \"gen-1000-1\""])
        #expect(match.status == 206)
    }
}
