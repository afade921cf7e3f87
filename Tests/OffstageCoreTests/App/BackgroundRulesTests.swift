import Foundation
import OffstageCore
import Testing

/// The background-time rules live in one place: both machines' policies, and a configuration file that sets
/// nothing, take them from `BackgroundRules` and the relaunch limiter.
@Suite struct BackgroundRulesTests {
    @Test func theLifeCyclesDefaultsAreTheRules() throws {
        let decoded = try JSONDecoder().decode(AppLifecyclePolicy.self, from: Data("{}".utf8))
        for policy in [AppLifecyclePolicy(), decoded] {
            #expect(policy.backgroundTaskLimit == BackgroundRules.backgroundTime)
            #expect(policy.didEnterBackgroundGrace == BackgroundRules.didEnterBackgroundGrace)
            #expect(policy.expirationLead == BackgroundRules.backgroundTaskExpirationLead)
            #expect(policy.completionHandlerDeadline == BackgroundRules.completionHandlerDeadline)
            #expect(policy.relaunchInitialDelay == RelaunchRateLimiter.defaultInitialDelay)
            #expect(policy.relaunchMaxDelay == RelaunchRateLimiter.defaultMaxDelay)
        }
        #expect(AppLifecycleState(policy: AppLifecyclePolicy()).limiter == RelaunchRateLimiter())
    }

    @Test func theSchedulersDefaultsAreTheRules() throws {
        let decoded = try JSONDecoder().decode(SchedulerPolicyConfiguration.self, from: Data("{}".utf8))
        for policy in [SchedulerPolicyConfiguration(), decoded] {
            #expect(policy.appRefreshAllowance == BackgroundRules.appRefreshAllowance)
            #expect(policy.processingAllowance == BackgroundRules.processingAllowance)
            #expect(policy.expirationLead == BackgroundRules.bgTaskExpirationLead)
        }
    }

    @Test func aBGTaskOverrunKillsWithTheRulesCode() {
        var h = SchedulerHarness()
        h.openApp()
        h.submit(BGTaskRequest(identifier: refreshID, kind: .appRefresh))
        #expect(h.run(until: 900).handlerCalls == [refreshID])
        h.send(.expirationHandlerSet(identifier: refreshID))
        #expect(h.run(until: 900 + BackgroundRules.appRefreshAllowance + 1).killCodes == [WatchdogCode.backgroundTask])
    }
}
