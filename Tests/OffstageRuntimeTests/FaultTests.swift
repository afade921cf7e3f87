import Foundation
import OffstageCore
import OffstageHTTP
import OffstageOrigin
import OffstageRuntime
import OffstageStore
import OffstageTestSupport
import Testing

/// Bodies of the wrong length, unknown lengths and HTTP errors, end to end through the runtime.
@Suite struct FaultTests {
    @Test func aShortBodyIsRetriedAndNeverReportedComplete() throws {
        let harness = try RuntimeHarness()
        let size = 2 * mebibyte
        let short: Int64 = 300_000
        let id = try harness.download("/gen/2m?seed=31&short=\(short)", name: "short.bin")

        #expect(try harness.run() == .idle)

        let task = try harness.task(id)
        #expect(task.state == .completed)
        #expect(RuntimeHarness.digest(task.deliveredPath) == RuntimeHarness.expected(size: size, seed: 31))
        let requests = harness.requests(path: "/gen/2m")
        try #require(requests.count == 2, "\(requests)")
        #expect(requests[1].range == "bytes=\(size - short)-")
        let events = try harness.events(id)
        let finishing = events.filter { $0.kind == .finishing }
        #expect(finishing.count == 1)
        let retried = try #require(events.firstIndex { $0.kind == .retryScheduled })
        #expect(retried < (events.firstIndex { $0.kind == .finishing } ?? -1))
        #expect(try #require(events.first { $0.kind == .retryScheduled }).reason.contains("1.8 MB of 2.1 MB"))
    }

    @Test func aBodyThatIsAlwaysShortFailsAndIsNeverDelivered() throws {
        let harness = try RuntimeHarness()
        let size = 1 * mebibyte
        let short: Int64 = 100_000
        let id = try harness.download("/gen/1m?seed=32&short=\(short)&times=100", name: "never.bin")

        #expect(try harness.run() == .idle)

        let task = try harness.task(id)
        #expect(task.state == .failed)
        #expect(task.error?.contains("after \(RuntimeHarness.fastRetries.maxAttempts) attempts") == true)
        #expect(task.deliveredPath == nil)
        #expect(harness.documents().isEmpty)
        #expect(try harness.store.outbox().isEmpty)
        let kinds = try harness.eventKinds(id)
        #expect(!kinds.contains(.finishing) && !kinds.contains(.delivered))
        #expect(kinds.last == .failed)
        #expect(harness.requests(path: "/gen/1m").count == RuntimeHarness.fastRetries.maxAttempts)
        // The partial file is kept for a manual resume, holding only the bytes that did arrive.
        #expect(RuntimeHarness.size(harness.home.partPath(taskID: id)) == size - short)
    }

    /// The origin sends the whole body plus 50,000 bytes and closes. The engine must not call
    /// that complete; the retry asks for `bytes=1048576-`, which the origin answers 416 with the
    /// full length, so the bytes already written are delivered.
    @Test func aLongBodyIsRetriedAndNeverReportedComplete() throws {
        let harness = try RuntimeHarness()
        let size = 1 * mebibyte
        let id = try harness.download("/gen/1m?seed=33&long=50000", name: "long.bin")

        #expect(try harness.run() == .idle)

        let task = try harness.task(id)
        let events = try harness.events(id)
        let retry = try #require(events.first { $0.kind == .retryScheduled }, "\(events)")
        #expect(retry.reason.contains("more bytes than its Content-Length"))
        #expect(
            events.firstIndex { $0.kind == .finishing } ?? Int.max > events.firstIndex { $0.kind == .retryScheduled }
                ?? 0)
        if let delivered = task.deliveredPath {
            #expect(RuntimeHarness.size(delivered) == size)
            #expect(RuntimeHarness.digest(delivered) == RuntimeHarness.expected(size: size, seed: 33))
        }
        #expect(task.state == .completed, "\(task.error ?? "")")
        // The long response's bytes were discarded, so the retry fetches the whole body again.
        #expect(harness.requests(path: "/gen/1m").map(\.status) == [200, 200])
    }

    /// Every response runs long and ignores the range, so no attempt can ever be trusted.
    @Test func aBodyThatIsAlwaysLongFailsAndIsNeverDelivered() throws {
        let harness = try RuntimeHarness()
        let id = try harness.download("/gen/1m?seed=36&long=50000&ignoreRange=1&times=100", name: "never.bin")

        #expect(try harness.run() == .idle)

        let task = try harness.task(id)
        #expect(task.state == .failed)
        #expect(task.deliveredPath == nil)
        #expect(harness.documents().isEmpty)
        #expect(try harness.store.outbox().isEmpty)
        let kinds = try harness.eventKinds(id)
        #expect(!kinds.contains(.finishing) && !kinds.contains(.delivered))
        #expect(kinds.last == .failed)
    }

    @Test(arguments: ["chunked=1", "noLength=1"])
    func anUnknownLengthCompletesWithTheRealSizeRecorded(framing: String) throws {
        let harness = try RuntimeHarness()
        let size = 3 * mebibyte
        let id = try harness.download("/gen/3m?seed=34&\(framing)&rate=8000000", name: "stream.bin")

        #expect(try harness.run() == .idle)

        let task = try harness.task(id)
        #expect(task.state == .completed)
        #expect(task.bytesExpected == size)
        #expect(task.bytesWritten == size)
        #expect(RuntimeHarness.digest(task.deliveredPath) == RuntimeHarness.expected(size: size, seed: 34))
        let started = try #require(try harness.events(id).first { $0.kind == .started })
        #expect(started.reason == "receiving, length unknown (HTTP 200 OK)")
    }

    @Test func retryAfterIsHonouredAsAMinimumWait() throws {
        let harness = try RuntimeHarness()
        let size = 1 * mebibyte
        let id = try harness.download("/gen/1m?seed=35&status=503&retryAfter=1", name: "busy.bin")

        #expect(try harness.run() == .idle)

        let task = try harness.task(id)
        #expect(task.state == .completed)
        #expect(RuntimeHarness.digest(task.deliveredPath) == RuntimeHarness.expected(size: size, seed: 35))
        let requests = harness.requests(path: "/gen/1m")
        #expect(requests.map(\.status) == [503, 200])
        // The origin's log has no times, so compare the store's: the 503 was logged when it
        // arrived, the start of the body when the retry was answered.
        let events = try harness.events(id)
        let retry = try #require(events.first { $0.kind == .retryScheduled })
        #expect(retry.reason.contains("HTTP 503 Service Unavailable"))
        let started = try #require(events.first { $0.kind == .started })
        #expect(started.time.timeIntervalSince(retry.time) >= 1.0)
    }

    @Test func aLongRetryAfterIsCappedByThePolicy() throws {
        let harness = try RuntimeHarness()
        let id = try harness.download("/gen/64k?seed=37&status=503&retryAfter=30", name: "capped.bin")

        #expect(try harness.run { $0.retryPolicy.retryAfterCap = 0.3 } == .idle)

        let task = try harness.task(id)
        #expect(task.state == .completed)
        let events = try harness.events(id)
        let retry = try #require(events.first { $0.kind == .retryScheduled })
        let started = try #require(events.first { $0.kind == .started })
        let waited = started.time.timeIntervalSince(retry.time)
        #expect(waited >= 0.3 && waited < 5, "waited \(waited) s")
    }

    @Test func a404FailsWithoutDeliveringAFile() throws {
        let harness = try RuntimeHarness()
        let id = try harness.download("/files/missing.bin", name: "missing.bin")

        #expect(try harness.run() == .idle)

        let task = try harness.task(id)
        #expect(task.state == .failed)
        #expect(task.error == "HTTP 404 Not Found")
        #expect(task.httpStatus == 404)
        #expect(task.deliveredPath == nil)
        #expect(harness.documents().isEmpty)
        #expect(harness.requests(path: "/files/missing.bin").count == 1)
        #expect(try harness.eventKinds(id).last == .failed)
    }
}
