import Foundation
import OffstageCore
import OffstageOrigin
import OffstageRuntime
import OffstageStore
import OffstageTestSupport
import Testing

/// A force-quit cancels the app's transfers with resume data and blocks relaunches until the user opens the app;
/// a process restart is a device reboot whose policy resumes or cancels transfers.
@Suite("App: force-quit and reboot")
struct ForceQuitAndRebootTests {
    /// Opens the app and starts a slow download, then waits until some of it is durable.
    static func slowDownload(_ scenario: AppScenario) throws {
        try scenario.app(.open)
        try scenario.download("/gen/2097152?seed=3&rate=400000", description: "movie")
        try scenario.wait { $0.contains { $0.bytesWritten > 0 } }
    }

    @Test("force-quit: −999 user force-quit with resume data, no relaunch until opened, then continued from it")
    func forceQuit() throws {
        let scenario = try AppScenario()
        try Self.slowDownload(scenario)
        try scenario.app(.forceQuit)

        let task = try #require(try scenario.store.loadTasks().first)
        #expect(task.state == .cancelled)
        #expect(task.error?.contains("user force-quit") == true)
        let resume = try #require(ResumeData.ifResumable(task))
        #expect(resume.offset > 0)
        #expect(scenario.parts() == ["\(task.id).part"])
        #expect(try scenario.logged(.cancelled, "by the system: user force-quit; resume data kept at byte"))
        #expect(try scenario.appState().lifecycle.forceQuit)

        // The cancellation waits for the app; nothing relaunches it.
        try scenario.advance(3600)
        #expect(try scenario.outboxCount() == 1)
        #expect(try scenario.appState().lifecycle.phase == .notRunning)
        #expect(try !scenario.logged(.appRelaunch, "launched in the background"))

        // The user opens it: didCompleteWithError(−999, resume data), then downloadTask(withResumeData:).
        try scenario.app(.open)
        try scenario.wait { $0.allSatisfy { $0.state == .completed } }
        try scenario.runtime.settle()
        #expect(
            try scenario.logged(
                .appDelegate, "didCompleteWithError error -999 cancelled: user force-quit; resume data at byte"))
        #expect(try scenario.logged(.appReconciled, "failed-with-resume-data → recreate-from-resume-data"))
        #expect(try scenario.logged(.resumedFromResumeData, "downloadTask(withResumeData:) at byte \(resume.offset)"))
        let ranged = scenario.origin.server.requestLog().filter { $0.range != nil }
        #expect(ranged.count == 1)
        #expect(scenario.digest("2097152") == AppScenario.expected(size: 2_097_152, seed: 3))
        #expect(try scenario.record("movie")?.status == .delivered)
        #expect(try scenario.outboxCount() == 0)
    }

    @Test("reboot with the default policy: the app is not running, the transfer resumes and is delivered")
    func rebootResumes() throws {
        let scenario = try AppScenario()
        try Self.slowDownload(scenario)
        try scenario.restart()
        #expect(
            try scenario.logged(
                .appTerminated, "device rebooted (process restarted) (active → not-running); transfers resume"))
        try scenario.wait { $0.allSatisfy { $0.state == .completed } }
        try scenario.runtime.settle()
        #expect(try scenario.logged(.appRelaunch, "launched in the background"))
        #expect(try scenario.record("movie")?.status == .delivered)
        #expect(scenario.digest("2097152") == AppScenario.expected(size: 2_097_152, seed: 3))
    }

    @Test("reboot with the cancel policy: −999 insufficient system resources; the app recreates from resume data")
    func rebootCancels() throws {
        let scenario = try AppScenario { $0.lifecycle.rebootPolicy = .cancelTransfers }
        try Self.slowDownload(scenario)
        try scenario.restart()
        #expect(try scenario.logged(.cancelled, "by the system: insufficient system resources; resume data kept"))
        // Not force-quit: the system relaunches the app for the cancellation, and the app continues the download.
        try scenario.wait { $0.allSatisfy { $0.state == .completed } }
        try scenario.runtime.settle()
        #expect(try scenario.logged(.appDelegate, "error -999 cancelled: insufficient system resources"))
        #expect(try scenario.record("movie")?.status == .delivered)
        #expect(scenario.digest("2097152") == AppScenario.expected(size: 2_097_152, seed: 3))
    }

    @Test("a real reboot restarts the monotonic clock: a relaunch delay measured on the old clock is over")
    func monotonicClockRestart() throws {
        let scenario = try AppScenario()
        try RelaunchDeliveryTests.killDuringDownload(scenario)
        try scenario.wait { $0.allSatisfy { $0.state == .completed } }
        try scenario.runtime.settle()
        #expect(try scenario.appState().lifecycle.limiter.delay == 60)
        scenario.clock.restartSteady(at: 0)
        try scenario.restart()
        #expect(try scenario.appState().lifecycle.limiter.delay == 0)
    }
}
