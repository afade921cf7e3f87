import Testing

@testable import OffstageTerminal

/// The bytes of the terminal notification a dashboard sends when a transfer ends.
@Suite struct NotificationTests {
    @Test func osc777ByDefaultAndOSC9InITermAndWindowsTerminalEachWithTheBell() {
        #expect(
            NCursesTerminal.notification("a.iso: download completed", environment: ["TERM": "xterm-256color"])
                == "\u{1B}]777;notify;Offstage;a.iso: download completed\u{1B}\\\u{07}")
        #expect(
            NCursesTerminal.notification("done", environment: ["TERM_PROGRAM": "iTerm.app"])
                == "\u{1B}]9;done\u{1B}\\\u{07}")
        #expect(NCursesTerminal.notification("done", environment: ["WT_SESSION": "1"]) == "\u{1B}]9;done\u{1B}\\\u{07}")
    }

    @Test func nothingInTheTextCanEndOrSplitTheSequence() {
        let bytes = NCursesTerminal.notification("x\u{1B}]0;t\u{07}\u{9C}\u{7F};y\n", environment: [:])
        #expect(bytes == "\u{1B}]777;notify;Offstage;x]0,t,y\u{1B}\\\u{07}")
    }
}
