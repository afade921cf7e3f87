import Foundation
import OffstageCore
import OffstageOrigin
import OffstageRuntime
import OffstageStore
import OffstageTestSupport
import Testing

/// Each app mistake, switched on, shows the platform's consequence.
@Suite("App: mistakes")
struct AppMistakeTests {
    /// A download killed while it runs and finished while the app is away.
    static func finishedWhileAway(_ scenario: AppScenario, description: String? = "photo-1") throws {
        try RelaunchDeliveryTests.killDuringDownload(scenario, description: description)
        try scenario.wait { $0.allSatisfy { $0.state != .running && $0.state != .queued } }
        try scenario.runtime.settle()
    }

    @Test("no completion-handler call: delivered, then killed with 0x2182bad3 when the deadline passes")
    func noCompletionHandler() throws {
        let scenario = try AppScenario { $0.mistakes.skipsCompletionHandler = true }
        try Self.finishedWhileAway(scenario)
        #expect(try scenario.record("photo-1")?.status == .delivered)
        #expect(try scenario.logged(.appCompletionHandler, "not called (app mistake)"))
        #expect(try !scenario.logged(.appKilled, "0x2182bad3"))
        try scenario.advance(31)
        #expect(
            try scenario.logged(
                .appKilled, "0x2182bad3: completion handler for com.example.offstage.background not called within 30 s")
        )
        #expect(try scenario.appState().lifecycle.phase == .notRunning)
    }

    @Test("an asynchronous file move: the temporary file is gone, the record lost, nothing left in parts")
    func asynchronousMove() throws {
        let scenario = try AppScenario()
        try scenario.app(.setMistake(name: "async-file-move", on: true))
        #expect(try scenario.appState().mistakes.movesFileAsynchronously)
        try Self.finishedWhileAway(scenario)
        #expect(scenario.documents().isEmpty)
        #expect(scenario.parts().isEmpty)
        let record = try #require(try scenario.record("photo-1"))
        #expect(record.status == .lost)
        #expect(record.note?.contains("found no file") == true)
        #expect(try scenario.store.loadTasks().first?.state == .completed)
        #expect(try scenario.outboxCount() == 0)
    }

    @Test("with an expiration handler the background task ends in time; without one the app is killed (0x2182bad2)")
    func expirationHandler() throws {
        for omitted in [false, true] {
            let scenario = try AppScenario {
                $0.backgroundWorkSeconds = 60
                $0.mistakes.omitsExpirationHandler = omitted
            }
            try scenario.app(.open)
            try scenario.app(.home)
            try scenario.advance(29.5)
            #expect(try scenario.logged(.appBackgroundTask, "expiration handler called") == !omitted)
            try scenario.advance(1)
            #expect(try scenario.logged(.appKilled, "0x2182bad2") == omitted)
            #expect(try scenario.appState().lifecycle.phase == (omitted ? .notRunning : .suspended))
        }
    }

    @Test("no taskDescription: the result cannot be matched after a relaunch")
    func noTaskDescription() throws {
        let scenario = try AppScenario { $0.mistakes.omitsTaskDescription = true }
        try Self.finishedWhileAway(scenario, description: "photo-1")
        #expect(try scenario.store.loadAppRegistry().records.isEmpty)
        #expect(try scenario.logged(.appTask, "resumed without a taskDescription (app mistake)"))
        #expect(try scenario.logged(.appReconciled, "(no taskDescription)"))
        #expect(try scenario.logged(.appDelivery, "unmatched: no taskDescription (app mistake)"))
    }

    @Test("the session not recreated at launch: events wait, the relaunch ends in 0x2182bad3, an open delivers")
    func sessionNotRecreated() throws {
        let scenario = try AppScenario { $0.mistakes.skipsSessionRecreation = true }
        try Self.finishedWhileAway(scenario)
        #expect(try scenario.logged(.appSession, "not recreated at launch (app mistake)"))
        #expect(try scenario.outboxCount() == 1)
        #expect(scenario.documents().isEmpty)
        try scenario.advance(31)
        #expect(try scenario.logged(.appKilled, "0x2182bad3"))
        #expect(try scenario.outboxCount() == 1)
        #expect(try scenario.record("photo-1")?.status == .inFlight)
    }
}

/// Calls a background session restricts, made by the running app.
@Suite("App: restricted calls")
struct RestrictedCallTests {
    @Test("a completion-handler convenience and an upload from memory are refused with Apple's text")
    func refusals() throws {
        let scenario = try AppScenario()
        try scenario.app(.open)
        let convenience = try scenario.app(.tryCall(.completionHandler, url: scenario.origin.url("/gen/1k")))
        #expect(convenience.status == .refused)
        #expect(
            convenience.result
                == "Completion handler blocks are not supported in background sessions. Use a delegate instead.")
        let memory = try scenario.app(.tryCall(.uploadFromMemory, url: scenario.origin.url("/upload/x")))
        #expect(memory.status == .refused)
        #expect(memory.result == "Upload tasks from NSData are not supported in background sessions")
        #expect(try scenario.reasons(.appSession).count == 2)
        #expect(try scenario.app(.tryCall(.sessionAgain, url: scenario.origin.url("/"))).status == .done)
        #expect(
            try scenario.logged(
                .appSession, "A background URLSession with identifier com.example.offstage.background already exists!"))
    }

    @Test("a data task runs while the app runs and is disconnected with −997 when the app is suspended")
    func dataTaskDisconnected() throws {
        let scenario = try AppScenario { $0.backgroundWorkSeconds = 0 }
        try scenario.app(.open)
        #expect(try scenario.app(.tryCall(.dataTask, url: scenario.origin.url("/gen/1k"))).status == .done)
        try scenario.app(.home)
        #expect(try !scenario.logged(.appDelegate, "-997"))
        try scenario.advance(6)
        #expect(try scenario.appState().lifecycle.phase == .suspended)
        #expect(try scenario.logged(.appDelegate, "didCompleteWithError data task 1: error -997"))
        let refused = try scenario.app(.tryCall(.dataTask, url: scenario.origin.url("/gen/1k")))
        #expect(refused.status == .refused)
        #expect(refused.result?.contains("runs no code (suspended)") == true)
    }
}
