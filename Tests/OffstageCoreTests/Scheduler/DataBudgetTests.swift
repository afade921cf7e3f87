import Foundation
import OffstageCore
import Testing

/// The cellular data budget: launches that use the network on cellular spend it; it refills through the day.
@Suite struct DataBudgetTests {
    static let cellular = SchedulerDeviceState(conditions: DeviceConditions(network: .cellular))

    @Test func refreshOnCellularSpendsItUntilItWaitsForTheNextCredit() {
        var policy = fixedPolicy()
        policy.initialCredits = 10
        var h = SchedulerHarness(policy: policy)
        h.openApp()
        h.send(.deviceChanged(Self.cellular))
        var launches = 0
        for round in 0..<3 {
            h.submit(BGTaskRequest(identifier: refreshID, kind: .appRefresh))
            let actions = h.run(until: Double(round + 1) * 900 + 1)
            launches += actions.handlerCalls.count
            h.send(.taskCompleted(identifier: refreshID, success: true))
        }
        #expect(launches == 2, "two credits: two launches on cellular")
        #expect(h.text(refreshID)?.hasPrefix("data budget spent on cellular, next credit in ") == true)
        // Wi-Fi costs nothing.
        h.send(.deviceChanged(SchedulerDeviceState()))
        #expect(h.text(refreshID) == "eligible — waiting for the next scheduler wake")
    }

    @Test func processingWithoutANetworkNeedDoesNotSpendIt() {
        var h = SchedulerHarness()
        h.openApp()
        h.send(.deviceChanged(Self.cellular))
        h.submit(BGTaskRequest(identifier: cleanupID, kind: .processing))
        #expect(h.run(until: 1000).handlerCalls == [cleanupID])
        #expect(h.scheduler.state.dataBudget.credits == SchedulerPolicyConfiguration().dataCapacity)
        h.send(.taskCompleted(identifier: cleanupID, success: true))
        h.submit(BGTaskRequest(identifier: cleanupID, kind: .processing, requiresNetworkConnectivity: true))
        #expect(h.run(until: 2000).handlerCalls == [cleanupID])
        #expect(h.scheduler.state.dataBudget.credits < SchedulerPolicyConfiguration().dataCapacity)
    }

    @Test func itRefillsThroughTheDayUpToItsCapacity() {
        let policy = SchedulerPolicyConfiguration()
        var budget = DataBudget(credits: 0, at: 0)
        #expect(budget.timeUntilAffordable(1, policy) == policy.dataRefillInterval)
        budget.accrue(to: policy.dataRefillInterval / 2, policy)
        #expect(budget.credits == 0.5)
        #expect(!budget.canAfford(1))
        budget.accrue(to: policy.dataRefillInterval, policy)
        #expect(budget.canAfford(1))
        budget.accrue(to: 86_400, policy)
        #expect(budget.credits == policy.dataCapacity)
        budget.spend(5)
        #expect(budget.credits == 0)
        // A clock that goes back adds nothing and does not trap.
        budget.accrue(to: -100, policy)
        #expect(budget.credits == 0)
        var none = policy
        none.dataCapacity = 0.5
        #expect(DataBudget(credits: 0).timeUntilAffordable(1, none) == nil)
        #expect(
            WaitReason.dataBudgetSpent(nextCreditIn: nil).text() == "data budget spent on cellular; it waits for Wi-Fi")
    }
}
