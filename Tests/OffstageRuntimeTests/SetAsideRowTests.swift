import Foundation
import OffstageCore
import OffstageRuntime
@testable import OffstageStore
import OffstageTestSupport
import Testing

/// A stored row the engine cannot use is reported once and skipped; the rest of the home runs.
@Suite struct SetAsideRowTests {
    /// Stores a queued task at `id` and then damages one column with raw SQL.
    private func storeDamagedTask(_ harness: RuntimeHarness, id: Int64, damage sql: String) throws {
        var changes = StoreChanges()
        changes.tasks = [
            TransferTask(
                id: id, session: "com.offstage.default", taskIdentifier: Int(id), kind: .download,
                url: harness.origin.url("/gen/1k?seed=\(id)"), destinationDirectory: harness.home.documentsDirectory,
                createdAt: Date())
        ]
        try harness.store.apply(changes, now: Date())
        try harness.store.withDatabase { try $0.run(sql, [.integer(id)]) }
    }

    @Test func unusableRowsAreReportedOnceAndTheGoodTaskCompletes() throws {
        let harness = try RuntimeHarness()
        try storeDamagedTask(harness, id: 100, damage: "UPDATE tasks SET earliest_begin_date = 1e308 WHERE id = ?")
        try storeDamagedTask(harness, id: 101, damage: "UPDATE tasks SET state = 'exploded' WHERE id = ?")
        try storeDamagedTask(harness, id: 102, damage: "UPDATE tasks SET priority = -1e308 WHERE id = ?")
        try storeDamagedTask(harness, id: 103, damage: "UPDATE tasks SET bytes_written = -5 WHERE id = ?")
        try harness.store.withDatabase {
            try $0.run(
                "INSERT INTO sessions (identifier, is_discretionary, sends_launch_events, timeout_request, "
                    + "timeout_resource, max_connections_per_host, allows_cellular, allows_expensive, "
                    + "allows_constrained) VALUES ('com.example.broken', 0, 0, 60, 1e308, 0, 1, 1, 1)")
        }
        let good = try harness.download("/gen/64k?seed=5", name: "good.bin")

        #expect(try harness.run() == .idle)

        let task = try harness.task(good)
        #expect(task.state == .completed)
        #expect(RuntimeHarness.digest(task.deliveredPath) == RuntimeHarness.expected(size: 65_536, seed: 5))
        let asides = try harness.store.events(limit: 10_000).map(\.entry).filter { $0.kind == .rowSetAside }
        #expect(asides.map(\.subject).sorted() == [
            "session com.example.broken", "task 100", "task 101", "task 102", "task 103",
        ])
        #expect(asides.first { $0.subject == "task 100" }?.reason.contains("earliest_begin_date") == true)
        #expect(asides.first { $0.subject == "task 101" }?.reason.contains("exploded") == true)
        #expect(asides.allSatisfy { $0.reason.contains("skipped") })

        // A second start does not report the same rows again, and the rows are still there, untouched.
        #expect(try harness.run() == .idle)
        let again = try harness.store.events(limit: 10_000).map(\.entry).filter { $0.kind == .rowSetAside }
        #expect(again.count == asides.count)
        let kept = try harness.store.withDatabase {
            try $0.query("SELECT COUNT(*) FROM tasks WHERE id BETWEEN 100 AND 103", table: "tasks") {
                $0.int64(0)
            }.first
        }
        #expect(kept == 4)
        #expect(try harness.store.loadTasks().map(\.id) == [good])
    }

    @Test func anUndecodableSchedulerStateAndAbsurdConditionsAreSetAsideAndStartFresh() throws {
        let harness = try RuntimeHarness()
        try harness.store.withDatabase {
            try $0.run("INSERT OR REPLACE INTO scheduler_state (id, state) VALUES (1, '{\"broken\": ')")
            try $0.run(
                "INSERT OR REPLACE INTO conditions (id, network, charging, battery_level, low_power_mode, "
                    + "background_refresh) VALUES (1, 'wifi', 1, 9223372036854775807, 0, 1)")
        }
        let good = try harness.download("/gen/16k?seed=6", name: "good.bin")
        #expect(try harness.run { $0.scheduler = SchedulerSetup(app: AppTaskConfiguration(handlers: [])) } == .idle)
        #expect(try harness.task(good).state == .completed)
        let asides = try harness.store.events(limit: 10_000).map(\.entry).filter { $0.kind == .rowSetAside }
        #expect(asides.map(\.subject) == ["the conditions row", "the scheduler_state row"])
        #expect(asides.allSatisfy { $0.reason.contains("starting fresh") })
        #expect(asides.first?.reason.contains("battery_level 9223372036854775807 is out of range") == true)
        #expect(try harness.store.loadSchedulerState() != nil)
    }
}
