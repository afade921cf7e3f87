import OffstageUI

/// The words of a `key` step: a character (`a`, `?`, `K`), a named key (`enter`, `esc`, `tab`, `backtab`,
/// `space`, `up`, `down`, `left`, `right`, `pgup`, `pgdn`, `home`, `end`, `backspace`, `delete`, `f1`…`f12`),
/// `ctrl-X`, or a quoted word, typed one character at a time (`"http://…"`).
public enum StoryKeys {
    /// The named keys.
    static let names: [String: Key] = [
        "enter": .enter, "esc": .escape, "escape": .escape, "tab": .tab, "backtab": .backTab,
        "space": .character(" "), "up": .up, "down": .down, "left": .left, "right": .right,
        "pgup": .pageUp,
        "pgdn": .pageDown, "home": .home, "end": .end, "backspace": .backspace, "delete": .delete,
    ]

    /// The inputs for one word of a `key` step (`quoted`: it was written in quotes, so it is typed as text), or
    /// nil when it names no key.
    public static func inputs(_ word: String, quoted: Bool) -> [TerminalInput]? {
        if quoted { return word.map { .key(.character($0)) } }
        if word.count == 1, let character = word.first, !character.isWhitespace, !character.isNewline,
            character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F })
        {
            return [.key(.character(character))]
        }
        let lower = word.lowercased()
        if let key = names[lower] { return [.key(key)] }
        if lower.hasPrefix("ctrl-"), lower.count == 6, let letter = lower.last, letter.isLetter,
            letter.isASCII
        {
            return [.key(.control(letter))]
        }
        if lower.hasPrefix("f"), let number = Int(lower.dropFirst()), (1...12).contains(number) {
            return [.key(.function(number))]
        }
        return nil
    }

    /// The word for an input (as a `key` step would write it).
    public static func name(_ input: TerminalInput) -> String {
        guard case .key(let key) = input else { return "?" }
        switch key {
        case .character(" "): return "space"
        case .character(let character): return String(character)
        case .control(let letter): return "ctrl-\(letter)"
        case .function(let number): return "f\(number)"
        default: return names.filter { $0.value == key }.map(\.key).sorted().last ?? "?"
        }
    }

    /// The named keys, for a refusal's hint.
    static var known: String {
        "a character, " + names.keys.sorted().joined(separator: ", ") + ", ctrl-X, f1…f12 or \"text\""
    }
}
