import Foundation
import OffstageCore
import OffstageHTTP
import OffstageOrigin
import OffstageTestSupport
import Synchronization
import Testing

@Suite("CurlEngine request options")
struct RequestOptionsTests {
    @Test func credentialHeadersGoToTheirOriginOnlyAndOtherHeadersEverywhere() throws {
        let own = try HeaderCaptureServer()
        let other = try HeaderCaptureServer()
        defer {
            own.stop()
            other.stop()
        }
        let harness = try EngineHarness()
        let credentials = OriginCredentials(
            headers: [RequestHeader(name: "Authorization", value: "Bearer t0ken")], origin: "http://127.0.0.1:\(own.port)")
        var first = download("http://127.0.0.1:\(own.port)/a", id: 1)
        first.headers = [RequestHeader(name: "X-Trace", value: "1")]
        #expect(try harness.run(first, credentials: credentials).end == .completed(bytes: 2, status: 200, responseSummary: nil))
        let head = try #require(own.received.first)
        #expect(head.contains("Authorization: Bearer t0ken\r\n"))
        #expect(head.contains("X-Trace: 1\r\n"))
        #expect(!head.contains("Authorization: Basic"), "headers only: no user name is sent")

        var second = download("http://127.0.0.1:\(other.port)/b", id: 2)
        second.headers = first.headers
        _ = try harness.run(second, credentials: credentials)
        let otherHead = try #require(other.received.first)
        #expect(!otherHead.contains("Authorization"))
        #expect(otherHead.contains("X-Trace: 1\r\n"))
    }

    @Test func aCredentialHeaderNeverShowsInAReason() throws {
        let harness = try EngineHarness()
        let credentials = OriginCredentials(
            headers: [RequestHeader(name: "Cookie", value: "c00kie-value")], origin: "http://127.0.0.1:9")
        let reports = try harness.run(download("http://127.0.0.1:9/c00kie-value", id: 1), credentials: credentials)
        guard case .interrupted(let reason, _)? = reports.end else {
            Issue.record("expected an interruption: \(String(describing: reports.end))")
            return
        }
        #expect(!reason.contains("c00kie-value"))
    }

    @Test func compressedAsksForEncodingsAndWritesTheDecodedBytesOfUnknownLength() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let harness = try EngineHarness()
        var request = download(origin.url("/gen/200k?seed=2&gzip=1"))
        request.compressed = true
        let reports = try harness.run(request)
        #expect(reports.end == .completed(bytes: 200 << 10, status: 200, responseSummary: nil))
        let accepted = reports.compactMap { report -> (Int64, String?, String?)? in
            guard case .responseAccepted(_, _, let total, let validator, _, _, let encoding) = report else { return nil }
            return (total, validator, encoding)
        }
        #expect(accepted.first?.0 == -1)
        #expect(accepted.first?.1 == nil)
        #expect(accepted.first?.2 == "gzip")
        #expect(try SHA256.hexDigest(ofFile: harness.partPath(1)) == GeneratedContent.sha256Hex(size: 200 << 10, seed: 2))
        #expect(origin.server.requestLog().first?.header("Accept-Encoding")?.contains("gzip") == true)
    }

    @Test func aRangeRequestAsksForIdentityEvenWhenCompressed() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let harness = try EngineHarness()
        let path = harness.partPath(1)
        try Data(GeneratedContent.bytes(0..<1000, seed: 3)).write(to: URL(fileURLWithPath: path))
        var request = download(origin.url("/gen/4k?seed=3&gzip=1"), offset: 1000, validator: "\"gen-4096-3\"")
        request.compressed = true
        let reports = try harness.run(request)
        #expect(reports.end == .completed(bytes: 4096, status: 206, responseSummary: nil))
        #expect(origin.server.requestLog().first?.header("Accept-Encoding") == "identity")
    }

    @Test func aLimitLoweredWhileItRunsAppliesAtOnce() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let harness = try EngineHarness()
        let marks = Mutex<[(time: Double, bytes: Int64)]>([])
        let limit: Int64 = 256 << 10
        harness.onReport { report, engine in
            guard case .progressed(_, let bytes) = report else { return }
            let now = ProcessInfo.processInfo.systemUptime
            let count = marks.withLock { marks in
                marks.append((now, bytes))
                return marks.count
            }
            if count == 1 { engine.setRateLimit(taskID: 1, bytesPerSecond: limit) }
            let limitedFor = marks.withLock { marks in marks.last.map { $0.time - marks[0].time } ?? 0 }
            if limitedFor > 3.5 { engine.stop(taskID: 1) }
        }
        let reports = try harness.run(download(origin.url("/gen/1g?seed=4&rate=50000000")))
        #expect(reports.end == .stopped)
        let points = marks.withLock { $0 }
        let a = try #require(points.first { $0.time >= points[0].time + 1 })
        let b = try #require(points.last)
        let rate = Double(b.bytes - a.bytes) / (b.time - a.time)
        #expect(abs(rate - Double(limit)) <= Double(limit) / 10, "\(Int(rate)) bytes a second against \(limit)")
    }
}
