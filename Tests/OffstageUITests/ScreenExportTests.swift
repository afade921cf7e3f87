import Foundation
import OffstageTestSupport
import OffstageUI
import Testing

@Suite struct ScreenExportTests {
    @Test func textIsTheRowsWithoutTrailingSpaces() {
        var screen = Screen(size: Size(width: 6, height: 2))
        screen.put("ab", x: 0, y: 0)
        screen.put("漢", x: 2, y: 1)
        #expect(ScreenExport.text(screen) == "ab\n  漢\n")
    }

    @Test func svgEscapesXMLAndHasOneTextPerRowWithRuns() {
        var screen = Screen(size: Size(width: 10, height: 2))
        screen.put("<a&b>", x: 0, y: 0, style: Style(foreground: .ansi(1), bold: true))
        screen.put("x", x: 6, y: 0, style: Style(background: .indexed(236)))
        screen.put("漢", x: 0, y: 1)
        let svg = ScreenExport.svg(screen, palette: 256)
        #expect(svg.hasPrefix("<svg "))
        #expect(svg.contains("&lt;a&amp;b&gt;"))
        #expect(!svg.contains("<a&b>"))
        #expect(svg.components(separatedBy: "<text ").count - 1 == 2)
        #expect(svg.contains("font-weight=\"bold\""))
        #expect(svg.contains("fill=\"#303030\""))  // xterm 236 behind the x
        #expect(svg.contains("monospace"))
    }

    @Test func svgOfAWholeDashboardHasNoControlBytes() {
        let screen = DashboardView.render(
            snapshot: SnapshotSamples.hostile, state: DashboardState(), size: Size(width: 80, height: 24),
            capabilities: TerminalCapabilities(colors: 8, unicode: true))
        let svg = ScreenExport.svg(screen, palette: 8)
        #expect(!svg.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(svg.hasSuffix("</svg>\n"))
    }
}
