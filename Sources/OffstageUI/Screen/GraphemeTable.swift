import Synchronization

/// The graphemes of more than one scalar (a letter with combining marks, an emoji sequence) that cells have held,
/// each numbered once for the life of the process, so a `Cell` keeps a number instead of a `String`.
///
/// It holds at most `capacity` graphemes: text from servers is hostile, and a flood of distinct graphemes must not
/// grow it without bound (a cell that cannot get a number shows `?`).
final class GraphemeTable: Sendable {
    /// The one table.
    static let shared = GraphemeTable()
    /// The most graphemes it numbers.
    static let capacity = 65_536

    private struct Entries {
        var texts: [String] = []
        var numbers: [String: UInt32] = [:]
    }

    private let entries = Mutex(Entries())

    /// The number of `text`, numbering it if it is new; nil when the table is full.
    func number(for text: String) -> UInt32? {
        entries.withLock { entries in
            if let known = entries.numbers[text] { return known }
            guard entries.texts.count < Self.capacity else { return nil }
            let number = UInt32(entries.texts.count)
            entries.texts.append(text)
            entries.numbers[text] = number
            return number
        }
    }

    /// The grapheme numbered `number` ("?" for a number it never gave).
    func text(number: UInt32) -> String {
        entries.withLock { entries in
            Int(number) < entries.texts.count ? entries.texts[Int(number)] : "?"
        }
    }
}
