import Foundation
import OffstageClock
import OffstageCore
import OffstageOrigin
import OffstageRuntime
import OffstageStore
import OffstageTestSupport
import Testing

/// Headers, checksums and `--compressed` end to end: the runtime, the engine and the local origin on 127.0.0.1.
@Suite struct RequestOptionsRuntimeTests {
    /// Queues a download of the origin's `path` with `options`; returns the task id.
    static func download(_ harness: RuntimeHarness, _ path: String, _ options: TransferOptions, name: String? = nil)
        throws -> Int64
    {
        var spec = TransferSpec(kind: .download, url: harness.origin.url(path), options: options)
        spec.name = name
        return try harness.store.enqueueAdd(spec, now: Date()).task
    }

    @Test func headersAreOnTheWireAndACredentialHeaderToo() throws {
        let harness = try RuntimeHarness()
        let id = try Self.download(
            harness, "/gen/64k?seed=3",
            TransferOptions(headers: [RequestHeader(name: "X-Token", value: "abc 123")], credentialHeaders: ["Authorization"]))
        #expect(
            try harness.run {
                $0.credentialHeaders[id] = [RequestHeader(name: "Authorization", value: "Bearer s3cret")]
            } == .idle)
        #expect(try harness.task(id).state == .completed)
        let request = try #require(harness.requests(path: "/gen/64k").first)
        #expect(request.header("X-Token") == "abc 123")
        #expect(request.header("Authorization") == "Bearer s3cret")
        #expect(request.header("Accept-Encoding") == "identity")
        // Neither the store nor the event log holds the credential's value.
        let stored = try harness.store.events(after: 0, limit: 1000).map(\.entry.reason).joined(separator: "\n")
        #expect(!stored.contains("s3cret"))
        #expect(try harness.task(id).options.credentialHeaders == ["Authorization"])
    }

    @Test func aRedirectToAnotherOriginDropsAuthorizationAndKeepsTheOtherHeaders() throws {
        let harness = try RuntimeHarness()
        let other = try OriginFixture()  // another port: another origin
        defer { other.stop() }
        let target = other.url("/gen/32k?seed=4")
        let escaped = target.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? target
        let id = try Self.download(
            harness, "/redirect-to?url=\(escaped)",
            TransferOptions(headers: [RequestHeader(name: "X-Trace", value: "t1")], credentialHeaders: ["Authorization", "Cookie"]))
        #expect(
            try harness.run {
                $0.credentialHeaders[id] = [
                    RequestHeader(name: "Authorization", value: "Bearer s3cret"),
                    RequestHeader(name: "Cookie", value: "session=42"),
                ]
            } == .idle)
        #expect(try harness.task(id).state == .completed)
        let first = try #require(harness.requests(path: "/redirect-to").first)
        #expect(first.header("Authorization") == "Bearer s3cret")
        #expect(first.header("Cookie") == "session=42")
        let second = try #require(other.server.requestLog().first { $0.path == "/gen/32k" })
        #expect(second.header("Authorization") == nil)
        #expect(second.header("Cookie") == nil)
        #expect(second.header("X-Trace") == "t1")
    }

    @Test func aChecksumMismatchDeliversNothingAndRemovesThePartialFile() throws {
        let harness = try RuntimeHarness()
        let wrong = String(repeating: "0", count: 64)
        let id = try Self.download(
            harness, "/gen/1m?seed=5", TransferOptions(checksum: Checksum(algorithm: .sha256, hex: wrong)),
            name: "checked.bin")
        #expect(try harness.run() == .idle)
        let task = try harness.task(id)
        let actual = RuntimeHarness.expected(size: mebibyte, seed: 5)
        #expect(task.state == .failed)
        #expect(task.error == "checksum mismatch: expected sha-256 \(wrong), got \(actual)")
        #expect(task.checksumState == .mismatch)
        #expect(harness.documents().isEmpty)
        #expect(harness.parts().isEmpty)
        #expect(try harness.eventKinds(id).contains(.checksum))
    }

    @Test(arguments: [ChecksumAlgorithm.sha256, .sha512, .sha1, .md5])
    func aMatchingChecksumIsDelivered(algorithm: ChecksumAlgorithm) throws {
        let harness = try RuntimeHarness()
        let bytes = Data(GeneratedContent.bytes(0..<300_000, seed: 6))
        let path = NSTemporaryDirectory() + "/offstage-digest-\(UUID().uuidString)"
        try bytes.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let digest = try Self.openssl(algorithm, path)
        let url = try harness.origin.addFile("digest.bin", contents: bytes)
        var spec = TransferSpec(kind: .download, url: url)
        spec.options.checksum = Checksum(algorithm: algorithm, hex: digest)
        let id = try harness.store.enqueueAdd(spec, now: Date()).task
        #expect(try harness.run() == .idle)
        let task = try harness.task(id)
        #expect(task.state == .completed)
        #expect(task.checksumState == .verified)
        #expect(RuntimeHarness.digest(task.deliveredPath) == RuntimeHarness.digest(path))
    }

    /// The digest `openssl dgst` computes: an independent implementation to check ours against.
    static func openssl(_ algorithm: ChecksumAlgorithm, _ path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = ["dgst", "-" + algorithm.rawValue.replacingOccurrences(of: "-", with: ""), "-r", path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return String(output.prefix { $0 != " " })
    }

    @Test func compressedDeliversTheDecodedBytes() throws {
        let harness = try RuntimeHarness()
        let id = try Self.download(harness, "/gen/512k?seed=7&gzip=1", TransferOptions(compressed: true), name: "plain.bin")
        #expect(try harness.run() == .idle)
        let task = try harness.task(id)
        #expect(task.state == .completed)
        #expect(task.contentEncoding == "gzip")
        #expect(RuntimeHarness.digest(task.deliveredPath) == RuntimeHarness.expected(size: 512 << 10, seed: 7))
        let request = try #require(harness.requests(path: "/gen/512k").first)
        #expect(request.header("Accept-Encoding")?.contains("gzip") == true)
        // What the origin sent was smaller than what was delivered: it really was encoded on the wire.
        #expect(task.bytesWritten == 512 << 10)
    }

    @Test func withoutCompressedTheBytesAreDeliveredAsTheServerSentThem() throws {
        let harness = try RuntimeHarness()
        let id = try Self.download(harness, "/gen/64k?seed=8&gzip=always", TransferOptions(), name: "as-sent.gz")
        #expect(try harness.run() == .idle)
        let task = try harness.task(id)
        #expect(task.state == .completed)
        #expect(task.contentEncoding == "gzip")
        let data = try Data(contentsOf: URL(fileURLWithPath: try #require(task.deliveredPath)))
        #expect(Array(data.prefix(2)) == [0x1F, 0x8B])
        #expect(Int64(data.count) == task.bytesExpected)
        let snapshot = try StoreSnapshot.read(home: harness.home, store: harness.store, configuration: .builtIn)
        #expect(snapshot.transfers.first?.extras?.encodedNote == "gzip-encoded")
    }
}
