import Foundation
import Testing

@testable import OffstageCore
@testable import OffstageStore

/// Scheduler values with every field set, built through the core's internal memberwise initialisers.
enum SchedulerFixtures {
    /// A pending processing request with fractional times.
    static let pending = PendingTaskRequest(
        request: BGTaskRequest(
            identifier: "com.example.db-cleanup", kind: .processing, earliestBeginDate: date(900.125),
            requiresNetworkConnectivity: true, requiresExternalPower: true),
        submittedAt: date(0.1), submittedSteady: 12.3)

    /// A finished run of `identifier`.
    static func run(_ number: Int64, identifier: String = "com.example.refresh") -> TaskRun {
        TaskRun(
            number: number, identifier: identifier, kind: .appRefresh, requestedAt: date(Double(number) * 10.1),
            launchedAt: date(Double(number) * 10.1 + 3.3), endedAt: date(Double(number) * 10.1 + 9.7),
            outcome: number.isMultiple(of: 2) ? .expiredWithoutHandler : .completed, delay: 3.3,
            simulated: number == 1, expirationCalled: true)
    }

    /// A decision at `seconds`.
    static func decision(_ seconds: Double, identifier: String = "com.example.refresh") -> SchedulerDecision {
        SchedulerDecision(
            time: date(seconds), identifier: identifier, launched: false,
            reason: .penalisedUntil(date(seconds + 0.333)))
    }

    /// A state with pending requests, a running task, history, penalties and every other part away from defaults.
    static func state() -> TaskSchedulerState {
        var state = TaskSchedulerState(seed: 0xFFFF_FFFF_FFFF_FFF1)
        let refresh = PendingTaskRequest(
            request: BGTaskRequest(identifier: "com.example.refresh", kind: .appRefresh, earliestBeginDate: nil),
            submittedAt: date(1.7), submittedSteady: 0.000_1)
        state.pending = [pending, refresh]
        state.running = [
            RunningTask(
                number: 4, request: refresh, launchedAt: date(33.33), launchedSteady: 1e9 + 0.5,
                handlerCalled: true, expirationAt: 1e9 + 25.5, deadline: 1e9 + 30.5, expirationHandlerSet: true,
                expirationCalled: false, delay: 31.63, simulated: false)
        ]
        state.history = [run(1), run(2), run(3)]
        state.penalties = [
            "com.example.backup": TaskPenalty(until: 86_400.25, strikes: 3),
            "com.example.feed": TaskPenalty(until: 0.1, strikes: 1),
        ]
        state.budget.opens = [1.5, 86_401.75]
        state.budget.credits = 1.0 / 3.0
        state.app = SchedulerAppView(phase: .background, forceQuit: true, relaunchAllowedAt: 160.1)
        state.launching = true
        state.registered = ["com.example.refresh", "com.example.feed"]
        state.lastLaunchRegistered = ["com.example.refresh"]
        state.device = SchedulerDeviceState(conditions: Fixtures.conditions, inUse: true)
        state.clock = SteadyClock(offset: -12.75, lastWall: date(44.44), lastSteady: 1e9 + 7.1)
        state.nextWakeAt = 1e9 + 900.2
        state.decisions = [decision(5.5), decision(6.6, identifier: "com.example.feed")]
        state.nextRunNumber = 5
        return state
    }

    /// Changes carrying the full state, two log lines, two decisions and one finished run.
    static func changes() -> SchedulerChanges {
        SchedulerChanges(
            state: state(),
            log: [
                LogEntry(time: date(50), kind: .taskAdded, subject: "com.example.refresh", reason: "submitted"),
                LogEntry(time: date(51), kind: .started, subject: "com.example.refresh"),
            ],
            decisions: [decision(50), decision(51, identifier: "com.example.feed")],
            finishedRuns: [run(3)])
    }
}

@Suite("Scheduler tables")
struct SchedulerStoreTests {
    @Test("a version 1 store is migrated to the current version and keeps all its data")
    func migrationFromVersion1() throws {
        try withTemporaryHome { home in
            try home.prepare()
            do {
                let v1 = try Database(path: home.databasePath, readOnly: false, migrations: [Schema.version1])
                #expect(try v1.scalarInteger("PRAGMA user_version") == 1)
                v1.close()
            }
            // Fill the version 1 store through the v1 tables only (the scheduler tables do not exist yet).
            do {
                let v1 = try Database(path: home.databasePath, readOnly: false, migrations: [Schema.version1])
                try v1.transaction {
                    try v1.run(Records.upsertSession, Records.values(Fixtures.session))
                    try v1.run(Fixtures.insertBeforeOptions(Fixtures.fullTask()).0, Fixtures.insertBeforeOptions(Fixtures.fullTask()).1)
                    try v1.run(Records.replaceConditions, Records.values(Fixtures.conditions))
                    try v1.run(
                        Records.insertEvent, Records.values(LogEntry(time: date(3), kind: .paused, subject: "x")))
                    try v1.run(
                        "INSERT INTO inbox (created, command, status) VALUES (?, ?, 'pending')",
                        [.date(date(4)), .text(#"{"pause":{"id":3}}"#)])
                }
                #expect(try v1.scalarInteger("SELECT count(*) FROM sqlite_master WHERE name LIKE 'scheduler_%'") == 0)
                v1.close()
            }
            let store = try Store.open(home: home)
            #expect(
                try store.withDatabase { try $0.scalarInteger("PRAGMA user_version") } == Int64(Store.schemaVersion))
            #expect(Store.schemaVersion == 9)
            #expect(try store.loadSessions() == [Fixtures.session])
            #expect(try store.loadTasks() == [Fixtures.fullTask()])
            #expect(try store.loadConditions() == Fixtures.conditions)
            #expect(try store.events().map(\.entry) == [LogEntry(time: date(3), kind: .paused, subject: "x")])
            #expect(try store.pendingCommands().map(\.command) == [.pause(id: 3)])
            #expect(try store.loadSchedulerState() == nil)
            #expect(try store.schedulerDecisions(limit: 10).isEmpty)
            #expect(try store.schedulerRuns(limit: 10).isEmpty)
            #expect(try store.loadAppState() == nil)
            #expect(try store.loadAppRegistry().records.isEmpty)
            #expect(try store.integrityCheck() == "ok")
        }
    }

    @Test("the state round-trips exactly, through a reopen")
    func stateRoundTrip() throws {
        try withTemporaryHome { home in
            let changes = SchedulerFixtures.changes()
            do {
                let store = try Store.open(home: home)
                #expect(try store.loadSchedulerState() == nil)
                try store.apply(changes)
                store.close()
            }
            let store = try Store.open(home: home)
            let loaded = try #require(try store.loadSchedulerState())
            #expect(loaded == changes.state)
            #expect(try store.schedulerDecisions(limit: 10) == changes.decisions)
            #expect(try store.schedulerRuns(limit: 10) == changes.finishedRuns)
            #expect(try store.events().map(\.entry) == changes.log)
            // A second apply replaces the state row rather than adding one.
            var next = changes
            next.state.pending = []
            next.finishedRuns = [SchedulerFixtures.run(4)]
            try store.apply(next)
            #expect(try store.loadSchedulerState() == next.state)
            #expect(try store.withDatabase { try $0.scalarInteger("SELECT count(*) FROM scheduler_state") } == 1)
            #expect(try store.schedulerRuns(limit: 10) == [SchedulerFixtures.run(3), SchedulerFixtures.run(4)])
            #expect(try store.schedulerRuns(limit: 1) == [SchedulerFixtures.run(4)])
        }
    }

    @Test("the state JSON has sorted keys")
    func sortedKeys() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            try store.apply(SchedulerFixtures.changes())
            let json = try store.withDatabase { try $0.scalarText("SELECT state FROM scheduler_state") }
            #expect(json.hasPrefix(#"{"app":"#))
        }
    }

    @Test(
        "a failure after any part of a scheduler apply leaves nothing written",
        arguments: ["scheduler-state", "scheduler-log", "scheduler-decisions", "scheduler-runs"])
    func atomicApply(failingAfter part: String) throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            store.setApplyHook { if $0 == part { throw InjectedFailure() } }
            #expect(throws: InjectedFailure.self) { try store.apply(SchedulerFixtures.changes()) }
            store.setApplyHook(nil)
            #expect(try store.loadSchedulerState() == nil)
            #expect(try store.events().isEmpty)
            #expect(try store.schedulerDecisions(limit: 10).isEmpty)
            #expect(try store.schedulerRuns(limit: 10).isEmpty)
        }
    }

    @Test("the decision log keeps the newest 5,000 decisions")
    func decisionsBounded() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            var changes = SchedulerFixtures.changes()
            changes.log = []
            changes.finishedRuns = []
            changes.decisions = (0..<4_000).map { SchedulerFixtures.decision(Double($0)) }
            try store.apply(changes)
            changes.decisions = (4_000..<6_500).map { SchedulerFixtures.decision(Double($0)) }
            try store.apply(changes)
            let count = try store.withDatabase { try $0.scalarInteger("SELECT count(*) FROM scheduler_decisions") }
            #expect(count == Int64(Store.schedulerDecisionLimit))
            let all = try store.schedulerDecisions(limit: 10_000)
            #expect(all.count == 5_000)
            #expect(all.first == SchedulerFixtures.decision(1_500))
            #expect(all.last == SchedulerFixtures.decision(6_499))
            #expect(try store.schedulerDecisions(limit: 2).map(\.time) == [date(6_498), date(6_499)])
        }
    }

    @Test(
        "completing a command with scheduler and transfer changes is one transaction",
        arguments: ["sessions", "log", "outbox", "scheduler-state", "scheduler-runs"])
    func atomicCompleteCommand(failingAfter part: String) throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            let id = try store.enqueue(.pause(id: 7), now: date(0))
            let transfer = TransactionTests.everything()
            store.setApplyHook { if $0 == part { throw InjectedFailure() } }
            #expect(throws: InjectedFailure.self) {
                try store.completeCommand(
                    id: id, status: .done, result: "ok", schedulerChanges: SchedulerFixtures.changes(),
                    transferChanges: transfer, now: date(9))
            }
            store.setApplyHook(nil)
            #expect(try store.commandStatus(id: id)?.0 == .pending)
            #expect(try store.loadTasks().isEmpty)
            #expect(try store.loadSessions().isEmpty)
            #expect(try store.events().isEmpty)
            #expect(try store.outbox().isEmpty)
            #expect(try store.loadSchedulerState() == nil)
            #expect(try store.schedulerRuns(limit: 10).isEmpty)

            try store.completeCommand(
                id: id, status: .done, result: "ok", schedulerChanges: SchedulerFixtures.changes(),
                transferChanges: transfer, now: date(9))
            #expect(try store.commandStatus(id: id)?.0 == .done)
            #expect(try store.commandStatus(id: id)?.1 == "ok")
            #expect(try store.loadTasks().count == 2)
            #expect(try store.loadSchedulerState() == SchedulerFixtures.state())
            #expect(try store.events().map(\.entry) == transfer.log + SchedulerFixtures.changes().log)
            #expect(try store.schedulerRuns(limit: 10) == [SchedulerFixtures.run(3)])
        }
    }

    @Test("completing a command with only one kind of changes, or none")
    func completeCommandPartial() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            let first = try store.enqueue(.pause(id: 7), now: date(0))
            let second = try store.enqueue(.pause(id: 8), now: date(1))
            let third = try store.enqueue(.pause(id: 9), now: date(2))
            try store.completeCommand(
                id: first, status: .refused, result: "no", schedulerChanges: nil, transferChanges: nil, now: date(0))
            try store.completeCommand(
                id: second, status: .done, result: "", schedulerChanges: SchedulerFixtures.changes(),
                transferChanges: nil, now: date(0))
            try store.completeCommand(
                id: third, status: .done, result: "", schedulerChanges: nil,
                transferChanges: TransactionTests.everything(), now: date(0))
            #expect(try store.commandStatus(id: first)?.0 == .refused)
            #expect(try store.loadSchedulerState() == SchedulerFixtures.state())
            #expect(try store.loadTasks().count == 2)
            #expect(try store.pendingCommands().isEmpty)
            // A command that is no longer pending is refused and nothing is written.
            #expect(throws: StoreError.invalidRow(table: "inbox", detail: "command \(first) is not pending")) {
                try store.completeCommand(
                    id: first, status: .done, result: "", schedulerChanges: SchedulerFixtures.changes(),
                    transferChanges: nil, now: date(0))
            }
        }
    }

    @Test("an unreadable state row is reported, naming the table")
    func unreadableState() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            try store.withDatabase { try $0.run("INSERT INTO scheduler_state (id, state) VALUES (1, '{}')") }
            #expect {
                try store.loadSchedulerState()
            } throws: { error in
                "\(error)".hasPrefix("unreadable row in table scheduler_state: the state is not a valid")
            }
        }
    }

    @Test("a current store is refused by a build that knows only version 1")
    func tooNewForVersion1() throws {
        try withTemporaryHome { home in
            _ = try Store.open(home: home)
            #expect(throws: StoreError.tooNew(home.databasePath, found: Store.schemaVersion, supported: 1)) {
                _ = try Database(path: home.databasePath, readOnly: false, migrations: [Schema.version1])
            }
        }
    }
}
