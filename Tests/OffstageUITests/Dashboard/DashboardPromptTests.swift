import Foundation
import OffstageCore
import OffstageUI
import Testing

@Suite struct DashboardReducerPromptTests {
    @Test(arguments: [
        ("", "type a URL, such as https://example.com/file.iso"),
        ("https://example.com/a b", "a URL has no spaces or control characters: percent-encode them (%20)"),
        ("https://example.com/\u{7}", "a URL has no spaces or control characters: percent-encode them (%20)"),
        ("https://user:secret@example.com/a", "credentials in a URL would be stored: put them in ~/.netrc"),
        ("ftp://example.com/a", "only http and https URLs are supported, not ftp"),
        ("file:///etc/passwd", "only http and https URLs are supported, not file"),
        ("http:example.com", "the URL has no host: http:example.com"),
        ("example.com/a", "not a URL: example.com/a"),
    ])
    func badURLsAreRefusedWithTheReason(_ text: String, _ reason: String) {
        #expect(throws: PromptError(reason)) { try PromptParsing.url(text) }
    }

    @Test func aGoodURLIsTrimmed() throws {
        #expect(try PromptParsing.url("  https://Example.com:8443/x?y=1  ") == "https://Example.com:8443/x?y=1")
        #expect(try PromptParsing.url("http://localhost/") == "http://localhost/")
    }

    @Test func addWithAnErrorThenFixedSendsOneAdd() {
        let snapshot = ReducerFixture.snapshot()
        var state = ReducerFixture.state(for: snapshot)
        var effects = ReducerFixture.press(
            [.character("a")] + ReducerFixture.typing("https://u:p@h.example/f"), &state, snapshot)
        effects += ReducerFixture.press([.enter], &state, snapshot)
        #expect(effects.isEmpty)
        guard case .prompt(let refused) = state.overlay else {
            Issue.record("the prompt closed on a refused URL")
            return
        }
        #expect(refused.error == "credentials in a URL would be stored: put them in ~/.netrc")
        #expect(refused.text == "https://u:p@h.example/f")
        // Fix it: delete back to "https://" and type the host again.
        effects += ReducerFixture.press(Array(repeating: .backspace, count: 15), &state, snapshot)
        #expect(state.overlay == .prompt(.init(purpose: .addURL, text: "https://")), "editing clears the error")
        effects += ReducerFixture.press(ReducerFixture.typing("h.example/f") + [.enter], &state, snapshot)
        #expect(effects == [.send(.add(TransferSpec(kind: .download, url: "https://h.example/f")))])
        #expect(state.overlay == nil)
        #expect(state.message == "add sent to the engine: https://h.example/f")
    }

    @Test func insideAPromptEveryPrintableKeyIsText() {
        let snapshot = ReducerFixture.snapshot()
        var state = ReducerFixture.state(for: snapshot)
        let effects = ReducerFixture.press([.character("a")] + ReducerFixture.typing("qpcKtdwf? /"), &state, snapshot)
        #expect(effects.isEmpty)
        #expect(state.overlay == .prompt(.init(purpose: .addURL, text: "qpcKtdwf? /")))
    }

    @Test func controlCharactersAndArrowsAreNotTyped() {
        let snapshot = ReducerFixture.snapshot()
        var state = ReducerFixture.state(for: snapshot)
        ReducerFixture.press([.character("a"), .character("x"), .character("\u{1B}")], &state, snapshot)
        #expect(state.message == "control characters cannot be typed")
        ReducerFixture.press([.left], &state, snapshot)
        #expect(state.message == "← does nothing in a prompt: Enter submits, Esc cancels")
        ReducerFixture.press([.backspace, .backspace], &state, snapshot)
        #expect(state.message == "nothing to delete")
        #expect(state.overlay == .prompt(.init(purpose: .addURL, text: "")))
    }

    @Test func aPromptLineIsBounded() {
        let snapshot = ReducerFixture.snapshot()
        var state = ReducerFixture.state(for: snapshot)
        state.overlay = .prompt(
            .init(purpose: .addURL, text: String(repeating: "a", count: PromptParsing.maximumLength)))
        ReducerFixture.press([.character("b")], &state, snapshot)
        #expect(state.message == "the line is full (2048 characters)")
        guard case .prompt(let prompt) = state.overlay else {
            Issue.record("the prompt closed")
            return
        }
        #expect(prompt.text.count == PromptParsing.maximumLength)
    }

    @Test func uploadAsksForTheFileThenTheURL() {
        let snapshot = ReducerFixture.snapshot()
        var state = ReducerFixture.state(for: snapshot)
        var effects = ReducerFixture.press([.character("u"), .enter], &state, snapshot)
        #expect(
            state.overlay == .prompt(.init(purpose: .upload(file: nil), error: "type the path of the file to upload")))
        effects += ReducerFixture.press(ReducerFixture.typing("/tmp/r.bin") + [.enter], &state, snapshot)
        #expect(state.overlay == .prompt(.init(purpose: .upload(file: "/tmp/r.bin"))))
        effects += ReducerFixture.press(ReducerFixture.typing("ftp://x/y") + [.enter], &state, snapshot)
        #expect(
            state.overlay
                == .prompt(
                    .init(
                        purpose: .upload(file: "/tmp/r.bin"), text: "ftp://x/y",
                        error: "only http and https URLs are supported, not ftp")))
        effects += ReducerFixture.press(
            [.control("u")] + ReducerFixture.typing("http://x/y") + [.enter], &state, snapshot)
        let spec = TransferSpec(kind: .upload, url: "http://x/y", method: "PUT", uploadPath: "/tmp/r.bin")
        #expect(effects == [.send(.add(spec))])
        #expect(state.message == "upload sent to the engine: /tmp/r.bin to http://x/y")
    }

    @Test(arguments: [
        ("refresh com.a", BGTaskRequest(identifier: "com.a", kind: .appRefresh)),
        (
            "app-refresh com.a in 30s",
            BGTaskRequest(
                identifier: "com.a", kind: .appRefresh,
                earliestBeginDate: ReducerFixture.now.addingTimeInterval(30))
        ),
        ("processing com.b", BGTaskRequest(identifier: "com.b", kind: .processing)),
        (
            "processing com.b power network in 2h",
            BGTaskRequest(
                identifier: "com.b", kind: .processing,
                earliestBeginDate: ReducerFixture.now.addingTimeInterval(7200), requiresNetworkConnectivity: true,
                requiresExternalPower: true)
        ),
        (
            "  processing   com.b   network  ",
            BGTaskRequest(
                identifier: "com.b", kind: .processing,
                requiresNetworkConnectivity: true)
        ),
        (
            "processing com.b in 7d",
            BGTaskRequest(
                identifier: "com.b", kind: .processing,
                earliestBeginDate: ReducerFixture.now.addingTimeInterval(604_800))
        ),
        (
            "refresh com.a in 0",
            BGTaskRequest(
                identifier: "com.a", kind: .appRefresh,
                earliestBeginDate: ReducerFixture.now)
        ),
    ])
    func scheduleTextBecomesARequest(_ text: String, _ request: BGTaskRequest) throws {
        #expect(try PromptParsing.schedule(text, now: ReducerFixture.now) == request)
    }

    @Test(arguments: [
        ("", "type refresh ID or processing ID [network] [power] [in DUR]"),
        ("later com.a", "the request kind is refresh or processing, not later"),
        ("refresh", "the request needs an identifier, such as com.example.refresh"),
        ("refresh com.a network", "network and power apply to processing requests only"),
        ("processing com.b power power", "power is given twice"),
        ("processing com.b in", "in needs a duration such as 30s, 5m or 2h"),
        ("processing com.b in 5m in 6m", "in is given twice"),
        ("processing com.b soon", "unknown word soon: expected network, power or in DUR"),
        ("refresh com.a soon", "unknown word soon: expected in DUR"),
        ("refresh com.a in nan", "not a duration: nan (use 30s, 5m, 2h or 1d)"),
        ("refresh com.a in inf", "not a duration: inf (use 30s, 5m, 2h or 1d)"),
        ("refresh com.a in -5m", "not a duration: -5m (use 30s, 5m, 2h or 1d)"),
        ("refresh com.a in 1e9", "not a duration: 1e9 (use 30s, 5m, 2h or 1d)"),
        ("refresh com.a in 5x", "not a duration: 5x (use 30s, 5m, 2h or 1d)"),
        ("refresh com.a in 8d", "8d is too far ahead: at most 7 days (7d)"),
        (
            "refresh com.a in 99999999999999999999999999d",
            "99999999999999999999999999d is too far ahead: at most 7 days (7d)"
        ),
        ("refresh com.\u{202E}a", "a task identifier is printable text without spaces, such as com.example.refresh"),
    ])
    func badScheduleTextSaysWhatIsWrong(_ text: String, _ reason: String) {
        #expect(throws: PromptError(reason)) { try PromptParsing.schedule(text, now: ReducerFixture.now) }
    }

    @Test func aRefusedScheduleKeepsThePromptWithTheReason() {
        let snapshot = ReducerFixture.snapshot()
        var state = ReducerFixture.state(for: snapshot)
        let effects = ReducerFixture.press(
            [.character("s")] + ReducerFixture.typing("refresh com.a in 9d") + [.enter], &state, snapshot)
        #expect(effects.isEmpty)
        #expect(
            state.overlay
                == .prompt(
                    .init(
                        purpose: .schedule, text: "refresh com.a in 9d",
                        error: "9d is too far ahead: at most 7 days (7d)")))
    }

    @Test func theFilterNarrowsTheSelectionLiveAndEscClearsIt() {
        let snapshot = ReducerFixture.snapshot()
        var state = ReducerFixture.state(for: snapshot)
        ReducerFixture.press([.character("/")] + ReducerFixture.typing("bro"), &state, snapshot)
        #expect(state.filters[.transfers] == "bro")
        #expect(state.selectedTransfer == 5, "the only row left is selected while typing")
        ReducerFixture.press([.backspace, .backspace, .backspace], &state, snapshot)
        #expect(state.filters[.transfers] == nil)
        ReducerFixture.press(ReducerFixture.typing("zzz"), &state, snapshot)
        #expect(state.selectedTransfer == nil, "nothing matches: nothing selected")
        ReducerFixture.press([.escape], &state, snapshot)
        #expect(state.overlay == nil)
        #expect(state.filters[.transfers] == nil)
        #expect(state.selectedTransfer == 1)
    }

    @Test func escOnTheMainScreenClearsAKeptFilter() {
        let snapshot = ReducerFixture.snapshot()
        var state = ReducerFixture.state(for: snapshot)
        ReducerFixture.press([.tab, .character("/")] + ReducerFixture.typing("maint") + [.enter], &state, snapshot)
        #expect(state.filters[.scheduled] == "maint")
        #expect(state.selectedRequest == "com.example.maintenance")
        ReducerFixture.press([.character("/")], &state, snapshot)
        #expect(state.overlay == .prompt(.init(purpose: .filter, text: "maint")), "the prompt edits the kept filter")
        ReducerFixture.press([.enter, .escape], &state, snapshot)
        #expect(state.filters[.scheduled] == nil)
        ReducerFixture.press([.escape], &state, snapshot)
        #expect(state.message == "nothing to close: Esc closes details, help, prompts and filters")
    }
}
