import OffstageUI
import Testing

/// Cells keep their grapheme as a number: every kind of grapheme must come back as it went in.
@Suite struct CellTests {
    @Test func everyKindOfGraphemeComesBackAsItWentIn() {
        let texts = ["a", " ", "~", "█", "▏", "漢", "é", "e\u{301}", "👩‍👩‍👧", "🇫🇷", "a\u{301}\u{302}\u{303}"]
        for text in texts {
            let cell = Cell(text, style: Style(bold: true))
            #expect(cell.text == text, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(cell.style.bold)
            #expect(!cell.isContinuation)
        }
    }

    @Test func theEmptyTextIsAContinuationCell() {
        let cell = Cell("")
        #expect(cell.isContinuation)
        #expect(cell.text == "")
        #expect(cell.scalar == nil)
        #expect(!Cell(" ").isContinuation)
    }

    @Test func oneScalarIsKeptAsItsScalarAndLongerGraphemesAreNot() {
        #expect(Cell("A").scalar == "A")
        #expect(Cell(scalar: "漢") == Cell("漢"))
        #expect(Cell("e\u{301}").scalar == nil)
        #expect(Cell("A").isASCII)
        #expect(!Cell("é").isASCII)
    }

    @Test func equalGraphemesMakeEqualCellsAndDifferentOnesDoNot() {
        #expect(Cell("e\u{301}\u{302}") == Cell("e\u{301}\u{302}"))
        #expect(Cell("e\u{301}\u{302}") != Cell("e\u{302}\u{301}\u{303}"))
        #expect(Cell("x", style: Style(bold: true)) != Cell("x"))
        var cell = Cell("a")
        cell.text = "o\u{308}"
        #expect(cell == Cell("o\u{308}"))
        #expect(cell.text == "o\u{308}")
    }
}
