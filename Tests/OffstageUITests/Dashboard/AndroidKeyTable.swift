import Foundation
import OffstageCore
import OffstageUI

/// Every binding of the Android profile and of both side by side, on each kind of row, with what it must do.
extension AndroidKeyScenario {
    /// The Android sample's row ids used below.
    enum Row {
        /// RUNNING.
        static let running = "6f1c0b2e-sync"
        /// ENQUEUED (periodic).
        static let enqueued = "0b9e3f12-feed"
        /// BLOCKED by cleanup-cache.
        static let blocked = "3f8e5d27-compress"
        /// SUCCEEDED.
        static let succeeded = "77aa0e51-analytics"
        /// The last row (finished work is listed last).
        static let last = "b0b0cafe-export"
    }

    /// The Android profile's table.
    static let androidTable: [AndroidKeyScenario] = {
        let a = SnapshotSamples.android
        let foreground = android(phase: .foreground)
        let gone = android(phase: .gone)
        let noServices = android(services: false)
        var noWork = SnapshotSamples.android
        noWork.android?.work = []
        return [
            .init(
                label: "↑/↓ j/k", about: "down", snapshot: a, keys: [.down, .character("j"), .character("k")],
                effects: []
            ) {
                $0.selectedWork == "a41d77c9-upload"
            },
            .init(label: "PgUp/PgDn", about: "a page", snapshot: a, keys: [.pageDown], effects: []) {
                $0.selectedWork == "5c2a8d40-report"
            },
            .init(label: "Home/End", about: "last row", snapshot: a, keys: [.end], effects: []) {
                $0.selectedWork == Row.last
            },
            .init(label: "Tab/S-Tab", about: "next pane", snapshot: a, keys: [.tab], effects: []) {
                $0.focus == .events
            },
            .init(label: "Enter", about: "work details", snapshot: a, work: Row.enqueued, keys: [.enter], effects: []) {
                $0.overlay == .workDetails(Row.enqueued)
            },
            .init(label: "Esc", about: "closes details", snapshot: a, keys: [.enter, .escape], effects: []) {
                $0.overlay == nil
            },
            .init(
                label: "/", about: "filters work", snapshot: a,
                keys: [.character("/")] + ReducerFixture.typing("report") + [.enter],
                effects: []
            ) { $0.selectedWork == "5c2a8d40-report" && $0.overlay == nil },
            .init(
                label: "a", about: "adds a download", snapshot: a,
                keys: [.character("a")] + ReducerFixture.typing("https://example.com/a.iso") + [.enter],
                effects: [.send(.add(TransferSpec(kind: .download, url: "https://example.com/a.iso")))],
                message: "add sent to the engine: https://example.com/a.iso"),
            .init(label: "u", about: "opens the upload prompt", snapshot: a, keys: [.character("u")], effects: []) {
                $0.overlay == .prompt(.init(purpose: .upload(file: nil)))
            },
            .init(
                label: "p", about: "pauses the selected transfer", snapshot: a, focus: .transfers,
                keys: [.character("p")],
                effects: [.send(.pause(id: 21))], message: "pause sent to the engine: task 21"),
            .init(
                label: "c", about: "cancels an enqueued work row once confirmed", snapshot: a, work: Row.enqueued,
                keys: [.character("c"), .character("y")], effects: [.send(.android(.cancel(.id(Row.enqueued))))],
                message: "work cancel sent to the engine: work 0b9e3f12-feed"),
            .init(
                label: "c", about: "asks first", snapshot: a, work: Row.running, keys: [.character("c")], effects: []
            ) {
                $0.overlay
                    == .confirm(
                        .init(
                            question: "Cancel work \"sync-photos\" (RUNNING) and what waits for it? y/n",
                            effect: .send(.android(.cancel(.id(Row.running))))))
            },
            .init(
                label: "c", about: "n sends nothing", snapshot: a, work: Row.enqueued,
                keys: [.character("c"), .character("n")],
                effects: [], message: "nothing sent"),
            .init(
                label: "c", about: "finished work", snapshot: a, work: Row.succeeded, keys: [.character("c")],
                effects: [],
                message: "analytics-upload is SUCCEEDED: nothing to cancel"),
            .init(
                label: "c", about: "the transfers pane cancels a transfer", snapshot: a, focus: .transfers,
                keys: [.character("c"), .character("y")], effects: [.send(.cancel(id: 21))]),
            .init(
                label: "l", about: "runs enqueued work", snapshot: a, work: Row.enqueued, keys: [.character("l")],
                effects: [.send(.android(.run(name: "refresh-feed")))],
                message: "work run sent to the engine: refresh-feed, constraints bypassed"),
            .init(
                label: "l", about: "running work", snapshot: a, work: Row.running, keys: [.character("l")], effects: [],
                message: "sync-photos is already RUNNING"),
            .init(
                label: "l", about: "blocked work", snapshot: a, work: Row.blocked, keys: [.character("l")], effects: [],
                message: "compress-logs is BLOCKED by cleanup-cache: it runs when they succeed"),
            .init(
                label: "l", about: "finished work", snapshot: a, work: Row.succeeded, keys: [.character("l")],
                effects: [],
                message: "analytics-upload is SUCCEEDED: nothing to run"),
            .init(
                label: "l", about: "no work row", snapshot: noWork, keys: [.character("l")], effects: [],
                message: "no work request selected: select one in the Scheduled pane"),
            .init(
                label: "o", about: "opens the background app", snapshot: a, keys: [.character("o")],
                effects: [.send(.android(.appOpened))],
                message: "open sent to the engine: the Android app comes to the foreground"),
            .init(
                label: "o", about: "already in the foreground", snapshot: foreground, keys: [.character("o")],
                effects: [],
                message: "the Android app is already in the foreground"),
            .init(
                label: "h", about: "leaves the foreground app", snapshot: foreground, keys: [.character("h")],
                effects: [.send(.android(.appLeft))],
                message: "leave sent to the engine: the Android app goes to the background"),
            .init(
                label: "h", about: "not in the foreground", snapshot: a, keys: [.character("h")], effects: [],
                message: "the Android app is not in the foreground: o opens it"),
            .init(
                label: "t", about: "kills the background process", snapshot: noServices, keys: [.character("t")],
                effects: [.send(.android(.lowMemoryKill))], message: "low-memory kill sent to the engine"),
            .init(
                label: "t", about: "a foreground service protects it", snapshot: a, keys: [.character("t")],
                effects: [],
                message: "foreground service upload-backup keeps the process alive"),
            .init(
                label: "t", about: "no process", snapshot: gone, keys: [.character("t")], effects: [],
                message: "the Android app has no process to kill"),
            .init(
                label: "t", about: "foreground", snapshot: foreground, keys: [.character("t")], effects: [],
                message: "the low-memory killer does not end the foreground app (h leaves it)"),
            .init(
                label: "K", about: "force-stops once confirmed", snapshot: a, keys: [.character("K"), .character("y")],
                effects: [.send(.android(.forceStop))], message: "force-stop sent to the engine"),
            .init(
                label: "K", about: "n sends nothing", snapshot: gone, keys: [.character("K"), .character("n")],
                effects: [],
                message: "nothing sent"),
            .init(
                label: "R", about: "reboots once confirmed", snapshot: a, keys: [.character("R"), .character("y")],
                effects: [.send(.android(.reboot))], message: "reboot sent to the engine"),
            .init(
                label: "F", about: "starts the demo service", snapshot: a, keys: [.character("F")],
                effects: [
                    .send(
                        .android(
                            .startForegroundService(
                                name: "demo-service", notification: "Offstage demo · started from the dashboard")))
                ], message: "foreground service start sent to the engine: demo-service"),
            .init(
                label: "F", about: "stops it", snapshot: androidWithDemoService, keys: [.character("F")],
                effects: [.send(.android(.stopForegroundService(name: "demo-service")))],
                message: "foreground service stop sent to the engine: demo-service"),
            .init(label: "d", about: "opens the device menu", snapshot: a, keys: [.character("d")], effects: []) {
                $0.overlay == .device
            },
            .init(
                label: "L", about: "asks for the limit", snapshot: a,
                keys: [.character("L")] + ReducerFixture.typing("1m")
                    + [.enter], effects: [.send(.setRateLimit(bytesPerSecond: 1 << 20))],
                message: "limit 1 MiB/s sent to the engine: every running transfer together"),
            .init(
                label: "w", about: "warps", snapshot: a, keys: [.character("w")], effects: [.setClockRate(.warped(600))]
            ),
            .init(
                label: "f", about: "freezes", snapshot: a, keys: [.character("f")], effects: [.setClockRate(.frozen)]),
            .init(label: "n", about: "jumps", snapshot: a, keys: [.character("n")], effects: [.jumpToNextDeadline]),
            .init(label: "Ctrl-L", about: "redraws", snapshot: a, keys: [.control("l")], effects: [.redrawAll]),
            .init(label: "?", about: "help", snapshot: a, keys: [.character("?")], effects: []) { $0.overlay == .help },
            .init(label: "q", about: "quits", snapshot: a, keys: [.character("q")], effects: [.quit]),
        ]
    }()

    /// The keys the Android profile does not offer: each says why and sends nothing.
    static let androidRefused: [AndroidKeyScenario] = [
        .init(
            label: "s", about: "no iOS BG tasks", snapshot: SnapshotSamples.android, keys: [.character("s")],
            effects: [],
            message: "s schedules iOS BG tasks, which this profile does not run: offstage work enqueue adds work"),
        .init(
            label: "x", about: "no iOS BG tasks", snapshot: SnapshotSamples.android, work: Row.running,
            keys: [.character("x")],
            effects: [], message: "x expires iOS BG tasks, which this profile does not run: c cancels work, l runs it"),
        .init(
            label: "r", about: "no background relaunch", snapshot: SnapshotSamples.android, keys: [.character("r")],
            effects: [],
            message: "Android has no background relaunch: WorkManager starts the process when work runs (R reboots)"),
    ]
}
