import Synchronization

/// Where a command's lines go: standard output and error, or, for a story's `do` step, a list the story shows.
final class CommandOutput: Sendable {
    /// Standard output and error.
    static let standard = CommandOutput(capturing: false)

    private let capturing: Bool
    private let captured = Mutex<[String]>([])

    /// Lines written to the terminal (`capturing` false) or kept (true).
    init(capturing: Bool) {
        self.capturing = capturing
    }

    /// Writes a line of output.
    func line(_ text: String) {
        if capturing { captured.withLock { $0.append(text) } } else { say(text) }
    }

    /// Writes a warning (standard error when not capturing).
    func warning(_ text: String) {
        if capturing { captured.withLock { $0.append(text) } } else { printError(text) }
    }

    /// The lines kept so far.
    var lines: [String] { captured.withLock { $0 } }
}

/// A command checked with `CLIContext.dryRun` got as far as sending: everything it was given is valid.
struct StoryDryRun: Error {}
