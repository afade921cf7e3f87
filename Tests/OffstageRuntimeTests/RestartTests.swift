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
    /// Request 1 drops; request 2 (ranged) gets a full 200, which is taken as the body from byte 0 (no third request
    /// from zero) and drops again at the same place; request 3 resumes from there with a 206.
    /// `times=2` makes the faults apply to the first two requests for the target.
    @Test func a200ToARangeRequestIsTakenAsTheWholeFile() throws {
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
        #expect(requests[2].range == "bytes=\(drop)-", "the 200's own bytes are resumed, not fetched again")
        #expect(requests[2].status == 206)

        let restarted = try #require(try harness.events(id).first { $0.kind == .restarted })
        #expect(
            restarted.reason
                == "the server sent the whole file instead of the range from byte \(drop): starting again from zero")
    }

    /// Request 1 drops under ETag v1; request 2 sends `If-Range: v1` but the resource changed, so the origin
    /// answers 200 with v2: that body is the new file, written from zero in the same request.
    @Test func aChangedValidatorRestartsFromZeroInOneRequest() throws {
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
        try #require(requests.count == 2, "one request for the new file, not two: \(requests)")
        #expect(requests[1].range == "bytes=\(drop)-")
        let sentValidator = try #require(requests[1].ifRange)
        #expect(requests[1].status == 200)
        let served = try #require(task.validator)
        #expect(served != sentValidator)

        let restarted = try #require(try harness.events(id).first { $0.kind == .restarted })
        #expect(
            restarted.reason
                == "the file changed on the server (ETag \(sentValidator) → \(served)): starting again from zero")
        #expect(try harness.eventKinds(id).filter { $0 == .started }.count == 2)
    }
}
