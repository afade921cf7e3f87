import CNCurses
import OffstageUI

/// What one `wget_wch` result means, before the terminal fills in what it must ask ncurses for.
enum DecodedInput: Equatable, Sendable {
    /// A key.
    case key(Key)
    /// `KEY_MOUSE`: the event is to be fetched with `getmouse`.
    case mouse
    /// `KEY_RESIZE`: the terminal changed size (ncurses has already resized its screen).
    case resize
    /// Nothing the dashboard uses (an unknown function key, a control character without a letter).
    case ignored
    /// Bracketed paste begins (`ESC[200~`): what follows is text, never keys.
    case pasteBegins
    /// Bracketed paste ends (`ESC[201~`).
    case pasteEnds
}

/// Turns `wget_wch` results into keys. Pure: only ncurses' constant key codes are read.
enum KeyDecoder {
    /// The key codes `wget_wch` returns with `KEY_CODE_YES`, and the key each one is.
    static let functionKeys: [Int32: Key] = {
        var table: [Int32: Key] = [
            offstage_key_enter(): .enter, offstage_key_btab(): .backTab, offstage_key_backspace(): .backspace,
            offstage_key_dc(): .delete, offstage_key_up(): .up, offstage_key_down(): .down,
            offstage_key_left(): .left, offstage_key_right(): .right, offstage_key_ppage(): .pageUp,
            offstage_key_npage(): .pageDown, offstage_key_home(): .home, offstage_key_end(): .end,
        ]
        for number in 1...12 { table[offstage_key_f(Int32(number))] = .function(number) }
        return table
    }()

    /// Decodes one `wget_wch` result: `status` is `OK` (a character) or `KEY_CODE_YES` (a key code), `value`
    /// the character or code it stored.
    static func decode(status: Int32, value: UInt32) -> DecodedInput {
        if status == offstage_key_code_yes() {
            let code = Int32(bitPattern: value)
            if code == offstage_key_mouse() { return .mouse }
            if code == offstage_key_resize() { return .resize }
            if code == offstage_key_paste_begin() { return .pasteBegins }
            if code == offstage_key_paste_end() { return .pasteEnds }
            return functionKeys[code].map { .key($0) } ?? .ignored
        }
        guard status == offstage_ok() else { return .ignored }
        return character(value)
    }

    /// Decodes a character `wget_wch` returned with `OK`.
    static func character(_ value: UInt32) -> DecodedInput {
        switch value {
        case 9: return .key(.tab)
        case 10, 13: return .key(.enter)
        case 27: return .key(.escape)
        case 8, 127: return .key(.backspace)
        case 1...26:
            // Ctrl-A … Ctrl-Z (less Tab, Enter and Ctrl-H, taken above).
            guard let scalar = Unicode.Scalar(value + 0x60) else { return .ignored }
            return .key(.control(Character(scalar)))
        case 0..<32, 0x80..<0xA0:
            return .ignored
        default:
            guard let scalar = Unicode.Scalar(value) else { return .ignored }
            return .key(.character(Character(scalar)))
        }
    }

    /// The mouse event for a `getmouse` result: the left button pressed or clicked, or the wheel (buttons 4 and
    /// 5); nil for anything else (a release, another button).
    static func mouse(buttons: mmask_t, x: Int32, y: Int32) -> MouseEvent? {
        let kind: MouseEvent.Kind
        if buttons & offstage_button4_pressed() != 0 {
            kind = .wheelUp
        } else if buttons & offstage_button5_pressed() != 0 {
            kind = .wheelDown
        } else if buttons & (offstage_button1_pressed() | offstage_button1_clicked()) != 0 {
            kind = .click
        } else {
            return nil
        }
        return MouseEvent(kind: kind, x: Int(x), y: Int(y))
    }
}
