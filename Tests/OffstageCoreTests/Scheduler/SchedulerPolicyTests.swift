import Foundation
import OffstageCore
import Testing

@Suite struct SchedulerPolicyTests {
    struct ConditionCase: Sendable, CustomTestStringConvertible {
        let name: String
        let request: BGTaskRequest
        let blocked: DeviceConditions
        let inUse: Bool
        let expected: String
        var testDescription: String { name }
    }

    static let cases: [ConditionCase] = [
        ConditionCase(
            name: "BAR off", request: BGTaskRequest(identifier: refreshID, kind: .appRefresh),
            blocked: DeviceConditions(backgroundRefresh: false), inUse: false,
            expected: "Background App Refresh is off on this device"
        ),
        ConditionCase(
            name: "Low Power Mode", request: BGTaskRequest(identifier: refreshID, kind: .appRefresh),
            blocked: DeviceConditions(lowPowerMode: true), inUse: false, expected: "Low Power Mode"),
        ConditionCase(
            name: "critical battery", request: BGTaskRequest(identifier: refreshID, kind: .appRefresh),
            blocked: DeviceConditions(charging: false, batteryLevel: 12), inUse: false,
            expected: "battery critically low (12%)"),
        ConditionCase(
            name: "external power",
            request: BGTaskRequest(identifier: cleanupID, kind: .processing, requiresExternalPower: true),
            blocked: DeviceConditions(charging: false, batteryLevel: 80), inUse: false, expected: "needs external power"
        ),
        ConditionCase(
            name: "network",
            request: BGTaskRequest(identifier: cleanupID, kind: .processing, requiresNetworkConnectivity: true),
            blocked: DeviceConditions(network: .offline), inUse: false, expected: "needs a network"),
        ConditionCase(
            name: "device in use", request: BGTaskRequest(identifier: cleanupID, kind: .processing),
            blocked: DeviceConditions(), inUse: true, expected: "device in use"),
    ]

    @Test(arguments: cases) func eachConditionBlocksWithItsReasonAndUnblocks(_ c: ConditionCase) {
        var h = SchedulerHarness()
        h.openApp()
        h.submit(c.request)
        h.send(.deviceChanged(SchedulerDeviceState(conditions: c.blocked, inUse: c.inUse)))
        #expect(h.text(c.request.identifier) == c.expected)
        #expect(h.run(until: 1800).handlerCalls.isEmpty)
        #expect(h.scheduler.state.decisions.last?.reason?.text() == c.expected)
        h.send(.deviceChanged(SchedulerDeviceState()))
        #expect(h.text(c.request.identifier) == "eligible — waiting for the next scheduler wake")
        #expect(h.run(until: 2700).handlerCalls == [c.request.identifier])
    }

    @Test func earliestDateHoldsTheRequestUntilItPasses() {
        var h = SchedulerHarness()
        h.openApp()
        h.submit(BGTaskRequest(identifier: refreshID, kind: .appRefresh, earliestBeginDate: schedulerEpoch + 720))
        #expect(h.text(refreshID) == "earliest in 12 min")
        #expect(h.run(until: 719).handlerCalls.isEmpty)
        #expect(h.run(until: 900).handlerCalls == [refreshID])
    }

    @Test func spentBudgetBlocksWithTheNextCreditEstimate() {
        var policy = fixedPolicy()
        policy.initialCredits = 0
        var h = SchedulerHarness(policy: policy)
        h.submit(BGTaskRequest(identifier: refreshID, kind: .appRefresh))
        // Never opened: credits come only from an open.
        h.send(.timerFired, at: 1)
        #expect(h.text(refreshID) == "energy budget spent, next credit when the app is opened")
        h.openApp()  // earns 1 credit
        h.run(until: 900)
        h.send(.taskCompleted(identifier: refreshID, success: true), at: 905)
        h.submit(BGTaskRequest(identifier: refreshID, kind: .appRefresh))
        // One open today over a 7-day window: a credit every 6 h × 7 × 7 = 294 h.
        #expect(h.text(refreshID) == "energy budget spent, next credit in 13 d")
        for day in 1...7 {
            h.send(.timerFired, at: Double(day) * 86_400 - 3600)
            h.openApp()
        }
        h.send(.taskCompleted(identifier: refreshID, success: true))
        #expect(h.scheduler.state.budget.credits >= 1)
    }

    @Test func budgetOpensEarnCreditsUpToTheCapacity() {
        let policy = SchedulerPolicyConfiguration()
        var budget = BackgroundBudget(credits: 0)
        budget.recordOpen(at: 0, policy)
        #expect(budget.credits == 1)
        for i in 1...50 { budget.recordOpen(at: Double(i), policy) }
        #expect(budget.credits <= budget.capacity(at: 50, policy))
        #expect(budget.capacity(at: 50, policy) == min(6, 2 + 51.0 / 7))
        // Daily use, every day: a credit every 6 h / opens-per-day.
        var daily = BackgroundBudget(credits: 0)
        for day in 0..<7 { daily.recordOpen(at: Double(day) * 86_400, policy) }
        #expect(daily.refillInterval(at: 6 * 86_400 + 1, policy) == 21_600)
        #expect(BackgroundBudget(credits: 0).refillInterval(at: 0, policy) == nil)
    }

    @Test func relaunchLimiterDoublesAndResets() {
        var limiter = RelaunchRateLimiter()
        #expect(limiter.recordRelaunch(at: 0) == 60)
        #expect(limiter.remaining(at: 30) == 30)
        #expect(limiter.recordRelaunch(at: 60) == 120)
        #expect(limiter.recordRelaunch(at: 180) == 240)
        limiter.reset()
        #expect(limiter.remaining(at: 181) == 0)
        #expect(limiter.recordRelaunch(at: 200) == 60)
        // The delay (60 s, ended at 260) then elapses unused for a whole period: back to the start.
        #expect(limiter.hasLapsed(at: 320))
        #expect(limiter.recordRelaunch(at: 400) == 60)
        var capped = RelaunchRateLimiter(initialDelay: 60, maxDelay: 200)
        for s in [0.0, 60, 180, 380] { capped.recordRelaunch(at: s) }
        #expect(capped.delay == 200)
    }

    @Test func limiterHoldsABackgroundRelaunchAndAnOpenResetsIt() {
        var policy = fixedPolicy()
        policy.wakeInterval = 30
        var h = SchedulerHarness(policy: policy)
        h.openApp()
        h.submit(BGTaskRequest(identifier: refreshID, kind: .appRefresh))
        #expect(h.run(until: 30).handlerCalls == [refreshID])
        h.send(.taskCompleted(identifier: refreshID, success: true), at: 35)
        h.submit(BGTaskRequest(identifier: refreshID, kind: .appRefresh))
        h.send(.timerFired, at: 40)
        #expect(h.text(refreshID) == "waiting for the relaunch limiter (50 s)")
        h.openApp()
        #expect(h.text(refreshID) == "eligible — waiting for the next scheduler wake")
    }

    @Test func processingRunsWithinTwoDaysWhenTheAppWasUsedThisWeek() {
        var h = SchedulerHarness()
        h.openApp()
        h.send(.deviceChanged(SchedulerDeviceState(conditions: DeviceConditions(charging: false, batteryLevel: 80))))
        h.submit(BGTaskRequest(identifier: cleanupID, kind: .processing))
        #expect(h.text(cleanupID) == "waiting for external power (runs on battery in 36 h)")
        let runs = h.run(until: 2 * 86_400)
        #expect(runs.handlerCalls == [cleanupID])
        #expect((h.scheduler.state.history.first?.delay ?? .infinity) < 2 * 86_400)
    }

    @Test func processingIsChargedToTheBudgetButStillRunsWithinTwoDays() {
        var policy = fixedPolicy()
        policy.initialCredits = 0
        policy.creditsPerOpen = 0
        var h = SchedulerHarness(policy: policy)
        h.openApp()
        h.submit(BGTaskRequest(identifier: cleanupID, kind: .processing))
        #expect(h.reason(cleanupID).map { if case .budgetSpent = $0 { true } else { false } } == true)
        let runs = h.run(until: 2 * 86_400)
        #expect(runs.handlerCalls == [cleanupID])
        let delay = h.scheduler.state.history.first?.delay ?? .infinity
        #expect(delay >= policy.processingOnBatteryAfter && delay < 2 * 86_400)
    }

    @Test func aProcessingLaunchSpendsProcessingLaunchCost() {
        var policy = fixedPolicy()
        policy.processingLaunchCost = 3
        let h = SchedulerHarness(policy: policy)
        let request = BGTaskRequest(identifier: cleanupID, kind: .processing)
        #expect(h.scheduler.policy.launchCost(request, state: h.scheduler.state) == 3)
    }

    @Test func processingDoesNotRunWhenTheAppWasUnusedForEightDays() {
        var h = SchedulerHarness()
        h.openApp()
        h.send(.timerFired, at: 8 * 86_400)
        h.submit(BGTaskRequest(identifier: cleanupID, kind: .processing))
        #expect(h.text(cleanupID) == "app not used in the past week")
        #expect(h.run(until: 11 * 86_400).handlerCalls.isEmpty)
    }

    @Test func explainStringsRender() {
        #expect(
            WaitReason.budgetSpent(nextCreditIn: 3 * 3600).text()
                == "energy budget spent, next credit in 3 h")
        #expect(
            WaitReason.dataBudgetSpent(nextCreditIn: 2400).text()
                == "data budget spent on cellular, next credit in 40 min")
        #expect(
            WaitReason.awaitingLikelyUse(usualOpen: Date(timeIntervalSince1970: 8 * 3600)).text()
                == "the app is usually opened around 08:00; refresh likely shortly before")
        #expect(
            WaitReason.noUseExpected.text() == "no use expected: the app has no usual time of day yet")
        #expect(WaitReason.relaunchLimiter(120).text() == "waiting for the relaunch limiter (2 min)")
        #expect(WaitReason.penalisedUntil(Date(timeIntervalSince1970: 50_700)).text() == "penalised until 14:05")
        #expect(WaitReason.noHandlerRegistered.text() == "no handler registered at launch")
        #expect(WaitReason.eligible(nextWakeIn: 10).text() == "eligible — waiting for the next scheduler wake")
        #expect(WaitReason.earliestIn(45).text() == "earliest in 45 s")
    }

    @Test func policyConfigurationDecodesMissingKeysAsDefaults() throws {
        let decoded = try JSONDecoder().decode(
            SchedulerPolicyConfiguration.self, from: Data(#"{"wakeInterval": 60}"#.utf8))
        var expected = SchedulerPolicyConfiguration()
        expected.wakeInterval = 60
        #expect(decoded == expected)
        let roundTrip = try JSONDecoder().decode(
            SchedulerPolicyConfiguration.self, from: JSONEncoder().encode(expected))
        #expect(roundTrip == expected)
    }
}
