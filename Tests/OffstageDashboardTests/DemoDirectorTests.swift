import Foundation
import OffstageCore
import OffstageDashboard
import OffstageUI
import Testing

@Suite struct DemoDirectorTests {
    let snapshot = Snapshot(
        clock: ClockSnapshot(now: Date(timeIntervalSince1970: 1_700_000_000)),
        engine: EngineSnapshot(role: .hosting, home: "/tmp/home"))

    @Test func stepsRunWhenTheirTimeHasComeAndNotBefore() {
        var director = DemoDirector(steps: [
            DemoStep("one", effects: [.send(.app(.open))]),
            DemoStep("two", after: 5, effects: [.send(.app(.home))]),
        ])
        let first = director.due(at: 100, snapshot: snapshot)
        #expect(first.effects == [.send(.app(.open))])
        #expect(first.line == "1/2 one")
        #expect(director.nextStepAt == 105)
        #expect(director.due(at: 104.9, snapshot: snapshot).effects.isEmpty)
        let second = director.due(at: 105, snapshot: snapshot)
        #expect(second.effects == [.send(.app(.home))])
        #expect(director.isFinished)
        #expect(second.line == director.finishedLine)
    }

    @Test func aConditionHoldsTheStepUntilItIsTrueOrItsLimitPasses() {
        var director = DemoDirector(steps: [
            DemoStep("start"),
            DemoStep(
                "wait for the app", after: 1, effects: [.send(.app(.kill(reason: "x")))],
                until: { $0.app.phase == .background }, limit: 10),
        ])
        _ = director.due(at: 0, snapshot: snapshot)
        let waiting = director.due(at: 2, snapshot: snapshot)
        #expect(waiting.effects.isEmpty)
        #expect(waiting.line == "2/2 wait for the app")
        var running = snapshot
        running.app.phase = .background
        #expect(director.due(at: 3, snapshot: running).effects == [.send(.app(.kill(reason: "x")))])

        var timedOut = DemoDirector(steps: [
            DemoStep("start"), DemoStep("never", after: 1, until: { _ in false }, limit: 10),
        ])
        _ = timedOut.due(at: 0, snapshot: snapshot)
        #expect(timedOut.due(at: 10.9, snapshot: snapshot).line != nil)
        #expect(!timedOut.isFinished)
        _ = timedOut.due(at: 11, snapshot: snapshot)
        #expect(timedOut.isFinished)
    }

    @Test func theStoryTellsTheMissionInOrder() {
        let steps = DemoStory.steps(origin: "http://127.0.0.1:1", uploadPath: "/tmp/up.bin")
        let effects = steps.flatMap(\.effects)
        let kinds = effects.compactMap { effect -> String? in
            guard case .send(let command) = effect else { return nil }
            switch command {
            case .app(.home): return "home"
            case .app(.kill): return "kill"
            case .launchTask: return "launch"
            case .expireTask: return "expire"
            default: return nil
            }
        }
        #expect(kinds == ["home", "kill", "launch", "expire"])
        #expect(effects.contains(.setClockRate(.warped(60))))
        let adds = effects.filter { if case .send(.add) = $0 { true } else { false } }
        #expect(adds.count == 5)
    }

    @Test func theStoryWaitsAtSixtyTimesForTheRefreshToLaunchAtTheSchedulersWake() throws {
        let steps = DemoStory.steps(origin: "http://127.0.0.1:1", uploadPath: "/tmp/up.bin")
        let warp = try #require(steps.firstIndex { $0.effects.contains(.setClockRate(.warped(60))) })
        let wait = steps[warp + 1]
        #expect(wait.until != nil)
        // The first wake is at most 18 min after the submit: at ×60, 18 s; the step allows more.
        #expect(wait.limit >= 18)
        #expect(steps[warp + 2].effects == [.setClockRate(.real)])
    }
}
