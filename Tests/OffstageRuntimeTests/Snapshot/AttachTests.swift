import Foundation
import OffstageCore
import OffstageRuntime
import OffstageStore
import OffstageTestSupport
import Testing

/// The attach channel: a view in another process receives the engine's snapshots over `<home>/engine.sock`, and a
/// poke makes the engine read its inbox at once.
@Suite struct AttachTests {
    /// Hands a runtime to the thread that runs it.
    final class RuntimeBox: @unchecked Sendable {
        // Safety: `runtime` is set before the thread starts and only used by that thread until `finished` signals.
        /// The runtime.
        let runtime: DaemonRuntime
        /// Signalled when its `run()` returned.
        let finished = DispatchSemaphore(value: 0)
        /// A box for `runtime`.
        init(_ runtime: DaemonRuntime) { self.runtime = runtime }
    }

    @Test func aClientReceivesTheLatestSnapshotAtOnceThenTheNextOnes() throws {
        let harness = try RuntimeHarness()
        let clock = ManualTimeSource()
        let options = harness.options { $0.untilIdle = false }
        let runtime = DaemonRuntime(home: harness.home, store: harness.store, options: options, time: clock)
        try runtime.start()
        let socket = harness.home.path + "/engine.sock"
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: socket)[.posixPermissions] as? Int)
        #expect(mode & 0o777 == 0o600)

        let client = try SnapshotClient(home: harness.home.path)
        var first: Snapshot?
        for _ in 0..<200 where first == nil {
            try runtime.runOneTurn()
            first = try client.next(timeout: 0.02)
        }
        let snapshot = try #require(first, "no snapshot after connecting")
        #expect(snapshot.engine.role == .attached, "the view is attached to the engine")
        #expect(snapshot.engine.pid == getpid(), "the engine's process")
        #expect(snapshot.engine.home == harness.home.path)
        #expect(snapshot.sequence >= 1)
        #expect(snapshot.clock.now == clock.now())

        clock.advance(by: 5)  // the clock's second changed: something a view shows
        // A view that polls the descriptor itself takes what arrived with a zero timeout.
        var second: Snapshot?
        for _ in 0..<200 where second == nil {
            try runtime.runOneTurn()
            var descriptor = pollfd(fd: client.fileDescriptor, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, 20) > 0 { second = try client.next(timeout: 0) }
        }
        let next = try #require(second)
        #expect(next.sequence > snapshot.sequence)
        #expect(next.clock.now == clock.now())

        try runtime.shutdown()
        #expect(!FileManager.default.fileExists(atPath: socket), "removed on a clean stop")
        #expect(throws: AttachError.disconnected) {
            while try client.next(timeout: 2) != nil {}
        }
    }

    @Test func aClientThatDoesNotReadNeverHoldsUpTheLoopAndGetsTheNewestStateAtLast() throws {
        let harness = try RuntimeHarness()
        let clock = ManualTimeSource()
        let steady = ManualSteadyClock()
        let options = harness.options {
            $0.untilIdle = false
            $0.snapshotClock = { steady.now() }
        }
        let runtime = DaemonRuntime(home: harness.home, store: harness.store, options: options, time: clock)
        try runtime.start()
        defer { try? runtime.shutdown() }
        let client = try SnapshotClient(home: harness.home.path)
        for index in 0..<300 {
            try harness.enqueue(.setConditions(DeviceConditions(network: index % 2 == 0 ? .offline : .wifi)))
        }
        let started = Date()
        for _ in 0..<60 {
            clock.advance(by: 1)
            steady.advance(by: 0.2)
            try runtime.runOneTurn()
        }
        #expect(Date().timeIntervalSince(started) < 20, "the loop went on while nobody read")
        #expect(runtime.publishedSnapshots >= 1)
        // The client reads at last: what it holds becomes the engine's newest state (an update still on its way
        // when the client was full is followed by one to the newest).
        let newest = runtime.snapshot()
        var last: Snapshot?
        for _ in 0..<50 where last?.events != newest.events || last?.device != newest.device {
            while let snapshot = try client.next(timeout: 0.2) { last = snapshot }
            steady.advance(by: 1)
            try runtime.runOneTurn()
        }
        #expect(last?.events == newest.events)
        #expect(last?.device == newest.device)
        #expect(last?.transfers == newest.transfers)
    }

    @Test func aPokeMakesTheEngineReadTheInboxWithoutWaitingForThePoll() throws {
        let harness = try RuntimeHarness()
        let options = harness.options {
            $0.untilIdle = false
            $0.inboxPollInterval = 600  // the safety net would be far too late
        }
        let box = RuntimeBox(DaemonRuntime(home: harness.home, store: harness.store, options: options))
        let stopper = box.runtime.stopper
        Thread {
            _ = try? box.runtime.run()
            box.finished.signal()
        }.start()
        defer {
            stopper.requestShutdown(reason: "test")
            box.finished.wait()
        }
        // The engine listens once it has started; a client's first snapshot says it is up.
        var client: SnapshotClient?
        let limit = Date().addingTimeInterval(10)
        while client == nil, Date() < limit { client = try? SnapshotClient(home: harness.home.path) }
        let attached = try #require(client)
        _ = try attached.next(timeout: 5)

        let id = try harness.store.enqueue(.pause(id: 999), now: Date())
        let asked = Date()
        SnapshotClient.poke(home: harness.home.path)
        while try harness.store.commandStatus(id: id)?.0 == .pending, Date().timeIntervalSince(asked) < 10 {
            _ = try attached.next(timeout: 0.5)  // each executed command publishes a new snapshot
        }
        let status = try #require(try harness.store.commandStatus(id: id))
        #expect(status.0 == .refused, "\(status.1 ?? "")")
        #expect(Date().timeIntervalSince(asked) < 5, "read on the poke, not after the 600 s poll")
    }
}
