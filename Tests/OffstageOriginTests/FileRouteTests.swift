import Foundation
import Testing

@testable import OffstageOrigin

@Suite struct FileRouteTests {
    @Test func fullGetHasLengthValidatorsAndBody() throws {
        let origin = try TestOrigin()
        let bytes = try origin.writeFile("a.bin", count: 100_000)
        let response = try origin.get("/files/a.bin")
        #expect(response.status == 200)
        #expect(response.header("Content-Length") == "100000")
        #expect(response.header("Accept-Ranges") == "bytes")
        #expect(response.header("Content-Type") == "application/octet-stream")
        #expect(response.header("Date") != nil)
        #expect(response.header("Connection") == "keep-alive")
        let etag = try #require(response.header("ETag"))
        #expect(etag.hasPrefix("\"") && etag.hasSuffix("\""))
        #expect(try #require(response.header("Last-Modified")).hasSuffix(" GMT"))
        #expect(response.body == bytes)
        #expect(origin.server.requestLog().last?.status == 200)
    }

    @Test func headSendsHeadersOnly() throws {
        let origin = try TestOrigin()
        try origin.writeFile("b.bin", count: 5000)
        let client = try origin.client()
        client.request("HEAD", "/files/b.bin")
        let head = try client.readResponse(forHead: true)
        #expect(head.status == 200)
        #expect(head.header("Content-Length") == "5000")
        #expect(head.header("ETag") != nil)
        // The same connection carries the next request: no body bytes were sent.
        client.request("GET", "/gen/10")
        let next = try client.readResponse()
        #expect(next.status == 200)
        #expect(next.body == GeneratedContent.bytes(0..<10, seed: 1))
    }

    @Test func keepAliveCarriesSeveralRequests() throws {
        let origin = try TestOrigin()
        let client = try origin.client()
        for size in [1, 100, 70_000] {
            client.request("GET", "/gen/\(size)?seed=3")
            let response = try client.readResponse()
            #expect(response.body == GeneratedContent.bytes(0..<Int64(size), seed: 3))
        }
        #expect(origin.server.requestLog().count == 3)
    }

    @Test(arguments: [
        "/files/../secret", "/files/%2e%2e/secret", "/files/%2E%2E%2Fsecret", "/files//etc/passwd",
        "/files/%2fetc%2fpasswd", "/files/sub/../../secret", "/files/", "/files/missing.bin",
    ])
    func pathTraversalAndMissingFilesAre404(target: String) throws {
        let origin = try TestOrigin()
        let parent = (origin.root as NSString).deletingLastPathComponent
        try Data("secret".utf8).write(to: URL(fileURLWithPath: parent + "/secret"))
        let response = try origin.get(target)
        #expect(response.status == 404)
        #expect(!response.text.contains("secret") || response.text.hasPrefix("not found"))
    }

    @Test func symlinkOutOfRootIsRefused() throws {
        let origin = try TestOrigin()
        try FileManager.default.createSymbolicLink(atPath: origin.root + "/link", withDestinationPath: "/etc/hostname")
        #expect(try origin.get("/files/link").status == 404)
    }

    @Test func subdirectoriesAndEncodedNamesAreServed() throws {
        let origin = try TestOrigin()
        try FileManager.default.createDirectory(atPath: origin.root + "/sub dir", withIntermediateDirectories: true)
        let bytes = try origin.writeFile("sub dir/x.bin", count: 10)
        let response = try origin.get("/files/sub%20dir/x.bin")
        #expect(response.status == 200)
        #expect(response.body == bytes)
    }

    @Test func generatedContentHasFixedValidators() throws {
        let origin = try TestOrigin()
        let response = try origin.get("/gen/2k?seed=9")
        #expect(response.status == 200)
        #expect(response.header("ETag") == "\"gen-2048-9\"")
        #expect(response.header("Last-Modified") == "Mon, 01 Jan 2024 00:00:00 GMT")
        #expect(response.body == GeneratedContent.bytes(0..<2048, seed: 9))
    }

    @Test func unknownPathsBadSizesAndMethods() throws {
        let origin = try TestOrigin()
        #expect(try origin.get("/nothing").status == 404)
        #expect(try origin.get("/gen/12q").status == 404)
        #expect(try origin.get("/gen/1k", method: "DELETE").status == 405)
    }

    @Test func malformedRequestGets400AndClose() throws {
        let origin = try TestOrigin()
        let client = try origin.client()
        client.send("GARBAGE\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 400)
        #expect(response.header("Connection") == "close")
        #expect(try client.readToEOF().isEmpty)
    }

    @Test func filenameIsSentRaw() throws {
        let origin = try TestOrigin()
        let response = try origin.get("/gen/10?filename=..%2F..%2Fevil%E2%80%AEtxt.exe", method: "HEAD")
        #expect(response.header("Content-Disposition") == "attachment; filename=\"../../evil\u{202E}txt.exe\"")
    }
}
