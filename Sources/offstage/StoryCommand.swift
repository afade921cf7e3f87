import Foundation
import OffstageCore
import OffstageDashboard
import OffstageUI

/// `offstage story check NAME|FILE`, `story show NAME`, `story list`.
enum StoryCommand {
    /// The most a built-in story may go without a visible change, in dashboard seconds.
    static let builtInMaximumGap = 10.0
    /// The longest a built-in story may play in the dashboard, in seconds.
    static let builtInMaximumLength = 120.0
    /// The size of the dashboard a check draws (headless).
    static let size = Size(width: 100, height: 30)

    static func run(_ raw: [String], explicitHome: String?) throws {
        let args = try Arguments(raw, spec: CommandCatalog.story)
        let words = args.positionals
        switch words.first {
        case "check":
            guard words.count == 2 else { throw CLIError.usage("usage: offstage story check NAME|FILE") }
            try check(words[1], args: args, home: explicitHome)
        case "show":
            guard words.count == 2 else { throw CLIError.usage("usage: offstage story show NAME") }
            guard let entry = StoryCatalog.entry(named: words[1]) else {
                let names = StoryCatalog.all.map(\.name).joined(separator: ", ")
                throw CLIError.usage("no built-in story \(TransferDaemon.printable(words[1])); known: \(names)")
            }
            StandardStreams.out(entry.text + "\n")
        case "list":
            guard words.count == 1 else { throw CLIError.usage("usage: offstage story list") }
            say(StoryFiles.list())
        default:
            throw CLIError.usage("usage: offstage story check NAME|FILE | show NAME | list")
        }
    }

    /// Plays the story headless, as fast as it allows; exit 0 when every step held, 1 naming the step that failed.
    private static func check(_ target: String, args: Arguments, home: String?) throws {
        let signals = StopSignals()
        defer { signals.cancel() }
        let quiet = args.flag("--quiet")
        let (story, builtIn) = try StoryFiles.load(target)
        let maximumGap = try seconds(args, "--max-gap") ?? (builtIn ? builtInMaximumGap : nil)
        let maximumLength = try seconds(args, "--max-length") ?? (builtIn ? builtInMaximumLength : nil)
        let stage = try StoryStage.checked(story, home: home, snapshotInterval: 0.05)
        defer { stage.close() }
        let terminal = HeadlessTerminal(size: size)
        let engine = stage.start(wake: { terminal.wake() })
        if !quiet { say("story \(story.name): \(story.title)") }
        let loop = stage.loop(engine: engine, terminal: terminal, mode: .check) { line in
            if !quiet { say(line) }
        }
        loop.endsWithStory = true
        let box = LoopSignals(loop: loop)
        signals.attach { box.post($0) }
        let exit = loop.run()
        signals.attach { _ in }
        stage.close()
        switch exit {
        case .storyEnded(.passed(let summary)):
            // Every step held; the limits are checked before the word "passed" is printed.
            if let maximumGap, summary.longestGap > maximumGap {
                let place = summary.gapEndedAtLine.map { "\(story.source):\($0)" } ?? story.source
                let end = summary.gapEndedAtLine == nil ? "at its end" : "before this line"
                throw CLIError.failed(
                    "\(place): \(StoryDuration.spoken(summary.longestGap)) without a visible change \(end) "
                        + "(at most \(StoryDuration.spoken(maximumGap)))")
            }
            if let maximumLength, summary.length > maximumLength {
                throw CLIError.failed(
                    "\(story.source): plays \(StoryDuration.spoken(summary.length)) in the dashboard (at most "
                        + "\(StoryDuration.spoken(maximumLength)))")
            }
            say(passed(story, summary))
        case .storyEnded(.failed(let failure, _)):
            throw CLIError.failed(failure.description)
        case .signal(let number):
            throw CLIError.interrupted("stopped by \(StopSignals.name(number)); the story's home is removed")
        case .engineEnded(let reason):
            throw CLIError.failed("the story's engine stopped: \(reason)")
        case .quit:
            return
        }
    }

    /// `passed: relaunch.story, 40 steps, 7 expects held; …`.
    static func passed(_ story: Story, _ summary: StorySummary) -> String {
        "passed: \(story.source), \(summary.steps) steps, \(summary.expects) expects held; plays "
            + "\(StoryDuration.spoken(summary.length)) in the dashboard, at most "
            + "\(StoryDuration.spoken(summary.longestGap)) without a visible change"
    }

    /// A number of seconds from an option (0.1 to 3600), if given.
    private static func seconds(_ args: Arguments, _ name: String) throws -> Double? {
        guard let text = args.value(name) else { return nil }
        guard let value = NumberText.seconds(Substring(text)), value >= 0.1, value <= 3600 else {
            throw CLIError.usage("\(name) needs seconds from 0.1 to 3600, not \(TransferDaemon.printable(text))")
        }
        return value
    }
}
