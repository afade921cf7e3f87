import Foundation
import OffstageCore
import OffstageHTTP
import OffstageOrigin
import OffstageRuntime
import OffstageStore
import OffstageTestSupport
import Synchronization
import Testing

/// A server that trickles (a byte every half second after 5000) is shown stalled in the snapshot every view reads,
/// then reconnected at its timeout, counted as an attempt, and resumed with If-Range; the file arrives whole. The
/// stall window is a runtime option, so this takes seconds, not minutes.
@Suite struct StallRuntimeTests {
    @Test func aTrickleIsShownStalledThenReconnectedAndResumed() throws {
        let harness = try RuntimeHarness()
        var session = SessionConfiguration()
        session.timeoutIntervalForRequest = 2
        try harness.enqueue(.configureSession(session))
        let path = "/gen/256k"
        let id = try harness.download("\(path)?seed=151&trickle=5000&times=1", name: "trickle.bin")
        let stalledSeen = Mutex<[TransferSnapshot]>([])

        let outcome = try harness.run { options in
            options.transferTimings.stallWindow = 1
            options.onSnapshot = { snapshot in
                guard let transfer = snapshot.transfers.first(where: { $0.id == id }), transfer.stalledSince != nil
                else { return }
                stalledSeen.withLock { $0.append(transfer) }
            }
        }
        #expect(outcome == .idle)

        let task = try harness.task(id)
        #expect(task.state == .completed)
        #expect(RuntimeHarness.digest(task.deliveredPath) == RuntimeHarness.expected(size: 256 << 10, seed: 151))
        let seen = stalledSeen.withLock { $0 }
        #expect(!seen.isEmpty, "a snapshot showed it stalled")
        #expect(seen.allSatisfy { $0.status == .running && $0.bytes >= 5000 }, "\(seen.map { ($0.status, $0.bytes) })")

        let retry = try #require(try harness.events(id).first { $0.kind == .retryScheduled })
        #expect(retry.reason.hasPrefix("stalled: under 1 kB in 2 s; attempt 1 of 4"), "\(retry.reason)")
        let requests = harness.requests(path: path)
        try #require(requests.count == 2, "\(requests)")
        let resumedAt = try #require(requests[1].range)
        #expect(resumedAt.hasPrefix("bytes=") && resumedAt != "bytes=0-" && requests[1].ifRange != nil)
        #expect(requests[1].status == 206)
    }
}
