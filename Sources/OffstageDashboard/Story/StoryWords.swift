import Foundation

/// Splits a story line into words as a shell would, simply: spaces and tabs separate words; `"…"` and `'…'`
/// keep spaces inside one word; within double quotes `\"` and `\\` stand for themselves.
public enum StoryWords {
    /// The words of `text`, or why it cannot be split (an unterminated quote).
    public static func split(_ text: Substring) -> Result<[String], StoryWordsError> {
        tokens(text).map { $0.map(\.text) }
    }

    /// The words of `text`, each with whether it was quoted.
    public static func tokens(_ text: Substring) -> Result<[StoryWord], StoryWordsError> {
        var words: [StoryWord] = []
        var quotedWord = false
        var word = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in text {
            if let open = quote {
                if escaped {
                    word.append(character)
                    escaped = false
                } else if open == "\"" && character == "\\" {
                    escaped = true
                } else if character == open {
                    quote = nil
                } else {
                    word.append(character)
                }
                continue
            }
            switch character {
            case " ", "\t":
                if inWord { words.append(StoryWord(text: word, quoted: quotedWord)) }
                word = ""
                inWord = false
                quotedWord = false
            case "\"", "'":
                quote = character
                inWord = true
                quotedWord = true
            default:
                word.append(character)
                inWord = true
            }
        }
        if quote != nil { return .failure(.unterminatedQuote) }
        if inWord { words.append(StoryWord(text: word, quoted: quotedWord)) }
        return .success(words)
    }

    /// A word as a story line would write it: quoted when it is empty or holds a space, a tab or a quote.
    public static func quoted(_ word: String) -> String {
        guard word.isEmpty || word.contains(where: { " \t\"'\\".contains($0) }) else { return word }
        let escaped = word.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
            of: "\"", with: "\\\"")
        return "\"\(escaped)\""
    }
}

/// Why a line could not be split into words.
public enum StoryWordsError: Error, Equatable, Sendable {
    /// A quote was opened and not closed.
    case unterminatedQuote
}

/// One word of a story line.
public struct StoryWord: Equatable, Sendable {
    /// The word, quotes removed.
    public var text: String
    /// Whether any of it was written in quotes.
    public var quoted: Bool
}
