import Foundation
import OffstageCore
import OffstageUI

/// The dashboard demo's story against the local origin: transfers of every kind, the app going home, killed by
/// the system mid-download, relaunched to receive what finished while it was away, and a BG task expiring.
///
/// Times are real seconds; downloads are throttled by the origin so the story takes two to three minutes.
public enum DemoStory {
    /// The `taskDescription` of the app's download that outlives the app.
    public static let episode = "episode-1"
    /// The app refresh the story submits and waits to see launched.
    public static let refreshIdentifier = "com.example.refresh"

    /// The steps, with URLs on `origin` (e.g. `http://127.0.0.1:43210`) and the upload's file at `uploadPath`.
    public static func steps(origin: String, uploadPath: String) -> [DemoStep] {
        let setup: [DashboardEffect] = [
            .send(.setConditions(DeviceConditions(network: .wifi, charging: false, batteryLevel: 64))),
            .send(.app(.open)),
            .send(
                .app(
                    .download(
                        url: origin + "/gen/24m?seed=21&rate=400000&filename=episode-1.mp3", taskDescription: episode))),
            add("ubuntu.iso", origin + "/gen/48m?seed=22&rate=900000&drop=12000000"),
            add("feed.json", origin + "/gen/10m?seed=23&chunked=1&rate=160000"),
            add("busy.bin", origin + "/gen/2m?seed=24&status=503&retryAfter=12"),
            add("photos.zip", origin + "/gen/16m?seed=25&rate=1000000", discretionary: true),
            .send(
                .add(
                    TransferSpec(
                        kind: .upload, url: origin + "/upload/backup.tar", method: "PUT",
                        taskDescription: "backup.tar", uploadPath: uploadPath))),
            .send(.schedule(BGTaskRequest(identifier: refreshIdentifier, kind: .appRefresh))),
            .send(
                .schedule(
                    BGTaskRequest(identifier: "com.example.slow-report", kind: .processing, requiresExternalPower: true)
                )),
        ]
        return [
            DemoStep(
                "the app opens and starts a 24 MB episode; five more transfers begin",
                effects: setup),
            DemoStep(
                "the user goes home: the app has about 30 s of background time", after: 8,
                effects: [.send(.app(.home))]),
            DemoStep(
                "memory pressure: the system kills the app; its download goes on",
                after: 12, effects: [.send(.app(.kill(reason: "memory pressure")))]),
            DemoStep(
                "the episode finishes while the app is away…", after: 2,
                until: { snapshot in snapshot.app.phase != .notRunning }, limit: 120),
            DemoStep(
                "relaunched: the app reconciles, moves the file, calls its handler", after: 1,
                until: { $0.app.completionHandlers.isEmpty && $0.app.phase != .background }, limit: 40),
            DemoStep(
                "a simulated launch of com.example.slow-report (Apple's debugger command)", after: 4,
                effects: [.send(.launchTask(identifier: "com.example.slow-report"))]),
            DemoStep(
                "expired, but its work goes on: watchdog kill 0x2182bad2 and a penalty", after: 6,
                effects: [.send(.expireTask(identifier: "com.example.slow-report"))]),
            DemoStep(
                "the charger is plugged in: the discretionary photos.zip may start", after: 10,
                effects: [.send(.setConditions(DeviceConditions(network: .wifi, charging: true, batteryLevel: 64)))]),
            DemoStep(
                "clock ×60: earliest dates, retries and allowances come 60× sooner", after: 8,
                effects: [.setClockRate(.warped(60))]),
            // The scheduler decides only at its wakes, 12–18 min apart: the refresh, eligible since the relaunch
            // limiter let go, launches at the first one (at ×60, within 18 real seconds of the submit's wake).
            DemoStep(
                "…the scheduler's wake comes: the eligible app refresh launches", after: 1,
                until: { snapshot in
                    snapshot.events.contains { $0.kind == .bgLaunched && $0.subject == refreshIdentifier }
                }, limit: 25),
            DemoStep("back to real time", after: 12, effects: [.setClockRate(.real)]),
        ]
    }

    private static func add(_ name: String, _ url: String, discretionary: Bool = false) -> DashboardEffect {
        .send(.add(TransferSpec(kind: .download, url: url, name: name, discretionary: discretionary)))
    }
}
