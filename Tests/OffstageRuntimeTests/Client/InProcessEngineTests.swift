import Foundation
import OffstageCore
import OffstageRuntime
import OffstageStore
import OffstageTestSupport
import Testing

/// `InProcessEngine`: a face hosting the engine sends commands straight to its loop (never through the inbox
/// table), hears each outcome once its changes are durable, and takes the snapshots it publishes.
@Suite("In-process engine client")
struct InProcessEngineTests {
    /// An engine hosted on the harness's home, running until closed.
    static func engine(_ harness: RuntimeHarness, before: (@Sendable () -> Void)? = nil) -> InProcessEngine {
        let home = harness.home
        let store = harness.store
        return InProcessEngine(wake: {}) { publish in
            before?()
            var options = RuntimeOptions()
            options.onSnapshot = publish
            options.listens = false
            options.retryPolicy = RuntimeHarness.fastRetries
            return DaemonRuntime(home: home, store: store, options: options)
        }
    }

    /// Waits (without a fixed sleep) until `condition` holds, or fails after `seconds`.
    static func waitUntil(_ seconds: Double = 20, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while try !condition() {
            guard Date() < deadline else {
                Issue.record("the condition did not hold within \(seconds) s")
                return
            }
            usleep(10_000)
        }
    }

    @Test("an add goes to the loop, its outcome comes back, and no inbox row is written")
    func addThroughTheLoop() throws {
        let harness = try RuntimeHarness()
        let engine = Self.engine(harness)
        defer { engine.close() }
        let ticket = try engine.send(.add(TransferSpec(kind: .download, url: harness.origin.url("/gen/4000?seed=3"))))
        #expect(try engine.wait(for: ticket, timeout: 20) == .executed(.done, "ok"))
        // Nothing passed through the inbox table: it holds no command at all.
        #expect(try harness.store.commandStatus(id: 1) == nil)
        #expect(try harness.store.pendingCommands().isEmpty)
        var seen: UInt64?
        try Self.waitUntil {
            guard let snapshot = engine.snapshot(newerThan: seen) else { return false }
            seen = snapshot.sequence
            return snapshot.transfers.contains { $0.state == .completed }
        }
        let task = try #require(try harness.store.loadTasks().first)
        #expect(task.state == .completed)
        #expect(RuntimeHarness.digest(task.deliveredPath) == RuntimeHarness.expected(size: 4000, seed: 3))
    }

    @Test("a refusal comes back as refused, with the machine's reason")
    func refusal() throws {
        let harness = try RuntimeHarness()
        let engine = Self.engine(harness)
        defer { engine.close() }
        let ticket = try engine.send(.pause(id: 999))
        #expect(try engine.wait(for: ticket, timeout: 20) == .executed(.refused, "no task 999"))
    }

    @Test("a command sent before the loop runs is executed; one sent after it ended is refused")
    func beforeAndAfter() throws {
        let harness = try RuntimeHarness()
        let gate = DispatchSemaphore(value: 0)
        let engine = Self.engine(harness) { gate.wait() }
        let early = try engine.send(.setConditions(DeviceConditions(network: .cellular)))
        #expect(engine.outcome(of: early) == nil)
        gate.signal()
        #expect(try engine.wait(for: early, timeout: 20) == .executed(.done, "ok"))
        #expect(try harness.store.loadConditions().network == .cellular)
        engine.close()
        #expect(engine.ended == "the engine stopped (dashboard closed)")
        let late = try engine.send(.setConditions(DeviceConditions(network: .wifi)))
        #expect(
            try engine.wait(for: late, timeout: 1) == .executed(.refused, "the engine stopped before executing it"))
        #expect(try harness.store.loadConditions().network == .cellular)
    }

    @Test("an upload from a file that is not there is refused before it is sent")
    func missingUpload() throws {
        let harness = try RuntimeHarness()
        let engine = Self.engine(harness)
        defer { engine.close() }
        let spec = TransferSpec(
            kind: .upload, url: harness.origin.url("/upload/x"), method: "PUT",
            uploadPath: harness.home.path + "/missing.bin")
        #expect(throws: EngineClientError.refused("no such file to upload: \(harness.home.path)/missing.bin")) {
            try engine.send(.add(spec))
        }
    }
}
