import Foundation
import OffstageCore
import OffstageUI

/// Both platforms side by side: a key on a selected row acts on that row's platform; app keys on the platform of
/// the row selected in the Scheduled pane (iOS when it is an iOS request or nothing).
extension AndroidKeyScenario {
    /// The side-by-side sample's rows used below.
    enum BothRow {
        /// An ENQUEUED work row.
        static let work = "0b9e3f12-feed"
        /// A SUCCEEDED work row.
        static let finished = "77aa0e51-analytics"
    }

    /// The side-by-side table (the iOS app in the background, the Android process gone).
    static let bothTable: [AndroidKeyScenario] = {
        let b = SnapshotSamples.both
        let androidForeground = both(phase: .foreground)
        let androidBackground = both(phase: .background)
        return [
            .init(label: "↑/↓ j/k", about: "from iOS into work", snapshot: b, keys: [.down, .down], effects: []) {
                $0.selectedWork == BothRow.work
            },
            .init(label: "PgUp/PgDn", about: "a page", snapshot: b, keys: [.pageDown], effects: []) {
                $0.selectedWork == "2b3c4d5e-thumbs"
            },
            .init(label: "Home/End", about: "last row", snapshot: b, keys: [.end], effects: []) {
                $0.selectedWork == BothRow.finished
            },
            .init(label: "Tab/S-Tab", about: "previous pane", snapshot: b, keys: [.backTab], effects: []) {
                $0.focus == .transfers
            },
            .init(label: "Enter", about: "work details", snapshot: b, work: BothRow.work, keys: [.enter], effects: []) {
                $0.overlay == .workDetails(BothRow.work)
            },
            .init(label: "Esc", about: "closes details", snapshot: b, keys: [.enter, .escape], effects: []) {
                $0.overlay == nil
            },
            .init(
                label: "/", about: "filters both platforms", snapshot: b,
                keys: [.character("/")] + ReducerFixture.typing("thumb") + [.enter], effects: []
            ) { $0.selectedWork == "2b3c4d5e-thumbs" },
            .init(
                label: "a", about: "adds a download", snapshot: b,
                keys: [.character("a")] + ReducerFixture.typing("https://example.com/b.iso") + [.enter],
                effects: [.send(.add(TransferSpec(kind: .download, url: "https://example.com/b.iso")))]),
            .init(label: "u", about: "opens the upload prompt", snapshot: b, keys: [.character("u")], effects: []) {
                $0.overlay == .prompt(.init(purpose: .upload(file: nil)))
            },
            .init(
                label: "p", about: "pauses a transfer", snapshot: b, focus: .transfers, keys: [.character("p")],
                effects: [.send(.pause(id: 1))]),
            .init(
                label: "c", about: "a work row: cancels the work", snapshot: b, work: BothRow.work,
                keys: [.character("c"), .character("y")], effects: [.send(.android(.cancel(.id(BothRow.work))))]),
            .init(
                label: "c", about: "the transfers pane: cancels the transfer", snapshot: b, focus: .transfers,
                keys: [.character("c"), .character("y")], effects: [.send(.cancel(id: 1))]),
            .init(
                label: "s", about: "schedules an iOS request", snapshot: b, work: BothRow.work, keys: [.character("s")],
                effects: []
            ) { $0.overlay == .prompt(.init(purpose: .schedule)) },
            .init(
                label: "l", about: "a work row: work run", snapshot: b, work: BothRow.work, keys: [.character("l")],
                effects: [.send(.android(.run(name: "refresh-feed")))]),
            .init(
                label: "l", about: "an iOS row: simulated launch", snapshot: b, keys: [.character("l")],
                effects: [.send(.launchTask(identifier: "com.example.refresh"))]),
            .init(
                label: "x", about: "a work row: no expiration on Android", snapshot: b, work: BothRow.work,
                keys: [.character("x")], effects: [],
                message: "x expires iOS BG tasks: WorkManager gives a worker no expiration (c cancels this work)"),
            .init(
                label: "x", about: "an iOS row: no task running", snapshot: b, keys: [.character("x")], effects: [],
                message: "no BG task is running: launch one with l first"),
            .init(
                label: "o", about: "a work row: opens the Android app", snapshot: b, work: BothRow.work,
                keys: [.character("o")],
                effects: [.send(.android(.appOpened))]),
            .init(
                label: "o", about: "an iOS row: opens the iOS app", snapshot: b, keys: [.character("o")],
                effects: [.send(.app(.open))]),
            .init(
                label: "h", about: "a work row: leaves the Android app", snapshot: androidForeground,
                work: BothRow.work,
                keys: [.character("h")], effects: [.send(.android(.appLeft))]),
            .init(
                label: "h", about: "an iOS row: the iOS app is already in the background", snapshot: androidForeground,
                keys: [.character("h")], effects: [], message: "the app is not in the foreground"),
            .init(
                label: "t", about: "a work row: low-memory kill", snapshot: androidBackground, work: BothRow.work,
                keys: [.character("t")], effects: [.send(.android(.lowMemoryKill))]),
            .init(
                label: "t", about: "a work row, no Android process", snapshot: b, work: BothRow.work,
                keys: [.character("t")],
                effects: [], message: "the Android app has no process to kill"),
            .init(
                label: "t", about: "an iOS row: system termination", snapshot: b, keys: [.character("t")],
                effects: [.send(.app(.kill(reason: "memory pressure")))]),
            .init(
                label: "K", about: "a work row: force-stop", snapshot: b, work: BothRow.work,
                keys: [.character("K"), .character("y")], effects: [.send(.android(.forceStop))]),
            .init(
                label: "K", about: "an iOS row: force-quit", snapshot: b, keys: [.character("K"), .character("y")],
                effects: [.send(.app(.forceQuit))]),
            .init(
                label: "r", about: "relaunches the iOS app even on a work row", snapshot: b, work: BothRow.work,
                keys: [.character("r")], effects: [], message: "the app is already running (background)"),
            .init(
                label: "R", about: "reboots once confirmed", snapshot: b, keys: [.character("R"), .character("y")],
                effects: [.send(.android(.reboot))]),
            .init(
                label: "F", about: "starts the demo service", snapshot: b, keys: [.character("F")],
                effects: [
                    .send(
                        .android(
                            .startForegroundService(
                                name: "demo-service", notification: "Offstage demo · started from the dashboard")))
                ]),
            .init(label: "d", about: "opens the device menu", snapshot: b, keys: [.character("d")], effects: []) {
                $0.overlay == .device
            },
            .init(label: "L", about: "asks for the limit", snapshot: b, keys: [.character("L")], effects: []) {
                $0.overlay == .prompt(.init(purpose: .limit))
            },
            .init(
                label: "w", about: "warps", snapshot: b, keys: [.character("w")], effects: [.setClockRate(.warped(10))]),
            .init(
                label: "f", about: "freezes", snapshot: b, keys: [.character("f")], effects: [.setClockRate(.frozen)]),
            .init(label: "n", about: "jumps", snapshot: b, keys: [.character("n")], effects: [.jumpToNextDeadline]),
            .init(label: "Ctrl-L", about: "redraws", snapshot: b, keys: [.control("l")], effects: [.redrawAll]),
            .init(label: "?", about: "help", snapshot: b, keys: [.character("?")], effects: []) { $0.overlay == .help },
            .init(label: "q", about: "quits", snapshot: b, keys: [.character("q")], effects: [.quit]),
        ]
    }()

    /// The iOS profile does not offer the Android device's keys.
    static let iosRefused: [AndroidKeyScenario] = [
        .init(
            label: "R", about: "no Android device", snapshot: SnapshotSamples.demoMidway, keys: [.character("R")],
            effects: [],
            message: "R acts on the Android device, which the iOS profile does not run"),
        .init(
            label: "F", about: "no Android device", snapshot: SnapshotSamples.demoMidway, keys: [.character("F")],
            effects: [],
            message: "F acts on the Android device, which the iOS profile does not run"),
    ]
}
