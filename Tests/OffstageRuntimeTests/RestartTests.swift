import Foundation
import OffstageCore
import OffstageHTTP
import OffstageOrigin
import OffstageRuntime
import OffstageStore
import OffstageTestSupport
import Testing

/// A partial file that cannot be continued is dropped and the download starts again from zero.
@Suite struct RestartTests {
    /// Request 1 drops; request 2 (ranged) gets a full 200; request 3 (from zero) is clean.
    /// `times=2` makes the faults apply to the first two requests for the target.
    @Test func a200ToARangeRequestRestartsFromZero() throws {
        let harness = try RuntimeHarness()
        let size = 2 * mebibyte
        let drop: Int64 = 600_000
        let path = "/gen/2m"
        let id = try harness.download("\(path)?seed=21&drop=\(drop)&ignoreRange=1&times=2", name: "restart.bin")

        #expect(try harness.run() == .idle)

        let task = try harness.task(id)
        #expect(task.state == .completed)
        #expect(RuntimeHarness.digest(task.deliveredPath) == RuntimeHarness.expected(size: size, seed: 21))
        #expect(harness.parts().isEmpty)

        let requests = harness.requests(path: path)
        try #require(requests.count == 3, "\(requests)")
        #expect(requests[1].range == "bytes=\(drop)-")
        #expect(requests[1].status == 200)
        #expect(requests[2].range == nil)
        #expect(requests[2].status == 200)

        let restarted = try #require(try harness.events(id).first { $0.kind == .restarted })
        #expect(restarted.reason.contains("200 to a range request"))
        #expect(try harness.eventKinds(id).contains(.resumed) == false)
    }

    /// Request 1 drops under ETag v1; request 2 sends `If-Range: v1` but the resource changed,
    /// so the origin answers 200 with v2 and the download restarts from zero.
    @Test func aChangedValidatorRestartsFromZero() throws {
        let harness = try RuntimeHarness()
        let size = 2 * mebibyte
        let drop: Int64 = 900_000
        let path = "/gen/2m"
        let id = try harness.download("\(path)?seed=22&drop=\(drop)&changeValidator=1", name: "changed.bin")

        #expect(try harness.run() == .idle)

        let task = try harness.task(id)
        #expect(task.state == .completed)
        #expect(RuntimeHarness.digest(task.deliveredPath) == RuntimeHarness.expected(size: size, seed: 22))
        #expect(harness.parts().isEmpty)

        let requests = harness.requests(path: path)
        try #require(requests.count == 3, "\(requests)")
        #expect(requests[1].range == "bytes=\(drop)-")
        let sentValidator = try #require(requests[1].ifRange)
        #expect(requests[1].status == 200)
        #expect(requests[2].range == nil)
        #expect(task.validator != nil && task.validator != sentValidator)

        let restarted = try #require(try harness.events(id).first { $0.kind == .restarted })
        #expect(restarted.reason.contains("validator changed"))
    }
}
