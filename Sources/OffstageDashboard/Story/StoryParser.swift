import OffstageCore
import OffstageUI

/// Reads a story file: UTF-8, one step a line, `#` comments and blank lines ignored. Every line at fault is
/// reported as `FILE:LINE: what is wrong`; nothing of a story with one runs.
public enum StoryParser {
    /// The steps a line can start with.
    public static let stepWords = [
        "title", "platform", "say", "do", "refused", "key", "wait", "expect", "pause",
    ]
    /// The longest story file read, in bytes.
    public static let maximumSize = 1 << 20
    /// The longest line, in characters.
    public static let maximumLineLength = 4096
    /// The longest `pause`, in seconds.
    public static let maximumPause = 60.0
    /// The longest `wait`, in seconds of engine time (a year).
    public static let maximumWait = 365 * 86400.0

    /// Parses the bytes of a story file.
    ///
    /// - Throws: `StoryErrors`, one per line at fault.
    public static func parse(bytes: [UInt8], name: String, source: String) throws -> Story {
        guard bytes.count <= maximumSize else {
            throw StoryErrors([
                StoryError(source: source, line: nil, message: "larger than 1 MB: not a story")
            ])
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw StoryErrors([StoryError(source: source, line: nil, message: "not UTF-8 text")])
        }
        return try parse(text: text, name: name, source: source)
    }

    /// Parses the text of a story.
    ///
    /// - Throws: `StoryErrors`, one per line at fault.
    public static func parse(text: String, name: String, source: String) throws -> Story {
        var story = Story(name: name, source: source, title: name, lines: [])
        var errors: [StoryError] = []
        var titled = false
        var platformed = false
        var number = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            func fail(_ message: String) {
                errors.append(StoryError(source: source, line: number, message: message))
            }
            if line.count > maximumLineLength {
                fail("longer than \(maximumLineLength) characters")
                continue
            }
            if let control = line.unicodeScalars.first(where: {
                ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F
            }) {
                fail(
                    "a control character (U+\(String(control.value, radix: 16, uppercase: true))) in the line"
                )
                continue
            }
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let word = String(trimmed.prefix { $0 != " " && $0 != "\t" })
            let rest = trimmed.dropFirst(word.count).drop { $0 == " " || $0 == "\t" }
            let restText = String(rest).trimmingTrailingBlanks
            switch word {
            case "title":
                if titled {
                    fail("a second title (a story has one)")
                } else if !story.lines.isEmpty {
                    fail("the title comes before the first step")
                } else if restText.isEmpty {
                    fail("title needs its text")
                } else {
                    story.title = restText
                    titled = true
                }
            case "platform":
                if platformed {
                    fail("a second platform (a story runs on one)")
                } else if !story.lines.isEmpty {
                    fail("the platform comes before the first step")
                } else if let profile = PlatformProfile(rawValue: restText) {
                    story.platform = profile
                    platformed = true
                } else {
                    fail("platform is ios, android or both, not \(quote(restText))")
                }
            default:
                switch step(word, rest: rest, restText: restText, platform: story.platform) {
                case .success(let step): story.lines.append(StoryLine(number: number, step: step))
                case .failure(let error): fail(error.message)
                }
            }
        }
        if errors.isEmpty, story.lines.isEmpty {
            errors.append(
                StoryError(source: source, line: nil, message: "no steps: a story needs at least one"))
        }
        guard errors.isEmpty else { throw StoryErrors(errors) }
        return story
    }

    /// Checks every `do` and `refused` step with `problem` (what is wrong with a command line, or nil; `refused`
    /// is true for a line that must be refused, whose own words may be what is refused), as a story is checked
    /// before it runs.
    ///
    /// - Throws: `StoryErrors`, one per line at fault.
    public static func checkCommands(
        _ story: Story, problem: (_ words: [String], _ refused: Bool) -> String?
    ) throws {
        var errors: [StoryError] = []
        for (line, words) in story.commands {
            let refused = if case .refused = line.step { true } else { false }
            guard let message = problem(words, refused) else { continue }
            errors.append(StoryError(source: story.source, line: line.number, message: message))
        }
        guard errors.isEmpty else { throw StoryErrors(errors) }
    }

    /// A line's step, or what is wrong with it.
    private static func step(
        _ word: String, rest: Substring, restText: String, platform: PlatformProfile
    ) -> Result<StoryStep, Problem> {
        switch word {
        case "say":
            return restText.isEmpty ? .failure(Problem("say needs its text")) : .success(.say(restText))
        case "do", "refused":
            guard case .success(let words) = StoryWords.split(rest) else {
                return .failure(Problem("an unterminated quote"))
            }
            guard let first = words.first, !first.isEmpty else {
                return .failure(
                    Problem("\(word) needs a command, as typed after `offstage` (\(word) app open)"))
            }
            return .success(word == "do" ? .run(words) : .refused(words))
        case "key": return keys(rest)
        case "wait": return wait(rest)
        case "expect": return expect(restText, platform: platform)
        case "pause":
            guard let seconds = StoryDuration.seconds(restText), seconds > 0, seconds <= maximumPause
            else {
                return .failure(
                    Problem("pause needs seconds from 0.1 to 60 (pause 3), not \(quote(restText))"))
            }
            return .success(.pause(seconds))
        default:
            let known = stepWords.joined(separator: ", ")
            return .failure(Problem("unknown step \(quote(word)) (known: \(known))"))
        }
    }

    private static func keys(_ rest: Substring) -> Result<StoryStep, Problem> {
        guard case .success(let words) = StoryWords.tokens(rest) else {
            return .failure(Problem("an unterminated quote"))
        }
        guard !words.isEmpty else { return .failure(Problem("key needs keys (key j enter)")) }
        var inputs: [TerminalInputs] = []
        for word in words {
            guard let keys = StoryKeys.inputs(word.text, quoted: word.quoted), !keys.isEmpty else {
                return .failure(Problem("no key \(quote(word.text)): use \(StoryKeys.known)"))
            }
            inputs.append(keys)
        }
        return .success(.keys(inputs.flatMap { $0 }))
    }

    private static func wait(_ rest: Substring) -> Result<StoryStep, Problem> {
        let usage =
            "wait event KIND [SUBJECT] within DURATION (wait event delivered episode within 2m), or wait DURATION"
        guard case .success(let words) = StoryWords.split(rest) else {
            return .failure(Problem("an unterminated quote"))
        }
        if words.count == 1 {
            guard let seconds = StoryDuration.seconds(words[0]), seconds > 0, seconds <= maximumWait
            else {
                return .failure(
                    Problem("wait needs a duration up to 365d (30s, 10m, 2h), not \(quote(words[0]))"))
            }
            return .success(.wait(StoryWait(kind: nil, within: seconds)))
        }
        guard words.count >= 4, words[0] == "event", words[words.count - 2] == "within" else {
            return .failure(Problem("usage: \(usage)"))
        }
        guard let kind = LogKind(rawValue: words[1]) else {
            return .failure(
                Problem("no event kind \(quote(words[1])) (see the event kinds: offstage events)"))
        }
        let text = words[words.count - 1]
        guard let within = StoryDuration.seconds(text), within > 0, within <= maximumWait else {
            return .failure(
                Problem("within needs a duration up to 365d (30s, 10m, 2h), not \(quote(text))"))
        }
        let subject = words[2..<(words.count - 2)].joined(separator: " ")
        return .success(
            .wait(StoryWait(kind: kind, subject: subject.isEmpty ? nil : subject, within: within)))
    }

    private static func expect(_ rest: String, platform: PlatformProfile) -> Result<
        StoryStep, Problem
    > {
        let name = String(rest.prefix { $0 != " " && $0 != "\t" })
        guard let view = StoryView(rawValue: name) else {
            let known = StoryView.allCases.map(\.rawValue).joined(separator: ", ")
            return .failure(
                Problem("expect needs a view (\(known)) and the text it shows, not \(quote(name))"))
        }
        var text = String(rest.dropFirst(name.count).drop { $0 == " " || $0 == "\t" })
        if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") {
            text = String(text.dropFirst().dropLast())
        }
        guard !text.isEmpty else {
            return .failure(Problem("expect \(view.rawValue) needs the text it shows"))
        }
        if view == .work, !platform.includesAndroid {
            return .failure(
                Problem("expect work reads Android's work: say `platform android` or `both` first"))
        }
        return .success(.expect(view, text))
    }

    /// Text from a story file, safe to print in an error line.
    public static func quote(_ text: String) -> String {
        let cut = text.count > 60 ? String(text.prefix(60)) + "…" : text
        return "\"" + TransferDaemon.printable(cut) + "\""
    }

    /// What is wrong with a line.
    struct Problem: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }
}

/// The inputs of one word of a `key` step.
private typealias TerminalInputs = [TerminalInput]

extension String {
    /// The text without trailing spaces and tabs.
    fileprivate var trimmingTrailingBlanks: String {
        var text = self
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return text
    }
}
