import Foundation
import Testing

@testable import OffstageOrigin

@Suite struct ServerLifecycleTests {
    @Test func stopIsIdempotentAndClosesConnections() throws {
        let server = OriginServer(configuration: OriginConfiguration())
        server.stop()  // before start: harmless
        let fresh = OriginServer(configuration: OriginConfiguration())
        let port = try fresh.start()
        #expect(port != 0)
        #expect(fresh.baseURL == "http://127.0.0.1:\(port)")
        let client = try RawHTTPClient(port: port)
        client.request("GET", "/gen/5")
        #expect(try client.readResponse().status == 200)
        fresh.stop()
        fresh.stop()
        #expect(try client.readToEOF().isEmpty)
        #expect(throws: RawClientError.self) { try RawHTTPClient(port: port) }
        #expect(throws: OriginError.alreadyStarted) { try fresh.start() }
    }

    @Test func invalidHostIsReported() {
        let server = OriginServer(configuration: OriginConfiguration(host: "not-an-address"))
        #expect(throws: OriginError.invalidHost("not-an-address")) { try server.start() }
    }

    @Test func uploadDirectoryDefaultsToATemporaryFolderThatStopRemoves() throws {
        let server = OriginServer(configuration: OriginConfiguration())
        try server.start()
        let directory = try #require(server.uploadDirectory)
        #expect(!directory.contains("//"), "\(directory)")
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) && isDirectory.boolValue)
        try Data("kept until stop".utf8).write(to: URL(fileURLWithPath: directory + "/one.bin"))
        server.stop()
        #expect(!FileManager.default.fileExists(atPath: directory), "the temporary upload folder outlived stop()")
    }

    @Test func aConfiguredUploadDirectoryIsLeftInPlace() throws {
        let directory = NSTemporaryDirectory() + "/origin-uploads-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = OriginServer(configuration: OriginConfiguration(uploadDirectory: directory))
        try server.start()
        server.stop()
        #expect(FileManager.default.fileExists(atPath: directory))
    }

    @Test func requestLogRecordsEveryRequest() throws {
        let origin = try TestOrigin()
        _ = try origin.get("/gen/10?x=1", headers: ["Range: bytes=0-1", "If-Range: \"gen-10-1\""])
        _ = try origin.get("/nope")
        let log = origin.server.requestLog()
        #expect(
            log.map(\.description) == [
                OriginRequestRecord(
                    method: "GET", target: "/gen/10?x=1", range: "bytes=0-1", ifRange: "\"gen-10-1\"", status: 206
                ).description,
                OriginRequestRecord(method: "GET", target: "/nope", range: nil, ifRange: nil, status: 404).description,
            ])
        #expect(log[0].path == "/gen/10")
        // Every request header is kept, as sent.
        #expect(log[0].header("range") == "bytes=0-1")
        #expect(log[0].headerLines.contains("If-Range: \"gen-10-1\""))
    }

    @Test func concurrentClientsAreServed() async throws {
        let origin = try TestOrigin()
        let port = origin.port
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for seed in 1...8 {
                group.addTask {
                    let client = try RawHTTPClient(port: port)
                    client.request("GET", "/gen/300000?seed=\(seed)")
                    return try client.readResponse().body == GeneratedContent.bytes(0..<300_000, seed: UInt64(seed))
                }
            }
            for try await ok in group { #expect(ok) }
        }
    }
}
