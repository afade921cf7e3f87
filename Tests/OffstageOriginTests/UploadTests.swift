import Foundation
import Testing

@testable import OffstageOrigin

@Suite struct UploadTests {
    private struct Reply: Decodable {
        var bytes: Int
        var sha256: String
        var name: String
    }

    private func decode(_ response: RawResponse) throws -> Reply {
        try JSONDecoder().decode(Reply.self, from: Data(response.body))
    }

    @Test func postStoresBodyAndReportsDigest() throws {
        let origin = try TestOrigin()
        let body = GeneratedContent.bytes(0..<300_000, seed: 2)
        let client = try origin.client()
        client.request("POST", "/upload/data.bin", body: body)
        let response = try client.readResponse()
        #expect(response.status == 201)
        #expect(response.header("Content-Type") == "application/json")
        let reply = try decode(response)
        #expect(reply.bytes == 300_000)
        #expect(reply.sha256 == GeneratedContent.sha256Hex(size: 300_000, seed: 2))
        #expect(reply.name == "data.bin")
        #expect(try SHA256.hexDigest(ofFile: origin.uploads + "/data.bin") == reply.sha256)
    }

    @Test func expectContinueIsAnsweredBeforeTheBody() throws {
        let origin = try TestOrigin()
        let body = Array("hello upload".utf8)
        let client = try origin.client()
        client.send(
            "PUT /upload/hello.txt HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.count)\r\nExpect: 100-continue\r\n\r\n"
        )
        let interim = try client.readResponse()
        #expect(interim.status == 100)
        client.send(body)
        let response = try client.readResponse()
        #expect(response.status == 201)
        var hasher = SHA256()
        hasher.update(body)
        #expect(try decode(response).sha256 == SHA256.hex(of: hasher.finalize()))
    }

    @Test func chunkedRequestBody() throws {
        let origin = try TestOrigin()
        let client = try origin.client()
        client.send("POST /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
        client.send("5\r\nhello\r\n1;ext=1\r\n \r\n5\r\nworld\r\n0\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 201)
        let reply = try decode(response)
        #expect(reply.bytes == 11)
        #expect(reply.name.hasPrefix("upload-"))
        #expect(try String(contentsOfFile: origin.uploads + "/" + reply.name, encoding: .utf8) == "hello world")
        // The connection stays usable.
        client.request("GET", "/gen/3")
        #expect(try client.readResponse().body.count == 3)
    }

    @Test func badUploadsAreRefused() throws {
        let origin = try TestOrigin()
        let noLength = try origin.client()
        noLength.send("POST /upload/x HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try noLength.readResponse().status == 411)
        let traversal = try origin.client()
        traversal.request("PUT", "/upload/..%2Fescape", body: [1, 2, 3])
        #expect(try traversal.readResponse().status == 400)
        #expect(try origin.get("/upload/x").status == 405)
    }
}
