import Foundation
import OffstageCore
import OffstageDashboard

/// A story's `do` steps: the command lines that act on the engine, parsed by the same code as on the command line
/// and sent through the story's engine client (`CLIContext.storyEngine`), their lines kept for the story.
enum StoryCommands {
    /// The commands a `do` step may run.
    static let names = [
        "add", "upload", "pause", "resume", "cancel", "session", "device", "schedule", "launch",
        "expire",
        "unschedule", "app", "push", "work", "fgs", "android", "clock",
    ]

    /// The runner of command `name`, if a `do` step may run it.
    static func runner(_ name: String) -> ((_ rest: [String], _ context: CLIContext) throws -> Void)? {
        switch name {
        case "add": AddCommand.run
        case "upload": UploadCommand.run
        case "pause", "resume", "cancel": { try TaskControlCommand.run(name, $0, context: $1) }
        case "session": SessionCommand.run
        case "device": DeviceCommand.run
        case "schedule": ScheduleCommand.run
        case "launch", "expire", "unschedule": { try BGTaskControlCommand.run(name, $0, context: $1) }
        case "app": AppCommand.run
        case "push": PushCommand.run
        case "work": WorkCommand.run
        case "fgs": ForegroundServiceCommand.run
        case "android": AndroidCommand.run
        case "clock": ClockCommand.run
        default: nil
        }
    }

    /// The commands whose form without a verb (or with `ls`) only shows something: an `expect` reads that.
    private static let views: Set<String> = ["app", "device", "session"]

    /// What is wrong with a `do` step's words, checked before the story runs (nil: nothing): the command must act
    /// on the engine, and its words must parse and validate as they would on the command line. A `refused` step's
    /// command must be one a story can run; what it is refused for is its own business.
    static func problem(_ words: [String], refused: Bool, context: CLIContext) -> String? {
        guard let name = words.first else { return "do needs a command" }
        let canonical = CommandCatalog.command(named: name)?.name ?? name
        guard let runner = runner(canonical) else {
            let known = names.joined(separator: ", ")
            if CommandCatalog.command(named: name) != nil {
                return
                    "do runs commands that act on the engine (\(known)); `\(TransferDaemon.printable(name))` "
                    + (["ls", "pending", "events"].contains(canonical)
                        ? "is a view: read it with `expect \(canonical) TEXT`" : "is not one of them")
            }
            return "no command \(StoryParser.quote(name)) (do takes \(known))"
        }
        let rest = Array(words.dropFirst())
        let positionals = rest.filter { !$0.hasPrefix("-") }
        if views.contains(canonical), positionals.isEmpty {
            return "do \(canonical) needs a verb: `offstage \(canonical)` alone only shows"
                + (canonical == "app" ? "; read it with `expect app TEXT`" : "")
        }
        if canonical == "work", positionals.first == "ls" {
            return "do work ls only shows; read it with `expect work TEXT`"
        }
        if refused { return nil }
        var checking = context
        checking.dryRun = true
        checking.output = CommandOutput(capturing: true)
        do {
            try runner(rest, checking)
            return "`\(canonical)` with these words sends nothing to the engine"
        } catch is StoryDryRun {
            return nil
        } catch let error as CLIError {
            return error.description
        } catch {
            return "\(error)"
        }
    }

    /// Runs a `do` step's words against the story's engine (`context.storyEngine`); what it printed, and whether it
    /// was accepted.
    static func run(_ words: [String], context: CLIContext) -> StoryCommandResult {
        var running = context
        let output = CommandOutput(capturing: true)
        running.output = output
        guard let name = words.first,
            let runner = runner(CommandCatalog.command(named: name)?.name ?? name)
        else {
            return StoryCommandResult(ok: false, lines: ["not a command a story can run"])
        }
        do {
            try runner(Array(words.dropFirst()), running)
            return StoryCommandResult(ok: true, lines: output.lines)
        } catch let error as CLIError {
            return StoryCommandResult(ok: false, lines: output.lines + [error.description])
        } catch {
            return StoryCommandResult(
                ok: false, lines: output.lines + [CLIContext.translate(error).description])
        }
    }
}
