import Foundation
import OffstageCore
import OffstageRuntime
import OffstageTestSupport
import Testing

/// Android services through the runtime: a plain background service stopped a minute after the app leaves the
/// foreground, a foreground service refused from the background, and `setForegroundAsync` from a command.
@Suite("Android: services")
struct AndroidServiceRuntimeTests {
    @Test(
        "a background service is stopped by the system a minute after the app leaves the foreground")
    func backgroundServiceStopped() throws {
        let rig = try AndroidRig()
        #expect(try rig.send(AndroidRequest.appOpened).status == .done)
        #expect(try rig.send(.startBackgroundService(name: "sync")).status == .done)
        #expect(try rig.send(AndroidRequest.appLeft).status == .done)
        try rig.advance(59)
        #expect(
            try rig.events(.androidProcess).allSatisfy { !$0.reason.hasPrefix("stopped by the system") })
        try rig.advance(2)
        let stopped = try rig.events(.androidProcess).filter { $0.subject == "service sync" }.map(
            \.reason)
        #expect(
            stopped.last?.hasPrefix("stopped by the system: the app has been in the background for 1 min")
                == true)
        // Idle now: a new one is refused with the exception, which the events keep.
        let refused = try rig.send(.startBackgroundService(name: "again"))
        #expect(refused.status == .refused && refused.result.hasPrefix("IllegalStateException"))
        #expect(try rig.events(.androidProcess).contains { $0.subject == "service again" })
    }

    @Test(
        "a foreground service started from the background is refused (API 31), and the refusal is an event"
    )
    func foregroundServiceFromBackground() throws {
        let rig = try AndroidRig()
        let refused = try rig.send(.startForegroundService(name: "player", notification: nil))
        #expect(refused.status == .refused)
        #expect(refused.result.hasPrefix("ForegroundServiceStartNotAllowedException"))
        #expect(!refused.result.contains("; player: "), "said once, not again as a note: \(refused.result)")
        #expect(try rig.events(.foregroundService).contains { $0.subject == "player" })
        #expect(try rig.android().foregroundServices.isEmpty)
    }

    @Test("setForegroundAsync from the background is refused (API 31): the worker runs on, the refusal is an event")
    func setForegroundFromTheBackground() throws {
        let rig = try AndroidRig()
        _ = try rig.enqueue("upload", .simulated(seconds: 3000, result: .success))
        #expect(try rig.work("upload").state == .running)
        let refused = try rig.send(.setForeground(name: "upload", notification: "Uploading"))
        #expect(refused.status == .refused)
        #expect(refused.result.hasPrefix("ForegroundServiceStartNotAllowedException: setForegroundAsync()"))
        #expect(try rig.events(.work).contains { $0.subject == "work upload" && $0.reason == refused.result })
        #expect(try rig.work("upload").state == .running)
        #expect(try !rig.work("upload").foreground)
        #expect(try rig.android().foregroundServices.isEmpty)
    }

    @Test("setForegroundAsync from a command, the app visible, makes the running worker a foreground service")
    func setForegroundFromACommand() throws {
        let rig = try AndroidRig()
        _ = try rig.enqueue("upload", .simulated(seconds: 3000, result: .success))
        #expect(try rig.work("upload").state == .running)
        #expect(try rig.send(AndroidRequest.appOpened).status == .done)
        #expect(try rig.send(.setForeground(name: "upload", notification: "Uploading")).status == .done)
        #expect(try rig.work("upload").foreground)
        #expect(try rig.android().foregroundServices.map(\.notification) == ["Uploading"])
        let missing = try rig.send(.setForeground(name: "nothing", notification: "x"))
        #expect(
            missing.status == .refused
                && missing.result == "setForegroundAsync: no running worker named nothing")
    }
}
