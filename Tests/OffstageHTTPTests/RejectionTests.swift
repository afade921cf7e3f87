import Foundation
import OffstageCore
import OffstageHTTP
import OffstageOrigin
import OffstageTestSupport
import Testing

@Suite("CurlEngine rejections")
struct RejectionTests {
    /// Writes the first `count` bytes of `/gen` content (seed 1) as task 1's part file.
    private func seedPart(_ harness: EngineHarness, count: Int64) throws {
        try Data(GeneratedContent.bytes(0..<count, seed: 1)).write(to: URL(fileURLWithPath: harness.partPath(1)))
    }

    private func expectRestart(_ reports: [TransferReport], _ harness: EngineHarness, keeps offset: Int64) {
        guard case .rejected(.restartFromZero) = reports.end else {
            Issue.record("expected restartFromZero, got \(String(describing: reports.end))")
            return
        }
        #expect(reports.accepted == nil)
        #expect(reports.checkpoints.isEmpty)
        #expect(harness.partSize(1) == offset)
    }

    /// A 200 to a range request is the whole file: the part file is emptied and this one response is written into
    /// it from byte 0 (one request; never appended after the old bytes), with the reason reported first.
    private func expectWholeFileAgain(
        _ reports: [TransferReport], _ harness: EngineHarness, size: Int64, reason: String
    ) throws {
        let restart = reports.firstIndex { if case .restartedFromZero = $0 { true } else { false } }
        let accepted = reports.firstIndex { if case .responseAccepted = $0 { true } else { false } }
        #expect(reports.first == .restartedFromZero(taskID: 1, reason: reason))
        #expect(restart != nil && accepted != nil && restart ?? 0 < accepted ?? 0)
        #expect(reports.accepted?.offset == 0 && reports.accepted?.status == 200)
        #expect(reports.end == .completed(bytes: size, status: 200, responseSummary: nil))
        #expect(harness.partSize(1) == size)
        let written = try Data(contentsOf: URL(fileURLWithPath: harness.partPath(1)))
        #expect(written == Data(GeneratedContent.bytes(0..<size, seed: 1)))
    }

    @Test func ifRangeMismatchTakesTheWholeFileInTheSameRequest() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let harness = try EngineHarness()
        try seedPart(harness, count: 4096)
        let before = origin.server.requestLog().count
        let reports = try harness.run(download(origin.url("/gen/1m"), offset: 4096, validator: "\"stale\""))
        let served = try #require(reports.accepted?.validator)
        try expectWholeFileAgain(
            reports, harness, size: 1 << 20,
            reason: "the file changed on the server (ETag \"stale\" → \(served))")
        #expect(origin.server.requestLog().last?.ifRange == "\"stale\"")
        #expect(origin.server.requestLog().count == before + 1, "one request, not two")
    }

    @Test func rangeIgnoredTakesTheWholeFileInTheSameRequest() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let harness = try EngineHarness()
        let url = origin.url("/gen/1m?ignoreRange=1&times=5")
        let first = try harness.run(download(url, id: 2))
        let validator = first.accepted?.validator
        try seedPart(harness, count: 1000)
        let reports = try harness.run(download(url, offset: 1000, validator: validator))
        try expectWholeFileAgain(
            reports, harness, size: 1 << 20,
            reason: "the server sent the whole file instead of the range from byte 1000")
        #expect(origin.server.requestLog().last?.status == 200)
    }

    @Test func badRangeStartRestarts() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let harness = try EngineHarness()
        let url = origin.url("/gen/1m?badRangeStart=1&times=5")
        let validator = try harness.run(download(url, id: 2)).accepted?.validator
        try seedPart(harness, count: 1000)
        let reports = try harness.run(download(url, offset: 1000, validator: validator))
        expectRestart(reports, harness, keeps: 1000)
    }

    @Test func tooManyRequestsCarriesRetryAfter() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let harness = try EngineHarness()
        let reports = try harness.run(download(origin.url("/gen/1m?status=429&retryAfter=7")))
        #expect(reports.end == .rejected(.httpError(status: 429, retryAfter: 7)))
        #expect(harness.partSize(1) == Int64(0))
    }

    @Test func notFoundIsAnHTTPError() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let harness = try EngineHarness()
        let reports = try harness.run(download(origin.url("/files/missing.bin")))
        #expect(reports.end == .rejected(.httpError(status: 404, retryAfter: nil)))
        #expect(harness.partSize(1) == Int64(0))
    }

    @Test func redirectIsReportedNotFollowed() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let harness = try EngineHarness()
        let reports = try harness.run(download(origin.url("/redirect/1/gen/1m")))
        guard case .rejected(.redirect(let location)) = reports.end else {
            Issue.record("expected a redirect, got \(String(describing: reports.end))")
            return
        }
        #expect(location.hasSuffix("/gen/1m"))
        #expect(harness.partSize(1) == Int64(0))
        #expect(origin.server.requestLog().count == 1)
    }
}
