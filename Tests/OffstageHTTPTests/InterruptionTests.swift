import Foundation
import Glibc
import OffstageCore
import OffstageHTTP
import OffstageOrigin
import OffstageTestSupport
import Testing

@Suite("CurlEngine interruptions")
struct InterruptionTests {
    @Test func shortBodyIsInterrupted() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let harness = try EngineHarness()
        let reports = try harness.run(download(origin.url("/gen/1m?short=600000")))
        let interruption = try #require(reports.interruption)
        #expect(!interruption.stalled)
        #expect(reports.checkpointPrecedesEnd)
        // The blocks reserved for the announced mebibyte are given back: the part file holds what came.
        var info = stat()
        #expect(stat(harness.partPath(1), &info) == 0)
        #expect(info.st_size == (1 << 20) - 600_000)
        #expect(Int64(info.st_blocks) * 512 < Int64(info.st_size) + 8192)
    }

    @Test func longBodyIsInterrupted() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let harness = try EngineHarness()
        let reports = try harness.run(download(origin.url("/gen/1m?long=1000")))
        #expect(reports.end == .interrupted(reason: "server sent more bytes than its Content-Length", stalled: false))
    }

    @Test func stallIsDetected() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let harness = try EngineHarness()
        let reports = try harness.run(download(origin.url("/gen/1m?stall=5000"), idle: 1))
        #expect(reports.end == .interrupted(reason: "stalled: no data for 1 s", stalled: true))
        #expect(reports.checkpoints.last == 5000)
        #expect(reports.checkpointPrecedesEnd)
    }

    @Test func stopMidTransferCheckpointsThenStops() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let harness = try EngineHarness()
        harness.onReport { report, engine in
            if case .progressed(let id, let bytes) = report, bytes > 0 { engine.stop(taskID: id) }
        }
        let reports = try harness.run(download(origin.url("/gen/20m?rate=4000000")))
        #expect(reports.end == .stopped)
        #expect(reports.checkpointPrecedesEnd)
        let durable = try #require(reports.checkpoints.last)
        #expect(durable > 0 && durable < 20 << 20)
        #expect(harness.partSize(1) == durable)
        // A stop for a request that already ended is a no-op; shutdown adds no second .ended.
        harness.engine.stop(taskID: 1)
        harness.engine.shutdown()
        #expect(harness.all.endCount == 1)
    }

    @Test func stopThenSubmitEndsTheOldRequestFirst() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let harness = try EngineHarness()
        let url = origin.url("/gen/20m?rate=2000000")
        harness.engine.submit(download(url, id: 7))
        harness.engine.stop(taskID: 7)
        let second = try harness.run(download(origin.url("/gen/10k"), id: 7))
        // The first .ended (the stopped request) arrives before the second request starts.
        let all = harness.all
        let firstEnd = try #require(all.firstIndex(where: { if case .ended = $0 { true } else { false } }))
        #expect(all[firstEnd] == .ended(taskID: 7, end: .stopped))
        _ = second
    }

    @Test func shutdownStopsEveryRequest() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let harness = try EngineHarness()
        for id in Int64(1)...3 {
            harness.engine.submit(download(origin.url("/gen/20m?rate=1000000&seed=\(id)"), id: id))
        }
        harness.engine.shutdown()
        harness.engine.shutdown()
        let ends = harness.all.compactMap { report -> Int64? in
            if case .ended(let id, .stopped) = report { return id }
            return nil
        }
        #expect(ends.sorted() == [1, 2, 3])
        harness.engine.submit(download(origin.url("/gen/1k"), id: 4))
        #expect(harness.all.last == .ended(taskID: 4, end: .stopped))
    }

    @Test func connectionRefusedIsInterrupted() throws {
        let port = try closedPort()
        let harness = try EngineHarness()
        let reports = try harness.run(download("http://127.0.0.1:\(port)/gen/1m"))
        let interruption = try #require(reports.interruption)
        #expect(!interruption.stalled)
        #expect(
            interruption.reason.lowercased().contains("refused") || interruption.reason.contains("Couldn't connect"))
    }

    @Test func unsupportedProtocolIsPermanent() throws {
        let harness = try EngineHarness()
        let reports = try harness.run(download("ftp://127.0.0.1/file"))
        guard case .permanentFailure = reports.end else {
            Issue.record("expected a permanent failure, got \(String(describing: reports.end))")
            return
        }
    }

    /// A loopback port that was just bound and released, so nothing listens on it.
    private func closedPort() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(fd >= 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(fd, raw, length) == 0 && getsockname(fd, raw, &length) == 0
            }
        }
        try #require(bound)
        return UInt16(bigEndian: address.sin_port)
    }
}
