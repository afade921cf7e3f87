import CNCurses
import OffstageUI
import Testing

@testable import OffstageTerminal

@Suite struct KeyDecoderTests {
    static let characterCases: [(UInt32, DecodedInput)] = [
        (UInt32(UInt8(ascii: "q")), .key(.character("q"))), (32, .key(.character(" "))),
        (0x4E16, .key(.character("世"))), (0xE9, .key(.character("é"))), (9, .key(.tab)), (13, .key(.enter)),
        (10, .key(.enter)), (27, .key(.escape)), (127, .key(.backspace)), (8, .key(.backspace)),
        (12, .key(.control("l"))), (1, .key(.control("a"))), (26, .key(.control("z"))), (3, .key(.control("c"))),
        (0, .ignored), (28, .ignored), (31, .ignored), (0x85, .ignored),
    ]

    @Test(arguments: characterCases)
    func characters(value: UInt32, expected: DecodedInput) {
        #expect(KeyDecoder.decode(status: offstage_ok(), value: value) == expected)
    }

    static let codeCases: [(Int32, DecodedInput)] = [
        (offstage_key_up(), .key(.up)), (offstage_key_down(), .key(.down)), (offstage_key_left(), .key(.left)),
        (offstage_key_right(), .key(.right)), (offstage_key_ppage(), .key(.pageUp)),
        (offstage_key_npage(), .key(.pageDown)), (offstage_key_home(), .key(.home)), (offstage_key_end(), .key(.end)),
        (offstage_key_enter(), .key(.enter)), (offstage_key_btab(), .key(.backTab)),
        (offstage_key_backspace(), .key(.backspace)), (offstage_key_dc(), .key(.delete)),
        (offstage_key_f(1), .key(.function(1))), (offstage_key_f(12), .key(.function(12))),
        (offstage_key_f(13), .ignored), (offstage_key_mouse(), .mouse), (offstage_key_resize(), .resize),
        (offstage_key_paste_begin(), .pasteBegins), (offstage_key_paste_end(), .pasteEnds),
    ]

    @Test(arguments: codeCases)
    func keyCodes(code: Int32, expected: DecodedInput) {
        #expect(KeyDecoder.decode(status: offstage_key_code_yes(), value: UInt32(bitPattern: code)) == expected)
    }

    @Test func anErrorIsNoKey() {
        #expect(KeyDecoder.decode(status: offstage_err(), value: 65) == .ignored)
    }

    @Test func mouseButtons() {
        let pressed = KeyDecoder.mouse(buttons: offstage_button1_pressed(), x: 4, y: 2)
        #expect(pressed == MouseEvent(kind: .click, x: 4, y: 2))
        let clicked = KeyDecoder.mouse(buttons: offstage_button1_clicked(), x: 0, y: 0)
        #expect(clicked == MouseEvent(kind: .click, x: 0, y: 0))
        #expect(KeyDecoder.mouse(buttons: offstage_button4_pressed(), x: 1, y: 1)?.kind == .wheelUp)
        #expect(KeyDecoder.mouse(buttons: offstage_button5_pressed(), x: 1, y: 1)?.kind == .wheelDown)
        #expect(KeyDecoder.mouse(buttons: 0, x: 1, y: 1) == nil)
        #expect(KeyDecoder.mouse(buttons: offstage_button1_pressed() >> 1, x: 1, y: 1) == nil)  // button 1 released
    }
}
