import OffstageUI
import Testing

@Suite struct DisplayWidthTests {
    @Test func asciiAndLatinAreOneColumn() {
        #expect(DisplayWidth.of("abc") == 3)
        #expect(DisplayWidth.of("é") == 1)
    }

    @Test func wideCharactersAreTwoColumns() {
        #expect(DisplayWidth.of("漢字") == 4)
        #expect(DisplayWidth.of("ファイル") == 8)
        #expect(DisplayWidth.of("한") == 2)
        #expect(DisplayWidth.of("⚡") == 2)
        #expect(DisplayWidth.of("😀") == 2)
    }

    @Test func combiningMarksAddNothing() {
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("e\u{301}\u{336}\u{35C}") == 1)
        #expect(DisplayWidth.of(Character("\u{301}")) == 0)
        #expect(DisplayWidth.of("a\u{200B}b") == 2)
        #expect(DisplayWidth.of("\u{202E}") == 0)
    }

    @Test func narrowSymbolsTheDashboardDrawsAreOneColumn() {
        for symbol in ["▶", "⏸", "⟳", "✓", "✗", "…", "↑", "─", "│", "▮", "▯", "▏", "█", "⏱", "☠", "↻", "≡", "⚑"] {
            #expect(DisplayWidth.of(symbol) == 1, "\(symbol)")
        }
    }

    @Test func aWideCharacterOnScreenTakesTwoCells() {
        var screen = Screen(size: Size(width: 6, height: 1))
        screen.put("e\u{301}漢x", x: 0, y: 0)
        #expect(screen.text(row: 0) == "e\u{301}漢x  ")
        #expect(screen[2, 0].isContinuation)
    }
}
