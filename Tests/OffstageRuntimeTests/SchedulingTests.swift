import Foundation
import OffstageCore
import OffstageHTTP
import OffstageOrigin
import OffstageRuntime
import OffstageStore
import OffstageTestSupport
import Testing

/// The session and device rules decide when a task starts: connection slots, begin dates,
/// network conditions, and the stall timeout.
@Suite struct SchedulingTests {
    @Test func theSessionsConnectionLimitRunsTasksOneAtATime() throws {
        let harness = try RuntimeHarness()
        var session = SessionConfiguration()
        session.httpMaximumConnectionsPerHost = 1
        try harness.enqueue(.configureSession(session))
        let first = try harness.download("/gen/512k?seed=131&rate=4000000", name: "one.bin")
        let second = try harness.download("/gen/512k?seed=132&rate=4000000", name: "two.bin")
        var most = 0

        #expect(try harness.run { $0.onTick = { most = max(most, $0.runningTaskIDs.count) } } == .idle)

        #expect(most == 1)
        for (id, seed) in [(first, UInt64(131)), (second, 132)] {
            let task = try harness.task(id)
            #expect(task.state == .completed)
            #expect(RuntimeHarness.digest(task.deliveredPath) == RuntimeHarness.expected(size: 512 << 10, seed: seed))
        }
        let waits = try (harness.events(first) + harness.events(second)).filter { $0.kind == .waiting }
        #expect(waits.contains { $0.reason.contains("waiting for a connection slot (1 of 1 in use)") })
    }

    @Test func aTaskWithABeginDateStartsNoEarlier() throws {
        let harness = try RuntimeHarness()
        var spec = TransferSpec(kind: .download, url: harness.origin.url("/gen/64k?seed=133"), name: "later.bin")
        spec.beginAfter = 0.5
        let id = try harness.store.enqueueAdd(spec, now: Date()).task

        #expect(try harness.run() == .idle)

        let task = try harness.task(id)
        #expect(task.state == .completed)
        let events = try harness.events(id)
        let added = try #require(events.first { $0.kind == .taskAdded })
        let started = try #require(events.first { $0.kind == .started })
        #expect(started.time.timeIntervalSince(added.time) >= 0.5)
        #expect(events.contains { $0.kind == .waiting && $0.reason.hasPrefix("earliest begin") })
    }

    @Test func aTaskWaitsOfflineAndStartsWhenTheNetworkReturns() throws {
        let harness = try RuntimeHarness()
        try harness.enqueue(.setConditions(DeviceConditions(network: .offline)))
        let id = try harness.download("/gen/64k?seed=134", name: "online.bin")
        let store = harness.store
        var online = false

        let outcome = try harness.run { options in
            options.onTick = { daemon in
                guard !online, daemon.waitReasons[id] == "waiting for a network" else { return }
                #expect(harness.requests().isEmpty)
                online = true
                _ = try? store.enqueue(.setConditions(DeviceConditions(network: .wifi)), now: Date())
            }
        }

        #expect(outcome == .idle)
        #expect(online)
        #expect(try harness.task(id).state == .completed)
        #expect(try harness.store.loadConditions().network == .wifi)
        #expect(try harness.events(id).contains { $0.kind == .waiting && $0.reason == "waiting for a network" })
    }

    @Test func goingOfflineStopsARunningTransferWhichResumesWithIfRangeWhenTheNetworkReturns() throws {
        let harness = try RuntimeHarness()
        let id = try harness.download("/gen/1m?seed=135&rate=400k", name: "offline.bin")
        let store = harness.store
        var wentOffline = false
        var backOnline = false

        let outcome = try harness.run { options in
            options.onTick = { daemon in
                if !wentOffline, daemon.runningTaskIDs.contains(id) {
                    wentOffline = true
                    _ = try? store.enqueue(.setConditions(DeviceConditions(network: .offline)), now: Date())
                } else if wentOffline, !backOnline, daemon.waitReasons[id] == "waiting for a network",
                    daemon.runningTaskIDs.isEmpty
                {
                    backOnline = true
                    _ = try? store.enqueue(.setConditions(DeviceConditions(network: .wifi)), now: Date())
                }
            }
        }

        #expect(outcome == .idle)
        #expect(wentOffline && backOnline)
        let task = try harness.task(id)
        #expect(task.state == .completed)
        #expect(RuntimeHarness.digest(task.deliveredPath) == RuntimeHarness.expected(size: 1 << 20, seed: 135))
        let events = try harness.events(id)
        #expect(
            events.contains {
                $0.kind == .waiting
                    && $0.reason == "waiting for a network: stopped; it resumes from its checkpoint (If-Range) when the "
                        + "network allows"
            })
        // The offset it continues from is the core's to decide (TransferDaemonNetworkTests: If-Range from the checkpoint).
        #expect(events.filter { $0.kind == .started || $0.kind == .resumed }.count >= 2, "requested again once online")
    }

    /// The origin sends the head, then nothing, keeping the socket open. With a 1 s request
    /// timeout the stall is detected and retried, counted as an attempt (two are all the policy
    /// allows here). The stall comes before any body byte because libcurl's
    /// low-speed check averages over about 5 s: a stall after a fast start is seen only ~6 s later.
    @Test func aStalledResponseIsRetriedCountedAsAnAttempt() throws {
        let harness = try RuntimeHarness()
        var session = SessionConfiguration()
        session.timeoutIntervalForRequest = 1
        try harness.enqueue(.configureSession(session))
        let id = try harness.download("/gen/1m?seed=135&stall=0", name: "stalled.bin")

        #expect(try harness.run { $0.retryPolicy.maxAttempts = 2 } == .idle)

        let task = try harness.task(id)
        #expect(task.state == .completed)
        #expect(RuntimeHarness.digest(task.deliveredPath) == RuntimeHarness.expected(size: mebibyte, seed: 135))
        let retry = try #require(try harness.events(id).first { $0.kind == .retryScheduled })
        #expect(retry.reason.contains("stalled"))
        #expect(retry.reason.contains("attempt 1 of 2"))
        #expect(harness.requests(path: "/gen/1m").count == 2)
    }
}
