import Foundation
import OffstageCore
import OffstageOrigin
import OffstageTestSupport
import Testing

@testable import OffstageHTTP

/// Many requests at once on the event-driven engine: each is driven only when its socket is ready, ends exactly
/// once, and delivers exactly its bytes.
@Suite("CurlEngine many at once")
struct ConcurrentTests {
    @Test func aHundredThrottledDownloadsAtOnceEachEndOnceWithTheirBytes() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let harness = try EngineHarness()
        let count = 100
        let size = 48 << 10
        let requests = (1...count).map { id in
            download(origin.url("/gen/\(size)?seed=\(id)&rate=60000"), id: Int64(id))
        }
        let reports = try harness.runAll(requests)
        for id in 1...Int64(count) {
            let mine = reports.filter { $0.taskID == id }
            #expect(mine.endCount == 1, "task \(id): \(mine)")
            #expect(
                mine.end == .completed(bytes: Int64(size), status: 200, responseSummary: nil), "task \(id)")
            #expect(mine.checkpoints.last == Int64(size) && mine.checkpointPrecedesEnd, "task \(id)")
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: harness.partPath(id))))
            #expect(
                bytes == GeneratedContent.bytes(0..<Int64(size), seed: UInt64(id)), "task \(id)'s bytes")
        }
    }

    @Test func aStopAmongManyEndsOnlyThatRequest() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let harness = try EngineHarness()
        harness.onReport { report, engine in
            if case .responseAccepted(let id, _, _, _, _, _, _) = report, id == 7 { engine.stop(taskID: 7) }
        }
        let requests = (1...20).map { id in
            download(origin.url("/gen/32k?seed=\(id)&rate=64000"), id: Int64(id))
        }
        let reports = try harness.runAll(requests)
        #expect(reports.filter { $0.taskID == 7 }.end == .stopped)
        for id in (1...20).filter({ $0 != 7 }) {
            #expect(
                reports.filter { $0.taskID == Int64(id) }.end
                    == .completed(bytes: 32 << 10, status: 200, responseSummary: nil), "task \(id)")
        }
    }
}

extension TransferReport {
    /// The task the report is about.
    fileprivate var taskID: Int64 {
        switch self {
        case .responseAccepted(let id, _, _, _, _, _, _), .restartedFromZero(let id, _),
            .progressed(let id, _),
            .stalled(let id, _), .moving(let id), .checkpointed(let id, _), .ended(let id, _):
            id
        }
    }
}
