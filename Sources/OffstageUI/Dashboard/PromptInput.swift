import OffstageCore

extension KeyBinding {
    /// The keys of a text prompt (`a`, `u`, `s`, `/`): every printable key is text.
    public static let prompt: [KeyBinding] = [
        KeyBinding("text", "every printable key types (q types q)"),
        KeyBinding("Backspace", "delete the last character"),
        KeyBinding("Ctrl-U", "clear the line"),
        KeyBinding("Enter", "submit (a filter: keep it)"),
        KeyBinding("Esc", "cancel (a filter: clear it)"),
    ]

    /// The keys of a confirmation (`c`, `K`).
    public static let confirm: [KeyBinding] = [
        KeyBinding("y", "yes: do it"),
        KeyBinding("n/Esc", "no: send nothing"),
    ]
}

/// Typing into a prompt and what Enter does with the text.
enum PromptInput {
    /// A key while a prompt is open.
    static func key(
        _ key: Key, prompt: DashboardState.Prompt, state: inout DashboardState, snapshot: Snapshot
    ) -> [DashboardEffect] {
        var prompt = prompt
        switch key {
        case .character(let character):
            if character.unicodeScalars.contains(where: PromptParsing.isForbidden) {
                state.message = "control characters cannot be typed"
                return []
            }
            guard prompt.text.count < PromptParsing.maximumLength else {
                state.message = "the line is full (\(PromptParsing.maximumLength) characters)"
                return []
            }
            prompt.text.append(character)
        case .backspace:
            guard !prompt.text.isEmpty else {
                state.message = "nothing to delete"
                return []
            }
            prompt.text.removeLast()
        case .control(let letter) where letter.lowercased() == "u":
            prompt.text = ""
        case .enter:
            return submit(prompt, state: &state, snapshot: snapshot)
        case .escape:
            if prompt.purpose == .filter { setFilter("", state: &state, snapshot: snapshot) }
            state.overlay = nil
            return []
        default:
            state.message = "\(KeyName.of(key)) does nothing in a prompt: Enter submits, Esc cancels"
            return []
        }
        prompt.error = nil
        state.overlay = .prompt(prompt)
        if prompt.purpose == .filter { setFilter(prompt.text, state: &state, snapshot: snapshot) }
        return []
    }

    /// Pasted text (bracketed paste): into the open prompt as text, never as keys, control and bidi characters left
    /// out, up to the line's length. With no prompt open it is ignored, and the key bar says so.
    static func paste(_ text: String, state: inout DashboardState, snapshot: Snapshot) -> [DashboardEffect] {
        guard case .prompt(var prompt) = state.overlay else {
            state.message = "paste ignored: no prompt is open (a asks for a URL, / for a filter)"
            return []
        }
        var kept = String.UnicodeScalarView()
        var dropped = 0
        for scalar in text.unicodeScalars {
            if PromptParsing.isForbidden(scalar) { dropped += 1 } else { kept.append(scalar) }
        }
        let pasted = String(kept)
        let room = max(0, PromptParsing.maximumLength - prompt.text.count)
        let fits = pasted.count <= room
        prompt.text += fits ? pasted : String(pasted.prefix(room))
        prompt.error = nil
        state.overlay = .prompt(prompt)
        if prompt.purpose == .filter { setFilter(prompt.text, state: &state, snapshot: snapshot) }
        var notes: [String] = []
        if dropped > 0 {
            notes.append("\(dropped) control character\(dropped == 1 ? "" : "s") in the paste left out")
        }
        if !fits {
            notes.append("the line is full (\(PromptParsing.maximumLength) characters): the rest of the paste left out")
        }
        if !notes.isEmpty { state.message = notes.joined(separator: "; ") }
        return []
    }

    /// Enter: the text is checked; refused, the prompt stays open with the reason; accepted, the command goes.
    static func submit(
        _ prompt: DashboardState.Prompt, state: inout DashboardState, snapshot: Snapshot
    ) -> [DashboardEffect] {
        do throws(PromptError) {
            switch prompt.purpose {
            case .addURL:
                let url = try PromptParsing.url(prompt.text)
                state.overlay = nil
                return Actions.send(.add(TransferSpec(kind: .download, url: url)), state: &state, snapshot: snapshot)
            case .upload(nil):
                let path = try PromptParsing.uploadPath(prompt.text)
                state.overlay = .prompt(.init(purpose: .upload(file: path)))
                return []
            case .upload(let file?):
                let url = try PromptParsing.url(prompt.text)
                state.overlay = nil
                let spec = TransferSpec(kind: .upload, url: url, method: "PUT", uploadPath: file)
                return Actions.send(.add(spec), state: &state, snapshot: snapshot)
            case .schedule:
                let request = try PromptParsing.schedule(prompt.text, now: snapshot.clock.now)
                state.overlay = nil
                return Actions.send(.schedule(request), state: &state, snapshot: snapshot)
            case .filter:
                setFilter(prompt.text, state: &state, snapshot: snapshot)
                state.overlay = nil
                return []
            case .limit:
                let limit = try PromptParsing.rateLimit(prompt.text)
                state.overlay = nil
                return Actions.send(.setRateLimit(bytesPerSecond: limit), state: &state, snapshot: snapshot)
            }
        } catch {
            var refused = prompt
            refused.error = error.message
            state.overlay = .prompt(refused)
            return []
        }
    }

    /// Sets the focused pane's filter (empty: none) and moves the selection onto a row it still lists.
    static func setFilter(_ text: String, state: inout DashboardState, snapshot: Snapshot) {
        state.filters[state.focus] = text.isEmpty ? nil : text
        if state.focus == .events { state.newestEventSeen = nil }  // other lines: nothing to stay on
        Navigation.reconcile(state: &state, snapshot: snapshot)
    }
}
