import Foundation
import OffstageCore
import OffstageUI
import Testing

/// The `L` key: the engine-wide limit, asked for in a prompt, checked as `offstage limit` checks it.
@Suite struct DashboardLimitTests {
    @Test func lAsksForTheLimitAndEnterSendsItToTheEngine() {
        let snapshot = ReducerFixture.snapshot()
        var state = ReducerFixture.state(for: snapshot)
        var effects = ReducerFixture.press([.character("L")], &state, snapshot)
        #expect(effects.isEmpty)
        #expect(state.overlay == .prompt(.init(purpose: .limit)))
        effects = ReducerFixture.press(ReducerFixture.typing("2m") + [.enter], &state, snapshot)
        #expect(effects == [.send(.setRateLimit(bytesPerSecond: 2 << 20))])
        #expect(state.overlay == nil)
        #expect(state.message == "limit 2 MiB/s sent to the engine: every running transfer together")
    }

    @Test func thePromptStartsWithTheLimitInForceAndOffLiftsIt() {
        var snapshot = ReducerFixture.snapshot()
        snapshot.rateLimit = 500 << 10
        var state = ReducerFixture.state(for: snapshot)
        ReducerFixture.press([.character("L")], &state, snapshot)
        #expect(state.overlay == .prompt(.init(purpose: .limit, text: "500k")))
        let effects = ReducerFixture.press(
            Array(repeating: .backspace, count: 4) + ReducerFixture.typing("off") + [.enter], &state, snapshot)
        #expect(effects == [.send(.setRateLimit(bytesPerSecond: nil))])
        #expect(state.message == "no limit sent to the engine")
    }

    @Test(arguments: [
        ("", "type a rate such as 500k or 2m, or off to lift the limit"),
        ("fast", "a limit takes a rate in bytes a second, such as 500k, 2m or 1g (1024-based), or off; not fast"),
        ("10", "a limit must be from 1k (1024 bytes a second) to 1t, or off; not 10"),
        ("2t", "a limit must be from 1k (1024 bytes a second) to 1t, or off; not 2t"),
    ])
    func aBadRateKeepsThePromptOpenWithTheReason(_ text: String, _ reason: String) {
        let snapshot = ReducerFixture.snapshot()
        var state = ReducerFixture.state(for: snapshot)
        let effects = ReducerFixture.press(
            [.character("L")] + ReducerFixture.typing(text) + [.enter], &state, snapshot)
        #expect(effects.isEmpty)
        #expect(state.overlay == .prompt(.init(purpose: .limit, text: text, error: reason)))
    }

    @Test func theRateIsShownInTheUnitItWasGivenIn() {
        #expect(PromptParsing.rateText(2 << 20) == "2m")
        #expect(PromptParsing.rateText(1 << 30) == "1g")
        #expect(PromptParsing.rateText(1536) == "1536")
        #expect(PromptParsing.rateText(3 << 10) == "3k")
    }
}
