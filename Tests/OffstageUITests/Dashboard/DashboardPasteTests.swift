import Foundation
import OffstageCore
import OffstageUI
import Testing

/// Bracketed paste in the reducer: a paste is text for the open prompt, never keys.
@Suite struct DashboardPasteTests {
    /// Feeds one paste; returns its effects.
    static func paste(_ text: String, _ state: inout DashboardState, _ snapshot: Snapshot) -> [DashboardEffect] {
        DashboardReducer.handle(.paste(text), state: &state, snapshot: snapshot, visibleRows: 3, hit: { _ in nil })
    }

    @Test func aPasteGoesIntoTheOpenPromptAsTextWithControlCharactersLeftOut() {
        let snapshot = ReducerFixture.snapshot()
        var state = ReducerFixture.state(for: snapshot)
        ReducerFixture.press([.character("a")], &state, snapshot)
        // What closed the prompt and then ran as keys before: an ESC, then c (cancel), y (confirm) and q (quit).
        let effects = Self.paste("https://example.com/a\u{1B}cyq\n\u{7}\u{202E}", &state, snapshot)
        #expect(effects.isEmpty)
        guard case .prompt(let prompt) = state.overlay else {
            Issue.record("the paste closed the prompt")
            return
        }
        #expect(prompt.purpose == .addURL)
        #expect(prompt.text == "https://example.com/acyq")
        #expect(state.message == "4 control characters in the paste left out")
        let sent = ReducerFixture.press([.enter], &state, snapshot)
        #expect(sent.count == 1, "Enter sends the pasted URL: \(sent)")
    }

    @Test func aPasteInPiecesAppendsAndStopsAtTheLinesLength() {
        let snapshot = ReducerFixture.snapshot()
        var state = ReducerFixture.state(for: snapshot)
        ReducerFixture.press([.character("a")], &state, snapshot)
        _ = Self.paste("https://example.com/", &state, snapshot)
        _ = Self.paste("file.iso", &state, snapshot)
        guard case .prompt(let joined) = state.overlay else {
            Issue.record("the prompt closed")
            return
        }
        #expect(joined.text == "https://example.com/file.iso")
        #expect(state.message == nil)
        _ = Self.paste(String(repeating: "x", count: 5000), &state, snapshot)
        guard case .prompt(let full) = state.overlay else {
            Issue.record("the prompt closed")
            return
        }
        #expect(full.text.count == PromptParsing.maximumLength)
        #expect(state.message == "the line is full (2048 characters): the rest of the paste left out")
    }

    @Test func aPasteWithNoPromptOpenIsIgnoredAndSaysSo() {
        let snapshot = ReducerFixture.snapshot()
        var state = ReducerFixture.state(for: snapshot)
        let before = state
        // Every letter here is a key on the main screen: none of them may act.
        let effects = Self.paste("cyKyq/ap", &state, snapshot)
        #expect(effects.isEmpty)
        #expect(state.message == "paste ignored: no prompt is open (a asks for a URL, / for a filter)")
        state.message = nil
        #expect(state == before)
        ReducerFixture.press([.character("?")], &state, snapshot)
        _ = Self.paste("q", &state, snapshot)
        #expect(state.overlay == .help, "a paste over the help is ignored too")
    }

    @Test func aPastedFilterNarrowsThePaneAtOnce() {
        let snapshot = ReducerFixture.snapshot()
        var state = ReducerFixture.state(for: snapshot)
        ReducerFixture.press([.character("/")], &state, snapshot)
        let name = snapshot.transfers[1].name
        _ = Self.paste(name, &state, snapshot)
        #expect(state.filters[state.focus] == name)
    }
}
