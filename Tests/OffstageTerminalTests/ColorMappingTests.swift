import CNCurses
import OffstageUI
import Testing

@testable import OffstageTerminal

@Suite struct ColorMappingTests {
    @Test(arguments: [
        (UInt8(0), UInt8(0)), (3, 3), (7, 7), (9, 1), (15, 7), (16, 0), (196, 1), (46, 2), (226, 3), (21, 4),
        (201, 5), (51, 6), (231, 7), (232, 0), (255, 7),
    ])
    func nearestANSI(index: UInt8, expected: UInt8) {
        #expect(ColorMapping.nearestANSI(index) == expected)
    }

    @Test func cubeAndGreyRGB() {
        #expect(ColorMapping.rgb(ofIndexed: 196) == (255, 0, 0))
        #expect(ColorMapping.rgb(ofIndexed: 67) == (95, 135, 175))
        #expect(ColorMapping.rgb(ofIndexed: 244) == (128, 128, 128))
    }

    @Test func colorNumbersFollowTheDepth() {
        #expect(ColorMapping.colorNumber(.indexed(196), depth: 256) == 196)
        #expect(ColorMapping.colorNumber(.indexed(196), depth: 8) == 1)
        #expect(ColorMapping.colorNumber(.ansi(3), depth: 8) == 3)
        #expect(ColorMapping.colorNumber(.ansi(3), depth: 256) == 3)
        #expect(ColorMapping.colorNumber(.standard, depth: 256) == -1)
        #expect(ColorMapping.colorNumber(.indexed(196), depth: 0) == -1)
        #expect(ColorMapping.colorNumber(.ansi(2), depth: 0) == -1)
    }

    @Test func attributesOfAStyle() {
        #expect(ColorMapping.attributes(.plain) == offstage_a_normal())
        #expect(ColorMapping.attributes(Style(bold: true)) == offstage_a_bold())
        let all = Style(bold: true, dim: true, reverse: true, underline: true)
        #expect(
            ColorMapping.attributes(all)
                == offstage_a_bold() | offstage_a_dim() | offstage_a_reverse() | offstage_a_underline())
        #expect(ColorMapping.attributes(Style(foreground: .ansi(1), reverse: true)) == offstage_a_reverse())
    }

    @Test func pairsAreAllocatedOnceAndInOrder() {
        var table = ColorPairTable(limit: 10, defaultColors: true)
        #expect(table.pair(for: ColorPairKey(foreground: -1, background: -1)) == (0, nil))
        let red = ColorPairKey(foreground: 1, background: -1)
        let blue = ColorPairKey(foreground: 4, background: 0)
        #expect(table.pair(for: red) == (1, red))
        #expect(table.pair(for: blue) == (2, blue))
        #expect(table.pair(for: red) == (1, nil))
        #expect(table.key(of: 2) == blue)
    }

    @Test func aFullTableFallsBackToTheDefaultPair() {
        var table = ColorPairTable(limit: 1, defaultColors: true)
        #expect(table.pair(for: ColorPairKey(foreground: 1, background: -1)).pair == 1)
        #expect(table.pair(for: ColorPairKey(foreground: 2, background: -1)) == (0, nil))
    }

    @Test func withoutDefaultColoursWhiteOnBlackStandsIn() {
        var table = ColorPairTable(limit: 10, defaultColors: false)
        #expect(table.pair(for: ColorPairKey(foreground: -1, background: -1)) == (0, nil))
        #expect(table.pair(for: ColorPairKey(foreground: 7, background: 0)) == (0, nil))
        let white = ColorPairKey(foreground: 7, background: 4)
        #expect(table.pair(for: ColorPairKey(foreground: -1, background: 4)) == (1, white))
    }

    @Test func theLimitFitsAShort() {
        #expect(ColorPairTable(limit: 65535, defaultColors: true).limit == 32767)
    }
}

@Suite struct GlyphTests {
    @Test func aBaseCharacterKeepsItsMarks() {
        #expect(NCursesTerminal.glyph(of: "e\u{0301}") == [0x65, 0x301])
        #expect(NCursesTerminal.glyph(of: "❤️") == [0x2764, 0xFE0F])
    }

    @Test func joinedEmojiAndFormatCharactersAreLeftOut() {
        #expect(NCursesTerminal.glyph(of: "👨‍👩‍👧") == [0x1F468])
        #expect(NCursesTerminal.glyph(of: "a\u{202E}") == [0x61])
    }

    @Test func aContinuationCellIsABlank() {
        #expect(NCursesTerminal.glyph(of: "") == [32])
    }
}
