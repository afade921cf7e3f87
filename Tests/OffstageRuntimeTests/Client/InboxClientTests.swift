import Foundation
import OffstageCore
import OffstageRuntime
import OffstageStore
import OffstageTestSupport
import Testing

/// `InboxClient`: commands for an engine in another process go through the inbox; with no engine running, the one
/// place a command is applied offline (state-only) or refused before anything is made.
@Suite("Inbox engine client")
struct InboxClientTests {
    /// A client of the harness's home that applies commands with the scheduler and the app when no engine runs.
    static func client(_ harness: RuntimeHarness) -> InboxClient {
        InboxClient(home: harness.home) {
            var options = RuntimeOptions()
            options.scheduler = SchedulerSetup(app: AppTaskConfiguration(handlers: []))
            options.app = AppSetup(configuration: AppConfiguration())
            return options
        }
    }

    @Test("with no engine, a state-only command is applied at once and one that needs work is refused unsent")
    func noEngine() throws {
        let harness = try RuntimeHarness()
        let client = Self.client(harness)
        defer { client.close() }
        let ticket = try client.send(.setConditions(DeviceConditions(network: .cellular)))
        #expect(client.outcome(of: ticket) == .executed(.done, "ok"))
        #expect(try harness.store.loadConditions().network == .cellular)
        #expect(throws: EngineClientError.notRunning(client.notRunningLine)) {
            try client.send(.launchTask(identifier: "com.example.refresh"))
        }
        // Only the applied command left a row.
        #expect(try harness.store.commandStatus(id: ticket.inboxID + 1) == nil)
    }

    @Test("a command refused before it is sent makes nothing: no home, no store")
    func refusedMakesNothing() throws {
        let folder = try TemporaryHome(prefix: "offstage-client")
        defer { folder.remove() }
        let home = OffstageHome(path: folder.home.path + "/not-yet")
        let client = InboxClient(home: home) { RuntimeOptions() }
        defer { client.close() }
        #expect(throws: EngineClientError.notRunning(client.notRunningLine)) {
            try client.send(.expireTask(identifier: "com.example.refresh"))
        }
        #expect(!FileManager.default.fileExists(atPath: home.path))
    }

    @Test("with an engine, a command waits in the inbox until the engine executes it")
    func withEngine() throws {
        let harness = try RuntimeHarness()
        let lock = try InstanceLock.acquire(home: harness.home)  // what a running engine holds
        defer { lock.release() }
        let client = Self.client(harness)
        defer { client.close() }
        let ticket = try client.send(.add(TransferSpec(kind: .download, url: harness.origin.url("/gen/100"))))
        #expect(ticket.taskID != nil)
        #expect(client.outcome(of: ticket) == nil)
        #expect(try client.wait(for: ticket, timeout: 0.1) == .stillPending(owner: getpid()))
        try harness.run()
        #expect(client.outcome(of: ticket) == .executed(.done, "ok"))
        #expect(try harness.store.task(id: #require(ticket.taskID))?.state == .completed)
    }

    @Test("when the engine stops with a command waiting, it is applied here, or refused if it needs work")
    func engineStops() throws {
        let harness = try RuntimeHarness()
        let client = Self.client(harness)
        defer { client.close() }
        var lock: InstanceLock? = try InstanceLock.acquire(home: harness.home)
        let applied = try client.send(.setConditions(DeviceConditions(network: .offline)))
        let refused = try client.send(.launchTask(identifier: "com.example.refresh"))
        lock?.release()
        lock = nil
        #expect(try client.wait(for: applied, timeout: 5) == .executed(.done, "ok"))
        #expect(try harness.store.loadConditions().network == .offline)
        #expect(throws: EngineClientError.notRunning(client.notRunningLine)) {
            try client.wait(for: refused, timeout: 5)
        }
        #expect(try harness.store.commandStatus(id: refused.inboxID)?.0 == .refused)
    }
}
