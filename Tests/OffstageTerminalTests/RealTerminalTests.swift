import Foundation
import OffstageUI
import Testing

@testable import OffstageTerminal

/// Every golden screen as a real terminal shows it: the ncurses adapter's actual bytes, through an independent
/// emulator (pyte), compared cell by cell (characters, colours, bold, reverse, underline) with the golden grid.
/// The text of a golden file cannot show what a person sees; this can (a selected row in reverse video turns a
/// bar's blocks into a dark gap).
extension NCursesTerminalTests {
    /// Each golden screen's name, its grid, and the emulator's cells after the adapter drew it.
    struct Shown {
        var name: String
        var screen: Screen
        var cells: [[RealTerminal.Cell]]
    }

    /// Every golden screen drawn once through the adapter and the emulator (the adapter one at a time: this suite
    /// is serialized, ncurses has one screen).
    static func shownGoldenScreens() throws -> (screens: [Shown], palette: [String]) {
        let names = try GoldenFile.names()
        let screens = try names.map { try GoldenFile.screen($0) }
        let captures = try screens.map { (bytes: try RealTerminal.capture($0), size: $0.size) }
        let result = try RealTerminal.emulate(captures)
        let shown = zip(names, zip(screens, result.screens)).map { Shown(name: $0, screen: $1.0, cells: $1.1) }
        return (shown, result.palette)
    }

    @Test func everyGoldenScreenLooksInARealTerminalAsItsGridSays() throws {
        let (shown, palette) = try Self.shownGoldenScreens()
        #expect(shown.count >= 80, "every golden screen (\(shown.count))")
        for golden in shown {
            var differences: [String] = []
            for y in 0..<golden.screen.height {
                for x in 0..<golden.screen.width where !golden.screen[x, y].isContinuation {
                    let cell = golden.screen[x, y]
                    let style = cell.style
                    let want = RealTerminal.Cell(
                        char: cell.text, fg: RealTerminal.expected(style.foreground, palette: palette),
                        bg: RealTerminal.expected(style.background, palette: palette), bold: style.bold,
                        reverse: style.reverse, underline: style.underline)
                    let got = y < golden.cells.count && x < golden.cells[y].count ? golden.cells[y][x] : nil
                    if got != want {
                        differences.append("(\(x),\(y)) grid \(want), terminal \(got.map { "\($0)" } ?? "none")")
                    }
                }
            }
            #expect(
                differences.isEmpty,
                "\(golden.name): \(differences.count) cells differ, first: \(differences.prefix(6).joined(separator: "; "))"
            )
        }
    }

    @Test func theSelectedRowShowsNoReverseVideoOverABar() throws {
        let (shown, _) = try Self.shownGoldenScreens()
        var reversedBars: [String] = []
        for golden in shown {
            let cells = golden.cells.enumerated().flatMap { y, row in row.enumerated().map { (x: $0, y: y, cell: $1) } }
            let hits = cells.filter { $0.cell.reverse && Self.isBarGlyph($0.cell.char) }
            if let first = hits.first {
                reversedBars.append("\(golden.name): \(hits.count) bar cells reversed, first (\(first.x),\(first.y))")
            }
        }
        #expect(
            reversedBars.isEmpty, "\(reversedBars.count) screens: \(reversedBars.prefix(8).joined(separator: "; "))")
    }

    /// Whether `text` is a bar's glyph: a block element (eighth blocks, shades), which reverse video turns into its
    /// negative.
    static func isBarGlyph(_ text: String) -> Bool {
        text.unicodeScalars.count == 1 && text.unicodeScalars.allSatisfy { (0x2580...0x259F).contains($0.value) }
    }
}
