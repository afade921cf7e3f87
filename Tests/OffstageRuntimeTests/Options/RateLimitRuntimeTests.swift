import Foundation
import OffstageClock
import OffstageCore
import OffstageOrigin
import OffstageRuntime
import OffstageStore
import OffstageTestSupport
import Synchronization
import Testing

/// Rate limits end to end against the local origin, measured on the bytes the engine received.
@Suite(.serialized) struct RateLimitRuntimeTests {
    /// Bytes received by task `id`, sampled on the runtime's ticks with their monotonic times.
    final class Samples: Sendable {
        let points = Mutex<[(time: Double, bytes: Int64)]>([])

        func add(_ bytes: Int64) {
            let now = SystemTimeSource().steady()
            points.withLock { $0.append((now, bytes)) }
        }

        /// The average rate over the `seconds` that follow `start` seconds after the first byte.
        func rate(after start: Double, over seconds: Double) -> Double? {
            points.withLock { points in
                guard let first = points.first(where: { $0.bytes > 0 }) else { return nil }
                guard let a = points.first(where: { $0.time >= first.time + start }),
                    let b = points.first(where: { $0.time >= a.time + seconds })
                else { return nil }
                return Double(b.bytes - a.bytes) / (b.time - a.time)
            }
        }

        /// How many seconds of samples there are after the first byte.
        var span: Double {
            points.withLock { points in
                guard let first = points.first(where: { $0.bytes > 0 }), let last = points.last else { return 0 }
                return last.time - first.time
            }
        }
    }

    @Test func aLimitedTransfersRateIsWithinTenPercentOfItsLimitOverFiveSeconds() throws {
        let harness = try RuntimeHarness()
        let limit: Int64 = 400 << 10
        var spec = TransferSpec(kind: .download, url: harness.origin.url("/gen/64m?seed=9"))
        spec.options.rateLimit = limit
        let id = try harness.store.enqueueAdd(spec, now: Date()).task
        let samples = Samples()
        try harness.run(stoppingWhen: { daemon in
            samples.add(daemon.liveBytes[id] ?? 0)
            return samples.span >= 6.5
        }) { $0.tickInterval = 0.05 }
        let rate = try #require(samples.rate(after: 1, over: 5))
        #expect(abs(rate - Double(limit)) <= Double(limit) / 10, "\(Int(rate)) bytes a second against \(limit)")
        #expect(try harness.task(id).state == .queued)  // stopped by the test, resumable
    }

    @Test func theEngineLimitReachesARunningTransferAtOnceAndIsKeptAcrossRestarts() throws {
        let harness = try RuntimeHarness()
        let limit: Int64 = 2 << 20
        let id = try harness.download("/gen/512m?seed=10&rate=20000000")
        let samples = Samples()
        let sent = Mutex(false)
        let store = harness.store
        try harness.run(stoppingWhen: { daemon in
            let bytes = daemon.liveBytes[id] ?? 0
            if bytes > 0, !sent.withLock({ $0 }) {
                sent.withLock { $0 = true }
                _ = try? store.enqueue(.setRateLimit(bytesPerSecond: limit), now: Date())
            }
            if daemon.settings.rateLimit != nil { samples.add(bytes) }
            return samples.span >= 4.5
        }) { $0.tickInterval = 0.05 }
        let rate = try #require(samples.rate(after: 1, over: 3))
        #expect(abs(rate - Double(limit)) <= Double(limit) / 10, "\(Int(rate)) bytes a second against \(limit)")
        #expect(try harness.store.loadTransferSettings().rateLimit == limit)
        try harness.reopenStore()
        let snapshot = try StoreSnapshot.read(home: harness.home, store: harness.store, configuration: .builtIn)
        #expect(snapshot.rateLimit == limit)
    }
}
