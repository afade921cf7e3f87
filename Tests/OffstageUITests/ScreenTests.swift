import OffstageUI
import Testing

@Suite struct ScreenTests {
    @Test func wideGraphemesTakeTwoCellsAndClipAtTheEdge() {
        var screen = Screen(size: Size(width: 5, height: 1))
        let end = screen.put("a漢b漢", x: 0, y: 0)
        #expect(screen.text(row: 0) == "a漢b ")
        #expect(end == 4)
    }
}
