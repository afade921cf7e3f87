import OffstageCore

/// The dashboard's input reducer: one input and the latest snapshot in, the new state and the host's effects out.
///
/// Pure: no I/O, no clock (time is the snapshot's). `KeyBinding.all(for:)` is the table of what every key does in
/// each profile (`AndroidKeys` routes the keys whose meaning differs on Android); the overlays' own keys are
/// `KeyBinding.device(for:)`, `KeyBinding.prompt` and `KeyBinding.confirm`.
public enum DashboardReducer {
    /// Applies one input; returns what the host must do. `hit` maps a mouse position to what it points at
    /// (the view's hitTest, injected so this file does not depend on the layout). `now` is the snapshot's clock.
    /// `visibleRows` is how many rows the focused pane shows (the PgUp/PgDn step and the scroll window).
    public static func handle(
        _ input: TerminalInput, state: inout DashboardState, snapshot: Snapshot,
        visibleRows: Int, hit: (MouseEvent) -> HitTarget?
    ) -> [DashboardEffect] {
        let rows = max(1, visibleRows)
        reconcile(state: &state, snapshot: snapshot)
        switch input {
        case .key(let key):
            state.message = nil
            let effects = handleKey(key, state: &state, snapshot: snapshot, rows: rows)
            Navigation.keepVisible(state.focus, state: &state, snapshot: snapshot, rows: rows)
            return effects
        case .mouse(let event):
            Navigation.mouse(event, state: &state, snapshot: snapshot, rows: rows, target: hit(event))
            return []
        case .resize:
            for pane in DashboardState.Pane.allCases {
                Navigation.keepVisible(pane, state: &state, snapshot: snapshot, rows: rows)
            }
            return []
        case .paste(let text):
            state.message = nil
            return PromptInput.paste(text, state: &state, snapshot: snapshot)
        }
    }

    /// Keeps the selection valid after a new snapshot (selected task vanished → nearest; first row when none).
    public static func reconcile(state: inout DashboardState, snapshot: Snapshot) {
        Navigation.reconcile(state: &state, snapshot: snapshot)
    }

    /// A key, by what is open: Ctrl-L anywhere, then the overlay's keys, else the main screen's.
    static func handleKey(
        _ key: Key, state: inout DashboardState, snapshot: Snapshot, rows: Int
    ) -> [DashboardEffect] {
        if case .control(let letter) = key, letter.lowercased() == "l" { return [.redrawAll] }
        switch state.overlay {
        case nil:
            return mainKey(key, state: &state, snapshot: snapshot, rows: rows)
        case .help:
            return helpKey(key, state: &state)
        case .transferDetails, .requestDetails, .workDetails:
            return detailsKey(key, state: &state, snapshot: snapshot, rows: rows)
        case .prompt(let prompt):
            return PromptInput.key(key, prompt: prompt, state: &state, snapshot: snapshot)
        case .confirm(let confirmation):
            return confirmKey(key, confirmation, state: &state, snapshot: snapshot)
        case .device:
            return DeviceMenu.key(key, state: &state, snapshot: snapshot)
        }
    }

    /// A key on the main screen (no overlay open).
    static func mainKey(_ key: Key, state: inout DashboardState, snapshot: Snapshot, rows: Int) -> [DashboardEffect] {
        switch key {
        case .up, .character("k"): Navigation.move(.by(-1), state: &state, snapshot: snapshot, rows: rows)
        case .down, .character("j"): Navigation.move(.by(1), state: &state, snapshot: snapshot, rows: rows)
        case .pageUp: Navigation.move(.by(-rows), state: &state, snapshot: snapshot, rows: rows)
        case .pageDown: Navigation.move(.by(rows), state: &state, snapshot: snapshot, rows: rows)
        case .home: Navigation.move(.first, state: &state, snapshot: snapshot, rows: rows)
        case .end: Navigation.move(.last, state: &state, snapshot: snapshot, rows: rows)
        case .tab: Navigation.cycleFocus(by: 1, state: &state)
        case .backTab: Navigation.cycleFocus(by: -1, state: &state)
        case .enter: Navigation.openDetails(state: &state, snapshot: snapshot)
        case .escape: escape(state: &state, snapshot: snapshot)
        case .character(let character): return characterKey(character, state: &state, snapshot: snapshot)
        case .control(let letter) where letter.lowercased() == "c": state.message = "q quits"
        default: state.message = "\(KeyName.of(key)) does nothing here: ? lists the keys"
        }
        return []
    }

    /// A letter or sign on the main screen.
    static func characterKey(_ character: Character, state: inout DashboardState, snapshot: Snapshot)
        -> [DashboardEffect]
    {
        if let effects = AndroidKeys.handle(character, state: &state, snapshot: snapshot) { return effects }
        switch character {
        case "?": state.overlay = .help
        case "/":
            state.overlay = .prompt(.init(purpose: .filter, text: state.filters[state.focus] ?? ""))
        case "a": state.overlay = .prompt(.init(purpose: .addURL))
        case "u": state.overlay = .prompt(.init(purpose: .upload(file: nil)))
        case "s": state.overlay = .prompt(.init(purpose: .schedule))
        case "d": state.overlay = .device
        case "L":
            let current = snapshot.rateLimit.map(PromptParsing.rateText) ?? ""
            state.overlay = .prompt(.init(purpose: .limit, text: current))
        case "p": return Actions.pauseOrResume(state: &state, snapshot: snapshot)
        case "c": Actions.confirmCancel(state: &state, snapshot: snapshot)
        case "l": return Actions.launch(state: &state, snapshot: snapshot)
        case "x": return Actions.expire(state: &state, snapshot: snapshot)
        case "o", "h", "t", "K", "r": return Actions.app(character, state: &state, snapshot: snapshot)
        case "w", "f", "n": return Actions.clock(character, state: &state, snapshot: snapshot)
        case "q": return [.quit]
        default: state.message = "\(KeyName.of(.character(character))) does nothing: ? lists the keys"
        }
        return []
    }

    /// Esc on the main screen: clears the focused pane's filter, else says there is nothing to close.
    static func escape(state: inout DashboardState, snapshot: Snapshot) {
        guard state.filters[state.focus] != nil else {
            state.message = "nothing to close: Esc closes details, help, prompts and filters"
            return
        }
        PromptInput.setFilter("", state: &state, snapshot: snapshot)
    }

    /// A key while the help is open: `?` or Esc close it, `q` quits.
    static func helpKey(_ key: Key, state: inout DashboardState) -> [DashboardEffect] {
        switch key {
        case .character("?"), .escape, .enter: state.overlay = nil
        case .character("q"): return [.quit]
        default: state.message = "the help is open: ? or Esc closes it"
        }
        return []
    }

    /// A key while details are open: Esc or Enter close them, moving shows the next row's details, and the
    /// action keys act on the row shown.
    static func detailsKey(_ key: Key, state: inout DashboardState, snapshot: Snapshot, rows: Int)
        -> [DashboardEffect]
    {
        switch key {
        case .escape, .enter:
            state.overlay = nil
            return []
        case .tab, .backTab:
            state.message = "Esc closes the details first"
            return []
        case .up, .down, .pageUp, .pageDown, .home, .end, .character("j"), .character("k"):
            let effects = mainKey(key, state: &state, snapshot: snapshot, rows: rows)
            Navigation.openDetails(state: &state, snapshot: snapshot)
            return effects
        default:
            return mainKey(key, state: &state, snapshot: snapshot, rows: rows)
        }
    }

    /// A key while a destructive action waits: `y` does it, `n` or Esc do not.
    static func confirmKey(
        _ key: Key, _ confirmation: DashboardState.Confirmation, state: inout DashboardState, snapshot: Snapshot
    ) -> [DashboardEffect] {
        switch key {
        case .character("y"), .character("Y"):
            state.overlay = nil
            if case .send(let command) = confirmation.effect {
                state.message = SentMessage.of(command, role: snapshot.engine.role)
            }
            return [confirmation.effect]
        case .character("n"), .character("N"), .escape:
            state.overlay = nil
            state.message = "nothing sent"
            return []
        default:
            state.message = "answer y or n (Esc: n)"
            return []
        }
    }
}
