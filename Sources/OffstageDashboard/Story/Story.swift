import Foundation
import OffstageCore
import OffstageUI

/// A story: a script that plays in the dashboard and checks itself (`offstage demo`, `offstage story check`).
///
/// Parsed from a plain text file by `StoryParser`: a title, the platform its engine runs, and one step a line.
public struct Story: Equatable, Sendable {
    /// Its name: a built-in story's (`relaunch`) or the file's name without `.story`.
    public var name: String
    /// Where it came from, as error lines name it: the file's path, or `relaunch.story` for a built-in one.
    public var source: String
    /// `title TEXT` (the name when it has none).
    public var title: String
    /// `platform ios|android|both`: the profile its engine runs (iOS when it says none).
    public var platform: PlatformProfile
    /// The steps, in order, with their lines.
    public var lines: [StoryLine]

    /// A story.
    public init(
        name: String, source: String, title: String, platform: PlatformProfile = .ios,
        lines: [StoryLine]
    ) {
        self.name = name
        self.source = source
        self.title = title
        self.platform = platform
        self.lines = lines
    }

    /// The command lines of its `do` and `refused` steps, with their lines.
    public var commands: [(line: StoryLine, words: [String])] {
        lines.compactMap { line in
            switch line.step {
            case .run(let words), .refused(let words): (line, words)
            default: nil
            }
        }
    }

    /// How many `say` steps it has (the narration counts them: `3/9`).
    public var narrationCount: Int {
        lines.filter { if case .say = $0.step { true } else { false } }.count
    }

    /// `FILE:LINE` for one of its lines.
    public func place(_ line: StoryLine) -> String { "\(source):\(line.number)" }

    /// The story with `{origin}`, `{home}` and the other placeholders replaced in its `do`, `say` and `expect`
    /// steps.
    public func expanding(_ values: [String: String]) -> Story {
        var story = self
        story.lines = lines.map { line in
            var line = line
            line.step = line.step.expanding(values)
            return line
        }
        return story
    }
}

/// One line of a story: its number in the file and its step.
public struct StoryLine: Equatable, Sendable {
    /// The line's number, from 1.
    public var number: Int
    /// What it does.
    public var step: StoryStep

    /// A line.
    public init(number: Int, step: StoryStep) {
        self.number = number
        self.step = step
    }
}

/// What one line of a story does.
public enum StoryStep: Equatable, Sendable {
    /// `say TEXT`: the narration line, shown until the next one.
    case say(String)
    /// `do COMMAND …`: an offstage command line (its words, as after `offstage`), run against the story's engine.
    case run([String])
    /// `refused COMMAND …`: a command line run like `do` that must be refused (the story shows the refusal).
    case refused([String])
    /// `key KEYS`: dashboard keys, as if typed (the script keeps the controls).
    case keys([TerminalInput])
    /// `wait event KIND [SUBJECT] within DURATION`: an event-log line to wait for, in engine time.
    case wait(StoryWait)
    /// `expect VIEW TEXT`: what `offstage VIEW` prints now contains TEXT.
    case expect(StoryView, String)
    /// `pause SECONDS`: real time for an audience (`story check` skips it).
    case pause(Double)

    /// The step with the placeholders (`{origin}`, `{home}`) replaced.
    func expanding(_ values: [String: String]) -> StoryStep {
        func expand(_ text: String) -> String {
            values.reduce(text) { $0.replacingOccurrences(of: "{\($1.key)}", with: $1.value) }
        }
        switch self {
        case .say(let text): return .say(expand(text))
        case .run(let words): return .run(words.map(expand))
        case .refused(let words): return .refused(words.map(expand))
        case .expect(let view, let text): return .expect(view, expand(text))
        case .wait(var wait):
            wait.subject = wait.subject.map(expand)
            return .wait(wait)
        case .keys, .pause: return self
        }
    }

    /// The step as a story line says it (`do app kill`, `wait event delivered episode within 2m`).
    public var text: String {
        switch self {
        case .say(let text): "say \(text)"
        case .run(let words): "do " + words.map(StoryWords.quoted).joined(separator: " ")
        case .refused(let words): "refused " + words.map(StoryWords.quoted).joined(separator: " ")
        case .keys(let inputs): "key " + inputs.map(StoryKeys.name).joined(separator: " ")
        case .wait(let wait): "wait " + wait.text
        case .expect(let view, let text): "expect \(view.rawValue) \(text)"
        case .pause(let seconds): "pause \(StoryDuration.text(seconds))"
        }
    }
}

/// `wait event KIND [SUBJECT] within DURATION`, or `wait DURATION`.
public struct StoryWait: Equatable, Sendable {
    /// The kind of event-log line (nil: `wait DURATION`, engine time passing).
    public var kind: LogKind?
    /// Text the line's subject or detail must contain (nil: any line of the kind).
    public var subject: String?
    /// How long to wait, in seconds of engine time.
    public var within: Double

    /// A wait.
    public init(kind: LogKind?, subject: String? = nil, within: Double) {
        self.kind = kind
        self.subject = subject
        self.within = within
    }

    /// Whether `entry` meets it.
    public func isMet(by entry: LogEntry) -> Bool {
        guard let kind, entry.kind == kind else { return false }
        guard let subject else { return true }
        return entry.subject.contains(subject) || entry.reason.contains(subject)
    }

    /// `event delivered episode within 2m`, or `2m`.
    public var text: String {
        guard let kind else { return StoryDuration.text(within) }
        return "event \(kind.rawValue)" + (subject.map { " \($0)" } ?? "")
            + " within \(StoryDuration.text(within))"
    }
}

/// A view an `expect` reads: what the command of the same name prints.
public enum StoryView: String, CaseIterable, Equatable, Sendable {
    /// `offstage pending`.
    case pending
    /// `offstage ls`.
    case ls
    /// `offstage app`.
    case app
    /// `offstage work ls`.
    case work
    /// `offstage events`.
    case events
}

/// A story file that cannot be played, and why: `FILE:LINE: what is wrong` (exit 2).
public struct StoryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file (or a built-in story's name with `.story`).
    public var source: String
    /// The line at fault (nil: the whole file).
    public var line: Int?
    /// What is wrong.
    public var message: String

    /// An error.
    public init(source: String, line: Int?, message: String) {
        self.source = source
        self.line = line
        self.message = message
    }

    /// `FILE:LINE: what is wrong`.
    public var description: String { "\(source)\(line.map { ":\($0)" } ?? ""): \(message)" }
}

/// Every error of a story file, in line order.
public struct StoryErrors: Error, Equatable, Sendable, CustomStringConvertible {
    /// The errors.
    public var errors: [StoryError]

    /// The errors.
    public init(_ errors: [StoryError]) { self.errors = errors }

    /// One line each.
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
