import OffstageTestSupport
import OffstageUI
import Testing

@Suite struct PrintableTests {
    @Test func controlsBecomeVisibleEscapes() {
        #expect(Printable.escape("a\u{1B}[2Jb") == "a\\x1B[2Jb")
        #expect(Printable.escape("bell\u{07}") == "bell\\x07")
        #expect(Printable.escape("del\u{7F}") == "del\\x7F")
        #expect(Printable.escape("csi\u{9B}") == "csi\\x9B")
        #expect(Printable.escape("\u{202E}gnp.exe") == "\\u{202E}gnp.exe")
        #expect(Printable.escape("zero\u{200B}width\u{FEFF}") == "zero\\u{200B}width\\u{FEFF}")
        #expect(Printable.escape("iso\u{2066}late\u{2069}") == "iso\\u{2066}late\\u{2069}")
        #expect(Printable.escape("line\r\n") == "line\\x0D\\x0A")
    }

    @Test func ordinaryTextIsUntouched() {
        #expect(Printable.escape("ubuntu-24.04.iso") == "ubuntu-24.04.iso")
        #expect(Printable.escape("漢字 é e\u{301}") == "漢字 é e\u{301}")
    }

    @Test func nothingBelowSpaceEscOrBidiSurvivesTheHostileName() {
        let escaped = Printable.escape(SnapshotSamples.hostileName)
        for scalar in escaped.unicodeScalars {
            #expect(!Printable.needsEscape(scalar), "scalar U+\(String(scalar.value, radix: 16)) survived")
            #expect(scalar.value >= 0x20 && scalar.value != 0x7F && scalar.value != 0x1B)
        }
    }

    @Test func aHostileScreenHoldsNoControlCell() {
        let screen = DashboardView.render(
            snapshot: SnapshotSamples.hostile, state: DashboardState(), size: Size(width: 80, height: 24),
            capabilities: TerminalCapabilities(colors: 256, unicode: true))
        for y in 0..<screen.height {
            for x in 0..<screen.width {
                #expect(!screen[x, y].text.unicodeScalars.contains(where: Printable.needsEscape))
            }
            // The row is exactly the terminal's width in columns.
            #expect(DisplayWidth.of(screen.text(row: y)) == 80)
        }
    }
}
