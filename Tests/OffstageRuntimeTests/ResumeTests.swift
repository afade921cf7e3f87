import Foundation
import OffstageCore
import OffstageHTTP
import OffstageOrigin
import OffstageRuntime
import OffstageStore
import OffstageTestSupport
import Testing

/// A dropped connection is resumed from the checkpoint with `Range` + `If-Range`.
@Suite struct ResumeTests {
    @Test func droppedConnectionResumesFromTheCheckpointWithRangeAndIfRange() throws {
        let harness = try RuntimeHarness()
        let size = 2 * mebibyte
        let drop: Int64 = 700_000
        let path = "/gen/2m"
        let id = try harness.download("\(path)?seed=11&drop=\(drop)", name: "resumed.bin")

        #expect(try harness.run() == .idle)

        let task = try harness.task(id)
        #expect(task.state == .completed)
        #expect(task.bytesWritten == size)
        #expect(task.bytesExpected == size)
        #expect(RuntimeHarness.digest(task.deliveredPath) == RuntimeHarness.expected(size: size, seed: 11))
        #expect(harness.documents() == ["resumed.bin"])
        #expect(harness.parts().isEmpty)
        #expect(try harness.store.outbox().isEmpty)

        let requests = harness.requests(path: path)
        try #require(requests.count == 2, "\(requests)")
        #expect(requests[0].range == nil)
        #expect(requests[0].status == 200)
        #expect(requests[1].range == "bytes=\(drop)-")
        let ifRange = try #require(requests[1].ifRange)
        #expect(requests[1].status == 206)

        let kinds = try harness.eventKinds(id)
        #expect(kinds.contains(.retryScheduled))
        #expect(kinds.filter { $0 == .finishing }.count == 1)
        let resumed = try #require(try harness.events(id).first { $0.kind == .resumed })
        #expect(resumed.reason.hasPrefix("from 700 KB of 2.1 MB (HTTP 206 Partial Content"), "\(resumed.reason)")
        #expect(resumed.reason.contains(ifRange))
        #expect(kinds.last == .delivered)
    }
}
