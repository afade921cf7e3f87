import Foundation
import OffstageOrigin
import Testing

@Suite struct GzipTests {
    /// `gzip -dc` of `bytes`: an independent decoder.
    static func gunzip(_ bytes: [UInt8]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-dc"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(bytes))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Array(data)
    }

    @Test func gzipIsServedWhenAcceptedAndDecodesToTheContent() throws {
        let origin = try TestOrigin()
        let plain = GeneratedContent.bytes(0..<100_000, seed: 5)
        let encoded = try origin.get("/gen/100000?seed=5&gzip=1", headers: ["Accept-Encoding: br, gzip;q=0.8"])
        #expect(encoded.status == 200)
        #expect(encoded.header("Content-Encoding") == "gzip")
        #expect(encoded.header("Content-Length") == String(encoded.body.count))
        #expect(encoded.header("ETag") == "\"gen-100000-5-gzip\"")
        #expect(try Self.gunzip(encoded.body) == plain)

        let refused = try origin.get("/gen/100000?seed=5&gzip=1", headers: ["Accept-Encoding: gzip;q=0, identity"])
        #expect(refused.header("Content-Encoding") == nil)
        #expect(refused.body == plain)
        #expect(try origin.get("/gen/100000?seed=5&gzip=1").header("Content-Encoding") == nil)
    }

    @Test func gzipAlwaysIgnoresWhatTheRequestAccepts() throws {
        let origin = try TestOrigin()
        let response = try origin.get("/gen/1000?seed=6&gzip=always", headers: ["Accept-Encoding: identity"])
        #expect(response.header("Content-Encoding") == "gzip")
        #expect(try Self.gunzip(response.body) == GeneratedContent.bytes(0..<1000, seed: 6))
    }
}
