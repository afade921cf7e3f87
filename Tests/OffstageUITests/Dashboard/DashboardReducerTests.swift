import Foundation
import OffstageCore
import OffstageUI
import Testing

/// One row of the key table's tests: keys pressed from the fixture's first-row selection, and what must follow.
struct KeyScenario: Sendable, CustomTestStringConvertible {
    /// The `KeyBinding` label it covers.
    let label: String
    /// The keys, in order.
    let keys: [Key]
    /// The snapshot they are pressed against.
    var snapshot = ReducerFixture.snapshot()
    /// The effects expected, all of them, in order.
    let effects: [DashboardEffect]
    /// What must hold of the state afterwards.
    let holds: @Sendable (DashboardState) -> Bool

    /// The label and keys, for the test report.
    var testDescription: String { "\(label): \(keys)" }

    /// Every main-screen binding at least once.
    static let main: [KeyScenario] = [
        KeyScenario(label: "↑/↓ j/k", keys: [.down, .character("j"), .character("k")], effects: []) {
            $0.selectedTransfer == 2 && $0.message == nil
        },
        KeyScenario(label: "↑/↓ j/k", keys: [.down, .up], effects: []) { $0.selectedTransfer == 1 },
        KeyScenario(label: "PgUp/PgDn", keys: [.pageDown], effects: []) { $0.selectedTransfer == 4 },
        KeyScenario(label: "PgUp/PgDn", keys: [.end, .pageUp], effects: []) { $0.selectedTransfer == 2 },
        KeyScenario(label: "Home/End", keys: [.end], effects: []) { $0.selectedTransfer == 5 },
        KeyScenario(label: "Home/End", keys: [.end, .home], effects: []) { $0.selectedTransfer == 1 },
        KeyScenario(label: "Tab/S-Tab", keys: [.tab], effects: []) { $0.focus == .scheduled },
        KeyScenario(label: "Tab/S-Tab", keys: [.backTab], effects: []) { $0.focus == .events },
        KeyScenario(label: "Enter", keys: [.down, .enter], effects: []) { $0.overlay == .transferDetails(2) },
        KeyScenario(label: "Enter", keys: [.tab, .enter], effects: []) {
            $0.overlay == .requestDetails("com.example.refresh")
        },
        KeyScenario(label: "Esc", keys: [.enter, .escape], effects: []) { $0.overlay == nil },
        KeyScenario(label: "/", keys: [.character("/")] + ReducerFixture.typing("FEED") + [.enter], effects: []) {
            $0.filters[.transfers] == "FEED" && $0.selectedTransfer == 2 && $0.overlay == nil
        },
        KeyScenario(
            label: "a", keys: [.character("a")] + ReducerFixture.typing("https://example.com/a.iso") + [.enter],
            effects: [.send(.add(TransferSpec(kind: .download, url: "https://example.com/a.iso")))]
        ) { $0.overlay == nil && $0.message == "add sent to the engine: https://example.com/a.iso" },
        KeyScenario(
            label: "u",
            keys: [.character("u")] + ReducerFixture.typing("notes.txt") + [.enter]
                + ReducerFixture.typing("https://upload.example.org/notes") + [.enter],
            effects: [
                .send(
                    .add(
                        TransferSpec(
                            kind: .upload, url: "https://upload.example.org/notes", method: "PUT",
                            uploadPath: "notes.txt")))
            ]
        ) { $0.overlay == nil },
        KeyScenario(label: "p", keys: [.character("p")], effects: [.send(.pause(id: 1))]) {
            $0.message == "pause sent to the engine: task 1"
        },
        KeyScenario(label: "p", keys: [.down, .character("p")], effects: [.send(.resume(id: 2))]) { _ in true },
        KeyScenario(label: "c", keys: [.character("c"), .character("y")], effects: [.send(.cancel(id: 1))]) {
            $0.overlay == nil
        },
        KeyScenario(
            label: "s", keys: [.character("s")] + ReducerFixture.typing("refresh com.example.feed in 5m") + [.enter],
            effects: [
                .send(
                    .schedule(
                        BGTaskRequest(
                            identifier: "com.example.feed", kind: .appRefresh,
                            earliestBeginDate: ReducerFixture.now.addingTimeInterval(300))))
            ]
        ) { $0.overlay == nil },
        KeyScenario(
            label: "l", keys: [.character("l")], effects: [.send(.launchTask(identifier: "com.example.refresh"))]
        ) { _ in true },
        KeyScenario(label: "x", keys: [.character("x")], effects: [.send(.expireTask(identifier: "com.example.sync"))])
        {
            _ in true
        },
        KeyScenario(label: "o", keys: [.character("o")], effects: [.send(.app(.open))]) { _ in true },
        KeyScenario(
            label: "h", keys: [.character("h")], snapshot: ReducerFixture.snapshot(app: AppSnapshot(phase: .active)),
            effects: [.send(.app(.home))]
        ) { _ in true },
        KeyScenario(
            label: "t", keys: [.character("t")], effects: [.send(.app(.kill(reason: "memory pressure")))]
        ) { _ in true },
        KeyScenario(label: "K", keys: [.character("K"), .character("y")], effects: [.send(.app(.forceQuit))]) {
            $0.overlay == nil
        },
        KeyScenario(
            label: "r", keys: [.character("r")],
            snapshot: ReducerFixture.snapshot(app: AppSnapshot(phase: .suspended, waitingDeliveries: 2)),
            effects: [.send(.app(.relaunch))]
        ) { _ in true },
        KeyScenario(label: "d", keys: [.character("d")], effects: []) { $0.overlay == .device },
        KeyScenario(label: "L", keys: [.character("L")], effects: []) { $0.overlay == .prompt(.init(purpose: .limit)) },
        KeyScenario(label: "w", keys: [.character("w")], effects: [.setClockRate(.warped(10))]) { _ in true },
        KeyScenario(label: "f", keys: [.character("f")], effects: [.setClockRate(.frozen)]) {
            $0.rateBeforeFreeze == .real
        },
        KeyScenario(label: "n", keys: [.character("n")], effects: [.jumpToNextDeadline]) { _ in true },
        KeyScenario(label: "Ctrl-L", keys: [.control("l")], effects: [.redrawAll]) { _ in true },
        KeyScenario(label: "?", keys: [.character("?")], effects: []) { $0.overlay == .help },
        KeyScenario(label: "?", keys: [.character("?"), .character("?")], effects: []) { $0.overlay == nil },
        KeyScenario(label: "q", keys: [.character("q")], effects: [.quit]) { _ in true },
    ]

    /// Every device-menu binding at least once (the fixture device is on Wi-Fi, charging, 100%).
    static let device: [KeyScenario] = {
        let base = DeviceConditions()
        func with(_ change: (inout DeviceConditions) -> Void) -> DashboardEffect {
            var conditions = base
            change(&conditions)
            return .send(.setConditions(conditions))
        }
        let onCellular = ReducerFixture.snapshot(
            device: DeviceSnapshot(conditions: DeviceConditions(network: .cellular)))
        return [
            KeyScenario(
                label: "w", keys: [.character("d"), .character("w")], snapshot: onCellular,
                effects: [with { $0.network = .wifi }]
            ) { $0.overlay == .device },
            KeyScenario(
                label: "c", keys: [.character("d"), .character("c")], effects: [with { $0.network = .cellular }]
            ) {
                $0.overlay == .device
            },
            KeyScenario(
                label: "o", keys: [.character("d"), .character("o")], effects: [with { $0.network = .offline }]
            ) {
                _ in true
            },
            KeyScenario(label: "p", keys: [.character("d"), .character("p")], effects: [with { $0.charging = false }]) {
                _ in true
            },
            KeyScenario(
                label: "b/B", keys: [.character("d"), .character("b")], effects: [with { $0.batteryLevel = 90 }]
            ) {
                _ in true
            },
            KeyScenario(label: "b/B", keys: [.character("d"), .character("B")], effects: []) {
                $0.message == "the battery is already full (100%)"
            },
            KeyScenario(
                label: "l", keys: [.character("d"), .character("l")], effects: [with { $0.lowPowerMode = true }]
            ) {
                _ in true
            },
            KeyScenario(
                label: "r", keys: [.character("d"), .character("r")], effects: [with { $0.backgroundRefresh = false }]
            ) { _ in true },
            KeyScenario(label: "i", keys: [.character("d"), .character("i")], effects: [.send(.setDeviceInUse(true))]) {
                _ in true
            },
            KeyScenario(label: "a", keys: [.character("d"), .character("a")], effects: [.send(.setPlatform(.android))])
            {
                $0.overlay == .device && $0.message == "platform android sent to the engine"
            },
            KeyScenario(label: "Esc/d", keys: [.character("d"), .escape], effects: []) { $0.overlay == nil },
            KeyScenario(label: "Esc/d", keys: [.character("d"), .character("d")], effects: []) { $0.overlay == nil },
        ]
    }()

    /// Every prompt and confirmation binding at least once.
    static let overlays: [KeyScenario] = [
        KeyScenario(label: "text", keys: [.character("a")] + ReducerFixture.typing("q?x"), effects: []) {
            $0.overlay == .prompt(.init(purpose: .addURL, text: "q?x"))
        },
        KeyScenario(
            label: "Backspace", keys: [.character("a")] + ReducerFixture.typing("ab") + [.backspace], effects: []
        ) {
            $0.overlay == .prompt(.init(purpose: .addURL, text: "a"))
        },
        KeyScenario(
            label: "Ctrl-U", keys: [.character("s")] + ReducerFixture.typing("ab") + [.control("u")], effects: []
        ) {
            $0.overlay == .prompt(.init(purpose: .schedule, text: ""))
        },
        KeyScenario(label: "Enter", keys: [.character("a"), .enter], effects: []) {
            $0.overlay == .prompt(.init(purpose: .addURL, error: "type a URL, such as https://example.com/file.iso"))
        },
        KeyScenario(label: "Esc", keys: [.character("a"), .character("h"), .escape], effects: []) { $0.overlay == nil },
        KeyScenario(label: "y", keys: [.character("K"), .character("Y")], effects: [.send(.app(.forceQuit))]) {
            $0.message == "force-quit sent to the engine"
        },
        KeyScenario(label: "n/Esc", keys: [.character("c"), .character("n")], effects: []) {
            $0.overlay == nil && $0.message == "nothing sent"
        },
        KeyScenario(label: "n/Esc", keys: [.character("c"), .escape], effects: []) { $0.overlay == nil },
    ]
}

@Suite struct DashboardReducerKeyTableTests {
    @Test(arguments: KeyScenario.main + KeyScenario.device + KeyScenario.overlays)
    func keyDoesWhatItsTableSays(_ scenario: KeyScenario) {
        var state = ReducerFixture.state(for: scenario.snapshot)
        let effects = ReducerFixture.press(scenario.keys, &state, scenario.snapshot)
        #expect(effects == scenario.effects)
        #expect(scenario.holds(state), "state: \(state)")
    }

    @Test func everyIOSBindingOfEveryTableHasAScenario() {
        let tables: [(bindings: [KeyBinding], scenarios: [KeyScenario])] = [
            (KeyBinding.all(for: .ios), KeyScenario.main), (KeyBinding.device(for: .ios), KeyScenario.device),
            (KeyBinding.prompt + KeyBinding.confirm, KeyScenario.overlays),
        ]
        for table in tables {
            let covered = Set(table.scenarios.map(\.label))
            for binding in table.bindings {
                #expect(covered.contains(binding.label), "no scenario for \(binding.label)")
            }
            #expect(covered.isSubset(of: Set(table.bindings.map(\.label))), "a scenario names a key no table has")
        }
    }
}
