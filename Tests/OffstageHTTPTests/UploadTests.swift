import Foundation
import OffstageCore
import OffstageHTTP
import OffstageOrigin
import OffstageTestSupport
import Testing

@Suite("CurlEngine uploads")
struct UploadTests {
    /// A 300,000-byte file of generated content and its digest.
    private func source(in harness: EngineHarness) throws -> (path: String, digest: String) {
        let path = harness.parts + "/source.bin"
        try Data(GeneratedContent.bytes(0..<300_000, seed: 9)).write(to: URL(fileURLWithPath: path))
        return (path, GeneratedContent.sha256Hex(size: 300_000, seed: 9))
    }

    @Test(arguments: ["PUT", "POST"])
    func uploadReturnsDigestInSummary(method: String) throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let harness = try EngineHarness()
        let file = try source(in: harness)
        let reports = try harness.run(upload(origin.url("/upload/a.bin"), file: file.path, method: method))
        guard case .completed(let bytes, let status, let summary) = reports.end else {
            Issue.record("expected completion, got \(String(describing: reports.end))")
            return
        }
        #expect(bytes == 300_000)
        #expect(status == 201)
        let text = try #require(summary)
        #expect(text.contains("\"bytes\":300000"))
        #expect(text.contains("\"sha256\":\"\(file.digest)\""))
        #expect(reports.accepted?.total == 300_000)
        #expect(reports.accepted?.status == 201)
        #expect(origin.server.requestLog().last?.method == method)
    }

    @Test func missingUploadFileIsPermanent() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let harness = try EngineHarness()
        let path = harness.parts + "/nope.bin"
        let reports = try harness.run(upload(origin.url("/upload/a.bin"), file: path, method: "PUT"))
        #expect(reports.end == .permanentFailure(reason: "cannot read \(path): No such file or directory"))
        #expect(origin.server.requestLog().isEmpty)
    }

    @Test func rejectedUploadCarriesTheVerdict() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let harness = try EngineHarness()
        let file = try source(in: harness)
        let reports = try harness.run(upload(origin.url("/gen/1k"), file: file.path, method: "PUT"))
        #expect(reports.end == .rejected(.httpError(status: 405, retryAfter: nil)))
    }
}
