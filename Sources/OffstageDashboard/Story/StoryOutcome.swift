/// How a story ended.
public enum StoryOutcome: Equatable, Sendable {
    /// Every step ran and every `expect` held.
    case passed(StorySummary)
    /// A step failed (an `expect` did not hold, a `wait` was not met, a `do` was refused); the story stopped there.
    case failed(StoryFailure, StorySummary)

    /// What was measured, either way.
    public var summary: StorySummary {
        switch self {
        case .passed(let summary), .failed(_, let summary): summary
        }
    }
}

/// The step that failed and why.
public struct StoryFailure: Equatable, Sendable, CustomStringConvertible {
    /// `FILE:LINE`.
    public var place: String
    /// The step's number among the story's steps, from 1.
    public var step: Int
    /// The step as written (`expect pending needs external power`).
    public var text: String
    /// What went wrong.
    public var reason: String
    /// What the view showed instead (an `expect`), or the newest event lines (a `wait`), or a refused command's
    /// output.
    public var shown: [String]

    /// A failure.
    public init(place: String, step: Int, text: String, reason: String, shown: [String] = []) {
        self.place = place
        self.step = step
        self.text = text
        self.reason = reason
        self.shown = shown
    }

    /// `FILE:LINE: step N (TEXT) failed: REASON`, then what was shown, indented.
    public var description: String {
        let head = "\(place): step \(step) (\(text)) failed: \(reason)" + (shown.isEmpty ? "" : ":")
        return ([head] + shown.map { "    " + $0 }).joined(separator: "\n")
    }
}

/// What a played story measured, in dashboard seconds (the real time it would take in the dashboard).
public struct StorySummary: Equatable, Sendable {
    /// Steps run.
    public var steps = 0
    /// `expect` steps that held.
    public var expects = 0
    /// How long it played, pauses included.
    public var length = 0.0
    /// The longest time without a visible change.
    public var longestGap = 0.0
    /// The line at which that gap ended (nil: none measured).
    public var gapEndedAtLine: Int?

    /// A summary.
    public init(
        steps: Int = 0, expects: Int = 0, length: Double = 0, longestGap: Double = 0,
        gapEndedAtLine: Int? = nil
    ) {
        self.steps = steps
        self.expects = expects
        self.length = length
        self.longestGap = longestGap
        self.gapEndedAtLine = gapEndedAtLine
    }
}

/// What a `do` step's command line did: whether it was accepted, and what it printed.
public struct StoryCommandResult: Equatable, Sendable {
    /// False when the command was refused or could not be parsed (the story fails).
    public var ok: Bool
    /// What it printed (its result, or its error).
    public var lines: [String]

    /// A result.
    public init(ok: Bool, lines: [String]) {
        self.ok = ok
        self.lines = lines
    }
}
