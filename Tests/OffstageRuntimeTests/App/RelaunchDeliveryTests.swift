import Foundation
import OffstageCore
import OffstageOrigin
import OffstageRuntime
import OffstageStore
import OffstageTestSupport
import Testing

/// The app is killed while its download runs; the download finishes while it is away; the system relaunches it
/// in the background; the session delivers; the app moves the file and calls the completion handler.
@Suite("App: delivery while away and background relaunch")
struct RelaunchDeliveryTests {
    /// Opens the app, starts a throttled download, goes home and has the system kill the app in one turn.
    static func killDuringDownload(_ scenario: AppScenario, description: String? = "photo-1") throws {
        try scenario.app(.open)
        try scenario.apps([
            .download(url: scenario.origin.url("/gen/1048576?seed=7&rate=2000000"), taskDescription: description),
            .home, .kill(reason: "memory pressure"),
        ])
    }

    @Test("killed during a transfer: it finishes while away, the app is relaunched, the file delivered once")
    func completionWhileAway() throws {
        let scenario = try AppScenario()
        try Self.killDuringDownload(scenario)
        try scenario.wait { tasks in tasks.allSatisfy { $0.state == .completed } }
        try scenario.runtime.settle()

        #expect(scenario.documents() == ["1048576"])
        #expect(scenario.digest("1048576") == AppScenario.expected(size: 1_048_576, seed: 7))
        #expect(scenario.parts().isEmpty)
        #expect(try scenario.outboxCount() == 0)
        let record = try #require(try scenario.record("photo-1"))
        #expect(record.status == .delivered)
        #expect(record.deliveredPath == scenario.home.documentsDirectory + "/1048576")

        let events = try scenario.events()
        let kill = try #require(
            events.firstIndex { $0.kind == .appTerminated && $0.reason.contains("memory pressure") })
        let finishing = try #require(events.firstIndex { $0.kind == .finishing })
        let relaunch = try #require(events.firstIndex { $0.kind == .appRelaunch && $0.reason.contains("launched in") })
        let moved = try #require(
            events.firstIndex { $0.kind == .appDelegate && $0.reason.hasPrefix("didFinishDownloadingTo") })
        let finished = try #require(events.firstIndex { $0.reason.hasPrefix("urlSessionDidFinishEvents") })
        let called = try #require(
            events.firstIndex { $0.kind == .appCompletionHandler && $0.reason.contains("called") })
        #expect(kill < finishing && finishing < relaunch && relaunch < moved && moved < finished && finished < called)
        // The seed's lesson, in the order the log says it: the app hears didFinishDownloadingTo with the temporary
        // file, moves it itself before returning, and only then does the system say it handed the file over.
        let appMove = try #require(
            events.firstIndex {
                $0.kind == .appDelivery && $0.reason.contains("before didFinishDownloadingTo returned")
            })
        let handed = try #require(events.firstIndex { $0.kind == .delivered })
        let completed = try #require(
            events.firstIndex { $0.kind == .appDelegate && $0.reason.hasPrefix("didCompleteWithError") })
        #expect(moved < appMove && appMove < handed && handed < completed)
        #expect(events[moved].reason.contains(scenario.home.partsDirectory))
        #expect(events[appMove].reason.hasSuffix("/Documents/1048576 before didFinishDownloadingTo returned"))
        #expect(events[handed].reason.hasPrefix("handed the temporary file to the app (didFinishDownloadingTo)"))
        #expect(!events.contains { $0.kind == .delivered && $0.reason.contains("Documents") })
        #expect(try scenario.logged(.appReconciled, "finished-while-away → deliver"))
        #expect(try scenario.appState().lifecycle.phase == .background)
        #expect(try scenario.appState().lifecycle.handlers.isEmpty)

        // Nothing holds the app any more: after the grace it is suspended, and nothing is delivered twice.
        try scenario.advance(6)
        #expect(try scenario.appState().lifecycle.phase == .suspended)
        #expect(try scenario.reasons(.appDelegate).filter { $0.hasPrefix("didFinishDownloadingTo") }.count == 1)
    }

    @Test("launch events off: no background relaunch; the file waits and is delivered when the user opens the app")
    func launchEventsOff() throws {
        let scenario = try AppScenario()
        let session = SessionConfiguration(
            identifier: scenario.configuration.sessionIdentifier, sessionSendsLaunchEvents: false)
        try scenario.store.enqueue(.configureSession(session), now: scenario.clock.now())
        try Self.killDuringDownload(scenario)
        try scenario.wait { tasks in tasks.allSatisfy { $0.state == .finishing } }
        try scenario.runtime.settle()
        try scenario.advance(120)

        #expect(try scenario.appState().lifecycle.phase == .notRunning)
        #expect(try scenario.appState().lifecycle.heldForOpen == [session.identifier])
        #expect(try scenario.logged(.appRelaunch, "its sessionSendsLaunchEvents is off"))
        #expect(try !scenario.logged(.appRelaunch, "launched in the background"))
        #expect(try scenario.outboxCount() == 1)
        #expect(scenario.documents().isEmpty)
        // Asked by hand, the system refuses too: it does not relaunch for such a session.
        let refused = try scenario.app(.relaunch)
        #expect(refused.status == .refused)
        #expect(refused.result?.contains("sessionSendsLaunchEvents is off") == true)

        // The user opens the app: it recreates its session and receives the events in the foreground.
        #expect(try scenario.app(.open).status == .done)
        try scenario.runtime.settle()
        #expect(scenario.documents() == ["1048576"])
        #expect(try scenario.outboxCount() == 0)
        #expect(try scenario.record("photo-1")?.status == .delivered)
        #expect(try scenario.logged(.appRelaunch, "(launch events off) are delivered now"))
        #expect(try scenario.appState().lifecycle.heldForOpen.isEmpty)
    }

    @Test("the relaunch rate limiter delays the second relaunch by 60 s and the third by 120 s; opening resets it")
    func rateLimiter() throws {
        let scenario = try AppScenario()
        try Self.killDuringDownload(scenario, description: "one")
        try scenario.wait { $0.allSatisfy { $0.state == .completed } }
        try scenario.runtime.settle()
        #expect(try scenario.appState().lifecycle.limiter.delay == 60)

        // Suspended, then purged; a second download (started while running) finishes while away.
        try scenario.apps([
            .download(url: scenario.origin.url("/gen/65536?seed=2&rate=200000"), taskDescription: "two"),
            .kill(reason: "memory pressure"),
        ])
        try scenario.wait { $0.allSatisfy { $0.state != .running && $0.state != .queued } }
        try scenario.runtime.settle()
        #expect(try scenario.logged(.appRelaunch, "delayed 1 min by the relaunch rate limiter"))
        #expect(try scenario.record("two")?.status == .inFlight)
        #expect(try scenario.outboxCount() == 1)
        // A relaunch asked by hand now says when it will happen, not that it happened.
        let held = try scenario.app(.relaunch)
        #expect(held.status == .done)
        #expect(held.result == "relaunch held by the rate limiter for 60 s", "\(held.result ?? "")")
        #expect(try scenario.record("two")?.status == .inFlight)

        try scenario.advance(61)
        #expect(try scenario.record("two")?.status == .delivered)
        #expect(try scenario.appState().lifecycle.limiter.delay == 120)

        try scenario.app(.open)
        #expect(try scenario.appState().lifecycle.limiter.delay == 0)
        #expect(try scenario.logged(.appRelaunch, "relaunch rate limiter reset"))
    }

    @Test("an app relaunch asked by hand is refused while the app runs and after a force-quit")
    func relaunchRefusals() throws {
        let scenario = try AppScenario()
        try scenario.app(.open)
        let running = try scenario.app(.relaunch)
        #expect(running.status == .refused)
        #expect(running.result?.contains("foreground") == true)
        try scenario.apps([.home, .kill(reason: "memory pressure")])
        let idle = try scenario.app(.relaunch)
        #expect(idle.status == .refused)
        #expect(idle.result?.contains("no session events wait") == true)
        try scenario.app(.open)
        try scenario.app(.forceQuit)
        let quit = try scenario.app(.relaunch)
        #expect(quit.status == .refused)
        #expect(quit.result?.contains("force-quit") == true)
    }

    @Test("an upload and an HTTP 404 reach the app as didCompleteWithError with no error, after a relaunch")
    func uploadAndHTTPError() throws {
        let scenario = try AppScenario()
        let file = scenario.temporary.path("report.bin")
        try Data(repeating: 7, count: 300_000).write(to: URL(fileURLWithPath: file))
        try scenario.app(.open)
        try scenario.apps([
            .upload(path: file, url: scenario.origin.url("/upload/report.bin?rate=600000"), taskDescription: "report"),
            .download(url: scenario.origin.url("/gen/4096?status=404&rate=2000"), taskDescription: "missing"),
            .home, .kill(reason: "memory pressure"),
        ])
        try scenario.wait { $0.allSatisfy { $0.state.isTerminal } }
        try scenario.runtime.settle()
        #expect(
            try scenario.logged(.appDelegate, "didCompleteWithError error nil (HTTP 201)")
                || scenario.logged(.appDelegate, "didCompleteWithError error nil (HTTP 200)"))
        #expect(try scenario.logged(.appDelegate, "error nil (HTTP 404: an HTTP error is not a task error)"))
        #expect(try scenario.record("report")?.status == .delivered)
        let missing = try #require(try scenario.record("missing"))
        #expect(missing.status == .failed)
        #expect(missing.note == "HTTP 404")
        #expect(try scenario.outboxCount() == 0)
        #expect(try scenario.logged(.appRelaunch, "launched in the background"))
    }
}
