import Foundation
import OffstageCore
import OffstageHTTP
import OffstageOrigin
import OffstageTestSupport
import Testing

@Suite("CurlEngine downloads")
struct DownloadTests {
    @Test func fullDownloadMatchesDigest() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let harness = try EngineHarness()
        let reports = try harness.run(download(origin.url("/gen/3m?filename=report.pdf")))
        #expect(reports.end == .completed(bytes: 3 << 20, status: 200, responseSummary: nil))
        let accepted = try #require(reports.accepted)
        #expect(accepted.offset == 0 && accepted.total == 3 << 20 && accepted.status == 200)
        #expect(accepted.validator != nil)
        #expect(accepted.name == "report.pdf")
        #expect(reports.checkpoints.last == 3 << 20)
        #expect(reports.checkpointPrecedesEnd)
        #expect(try SHA256.hexDigest(ofFile: harness.partPath(1)) == GeneratedContent.sha256Hex(size: 3 << 20, seed: 1))
        let request = try #require(origin.server.requestLog().last)
        #expect(request.range == nil && request.status == 200)
    }

    @Test func resumesAfterDropWithMatchingValidator() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let harness = try EngineHarness()
        let url = origin.url("/gen/2m?drop=300000")
        let first = try harness.run(download(url))
        #expect(first.interruption?.reason.contains("connection closed after 300 KB of 2.1 MB") == true)
        #expect(first.checkpoints.last == 300_000)
        #expect(first.checkpointPrecedesEnd)
        #expect(harness.partSize(1) == 300_000)
        let validator = try #require(first.accepted?.validator)

        let second = try harness.run(download(url, offset: 300_000, validator: validator))
        #expect(second.end == .completed(bytes: 2 << 20, status: 206, responseSummary: nil))
        #expect(second.accepted?.offset == 300_000)
        #expect(second.accepted?.total == 2 << 20)
        #expect(try SHA256.hexDigest(ofFile: harness.partPath(1)) == GeneratedContent.sha256Hex(size: 2 << 20, seed: 1))
        let last = try #require(origin.server.requestLog().last)
        #expect(last.range == "bytes=300000-" && last.ifRange == validator && last.status == 206)
    }

    @Test func unknownLengthCompletesWithExpectedMinusOne() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let harness = try EngineHarness()
        for (id, query) in [(Int64(1), "chunked=1"), (Int64(2), "noLength=1")] {
            let reports = try harness.run(download(origin.url("/gen/1m?\(query)"), id: id))
            #expect(reports.accepted?.total == -1, "\(query)")
            #expect(reports.end == .completed(bytes: 1 << 20, status: 200, responseSummary: nil), "\(query)")
            #expect(
                try SHA256.hexDigest(ofFile: harness.partPath(id)) == GeneratedContent.sha256Hex(size: 1 << 20, seed: 1)
            )
        }
    }

    @Test func existingPartAtOffsetZeroIsTruncatedNotAppended() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let harness = try EngineHarness()
        try Data(repeating: 0x41, count: 5000).write(to: URL(fileURLWithPath: harness.partPath(1)))
        let reports = try harness.run(download(origin.url("/gen/100k")))
        #expect(reports.end == .completed(bytes: 100 * 1024, status: 200, responseSummary: nil))
        #expect(harness.partSize(1) == Int64(102_400))
        #expect(
            try SHA256.hexDigest(ofFile: harness.partPath(1)) == GeneratedContent.sha256Hex(size: 100 * 1024, seed: 1))
    }

    @Test func newPartFileIsPrivate() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let harness = try EngineHarness()
        _ = try harness.run(download(origin.url("/gen/10k")))
        let attributes = try FileManager.default.attributesOfItem(atPath: harness.partPath(1))
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }

    @Test func missingPartFileAtOffsetRestartsWithoutRequest() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let harness = try EngineHarness()
        let reports = try harness.run(download(origin.url("/gen/1m"), offset: 1000, validator: "\"x\""))
        #expect(reports.end == .rejected(.restartFromZero(reason: "partial file missing")))
        #expect(reports.count == 1)
        #expect(origin.server.requestLog().isEmpty)
        #expect(harness.partSize(1) == nil)
    }
}
