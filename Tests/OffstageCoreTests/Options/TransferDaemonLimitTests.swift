import Foundation
import OffstageCore
import Testing

@Suite struct TransferDaemonLimitTests {
    private func spec(limit: Int64? = nil, headers: [RequestHeader] = [], compressed: Bool = false) -> TransferSpec {
        TransferSpec(
            url: "https://files.example/big.iso",
            options: TransferOptions(rateLimit: limit, headers: headers, compressed: compressed))
    }

    @Test func aTasksOwnLimitHeadersAndCompressionGoOutWithItsRequest() throws {
        var h = DaemonHarness()
        let header = RequestHeader(name: "X-Token", value: "t")
        let actions = h.add(1, spec: spec(limit: 4096, headers: [header], compressed: true))
        let start = try #require(actions.starts.first)
        #expect(start.rateLimit == 4096)
        #expect(start.headers == [header])
        #expect(start.compressed)
        #expect(actions.logged(.taskAdded)?.reason.contains("limit 4 KiB/s, 1 header, compressed") == true)
        #expect(try h.task(1).options.rateLimit == 4096)
    }

    @Test func theEngineLimitIsSharedByRunningRequestsAndReachesThemAtOnce() throws {
        var h = DaemonHarness()
        h.add(1, url: "https://a.example/1")
        h.add(2, url: "https://b.example/2")
        let set = h.send(.rateLimitRequested(bytesPerSecond: 8192))
        #expect(set.commit?.settings == TransferSettings(rateLimit: 8192))
        let limits = set.compactMap { if case .limit(let id, let rate) = $0 { (id, rate) } else { nil } }
        #expect(limits.map(\.0) == [1, 2])
        #expect(limits.map(\.1) == [4096, 4096])
        #expect(set.logged(.rateLimit, "engine")?.reason.contains("applied at once to 2 running transfers") == true)
        // A third request starts with its share; the two running ones are told theirs.
        let third = h.add(3, url: "https://c.example/3")
        #expect(third.starts.first?.rateLimit == 2730)
        let told = third.compactMap { if case .limit(let id, let rate) = $0 { (id, rate) } else { nil } }
        #expect(told.map(\.0) == [1, 2])
        #expect(told.map(\.1) == [2730, 2730])
        // One ends: the others share its part.
        let ended = h.end(3, .interrupted(reason: "x", stalled: false))
        let after = ended.compactMap { if case .limit(let id, let rate) = $0 { (id, rate) } else { nil } }
        #expect(after.map(\.1) == [4096, 4096])
        // Lifted: every running request runs free.
        let lifted = h.send(.rateLimitRequested(bytesPerSecond: nil))
        #expect(lifted.commit?.settings == TransferSettings(rateLimit: nil))
        let free = lifted.compactMap { if case .limit(let id, let rate) = $0 { (id, rate) } else { nil } }
        #expect(free.map(\.0) == [1, 2] && free.allSatisfy { $0.1 == nil })
    }

    @Test func sameLimitAgainChangesNothingAndSaysSo() {
        var h = DaemonHarness()
        h.send(.rateLimitRequested(bytesPerSecond: 2048))
        let again = h.send(.rateLimitRequested(bytesPerSecond: 2048))
        #expect(again.commit == nil)
        #expect(again.contains(.note("the engine-wide limit is already 2 KiB/s")))
    }

    @Test func anUnusableLimitIsRefused() {
        var h = DaemonHarness()
        #expect(h.send(.rateLimitRequested(bytesPerSecond: 5)).refusals.count == 1)
        #expect(h.send(.rateLimitRequested(bytesPerSecond: -1)).refusals.count == 1)
        h.add(1)
        #expect(h.send(.taskRateLimitRequested(id: 1, bytesPerSecond: 0)).refusals.count == 1)
        #expect(h.send(.taskRateLimitRequested(id: 9, bytesPerSecond: 4096)).refusals == ["no task 9"])
        #expect(h.daemon.settings.rateLimit == nil)
    }

    @Test func aTasksLimitChangesWhileItRuns() throws {
        var h = DaemonHarness()
        h.add(1)
        let set = h.send(.taskRateLimitRequested(id: 1, bytesPerSecond: 10_240))
        #expect(set.contains(.limit(taskID: 1, bytesPerSecond: 10_240)))
        #expect(set.commit?.tasks.first?.options.rateLimit == 10_240)
        #expect(set.contains(.note("task 1: limit 10 KiB/s; applied at once")))
        #expect(h.daemon.appliedRateLimit(1) == 10_240)
        // The engine's limit below it wins for the request; its own limit is kept.
        let engine = h.send(.rateLimitRequested(bytesPerSecond: 4096))
        #expect(engine.contains(.limit(taskID: 1, bytesPerSecond: 4096)))
        #expect(try h.task(1).options.rateLimit == 10_240)
    }

    /// The pass that gives running requests their rates reads the tasks' own limits from the daemon's index: set,
    /// lifted, and rebuilt from the store at a restart.
    @Test func aTasksOwnLimitIsFollowedWhenSetLiftedAndRestored() throws {
        var h = DaemonHarness()
        h.add(1)
        h.add(2, url: "https://b.example/2")
        let limited = h.send(.taskRateLimitRequested(id: 2, bytesPerSecond: 8192))
        #expect(limited.contains(.limit(taskID: 2, bytesPerSecond: 8192)))
        // Another request starting is given no limit, and the limited one is not told again.
        let third = h.add(3, url: "https://c.example/3")
        #expect(third.starts.first?.rateLimit == nil)
        #expect(!third.contains { if case .limit = $0 { true } else { false } })
        let lifted = h.send(.taskRateLimitRequested(id: 2, bytesPerSecond: nil))
        #expect(lifted.contains(.limit(taskID: 2, bytesPerSecond: nil)))
        #expect(h.daemon.appliedRateLimit(2) == nil)
        h.send(.taskRateLimitRequested(id: 1, bytesPerSecond: 4096))
        let stored = Array(h.daemon.tasks.values)

        var restarted = DaemonHarness()
        let started = restarted.send(.started(sessions: [], tasks: stored, conditions: DeviceConditions()))
        let rates = Dictionary(uniqueKeysWithValues: started.starts.map { ($0.taskID, $0.rateLimit) })
        #expect(rates == [1: 4096, 2: nil, 3: nil])
    }

    @Test func theLimitOfAStoppedRequestIsForgottenAndItsNextRequestGetsItAgain() throws {
        var h = DaemonHarness()
        h.send(.rateLimitRequested(bytesPerSecond: 4096))
        let first = h.add(1)
        #expect(first.starts.first?.rateLimit == 4096)
        h.send(.pauseRequested(id: 1))
        h.end(1, .stopped)
        #expect(h.daemon.appliedRateLimit(1) == nil)
        let resumed = h.send(.resumeRequested(id: 1))
        #expect(resumed.starts.first?.rateLimit == 4096)
    }
}
