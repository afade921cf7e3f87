import OffstageUI
import Testing

@Suite struct ProgressBarTests {
    let unicode = Glyphs(unicode: true)
    let ascii = Glyphs(unicode: false)
    let palette = Palette(colors: 256)

    /// The bar's text, cell by cell.
    func text(_ spans: [Span]) -> String { spans.map(\.text).joined() }

    @Test func eighthBlocksAreExactAndRoundDown() {
        // 10 cells = 80 eighths; 0.5 → 40 eighths = 5 full cells.
        #expect(text(ProgressBar.determinate(fraction: 0.5, width: 10, glyphs: unicode, palette: palette)) == "█████     ")
        // 0.4875 → 39 eighths = 4 full + 7/8.
        #expect(text(ProgressBar.determinate(fraction: 0.4875, width: 10, glyphs: unicode, palette: palette)) == "████▉     ")
        // One eighth of a cell.
        #expect(text(ProgressBar.determinate(fraction: 1.0 / 80, width: 10, glyphs: unicode, palette: palette)) == "▏         ")
        // 0.999 never shows as full.
        #expect(text(ProgressBar.determinate(fraction: 0.999, width: 10, glyphs: unicode, palette: palette)) == "█████████▉")
        #expect(text(ProgressBar.determinate(fraction: 1, width: 4, glyphs: unicode, palette: palette)) == "████")
        #expect(text(ProgressBar.determinate(fraction: 0, width: 3, glyphs: unicode, palette: palette)) == "   ")
    }

    @Test func everyEighthHasItsBlock() {
        let blocks = ["▏", "▎", "▍", "▌", "▋", "▊", "▉", "█"]
        for eighths in 1...8 {
            let bar = text(ProgressBar.determinate(fraction: Double(eighths) / 8, width: 1, glyphs: unicode, palette: palette))
            #expect(bar == blocks[eighths - 1])
        }
    }

    @Test func resumedBytesAreDrawnInTheirOwnStyle() {
        let spans = ProgressBar.determinate(fraction: 0.6, resumed: 0.3, width: 10, glyphs: unicode, palette: palette)
        #expect(spans.count == 3)
        #expect(spans[0] == Span("███", palette.barResumed))
        #expect(spans[1] == Span("███", palette.barNew))
        #expect(spans[2] == Span("    ", palette.barTrack))
    }

    @Test func asciiBarUsesBracketsHashesAndDots() {
        #expect(text(ProgressBar.determinate(fraction: 0.5, width: 12, glyphs: ascii, palette: palette)) == "[#####.....]")
        #expect(text(ProgressBar.determinate(fraction: 0.5, resumed: 0.2, width: 12, glyphs: ascii, palette: palette)) == "[==###.....]")
    }

    @Test func indeterminateBarMovesAndNeverFillsIn() {
        let frames = (0..<40).map { text(ProgressBar.indeterminate(frame: $0, width: 20, glyphs: unicode, palette: palette)) }
        #expect(Set(frames).count > 10)
        for frame in frames {
            #expect(DisplayWidth.of(frame) == 20)
            #expect(frame.filter { $0 != " " }.count == 8)
        }
        // It bounces: frame 0 and frame 2×travel are the same.
        #expect(frames[0] == frames[24])
        let asciiFrame = text(ProgressBar.indeterminate(frame: 5, width: 12, glyphs: ascii, palette: palette))
        #expect(asciiFrame.hasPrefix("[") && asciiFrame.hasSuffix("]") && asciiFrame.count == 12)
        #expect(!asciiFrame.contains("%"))
    }
}
