import Foundation
import OffstageCore
import OffstageStore

/// Dispatches `offstage <command> …` and turns every failure into one line on stderr and an exit code.
enum OffstageCommandLine {
    /// Runs one command line and returns the exit code.
    static func run(_ raw: [String]) -> Int32 {
        var words = raw
        var explicitHome: String?
        if let index = words.firstIndex(where: { $0 == "--home" || $0.hasPrefix("--home=") }) {
            let word = words.remove(at: index)
            if word.hasPrefix("--home=") {
                explicitHome = String(word.dropFirst("--home=".count))
            } else if index < words.count {
                explicitHome = words.remove(at: index)
            } else {
                return fail(.usage("--home needs a directory"))
            }
        }
        if explicitHome?.isEmpty == true {
            // An empty --home is a mistake, not a request for the default home.
            return fail(.store("--home is empty: give the home directory (or leave --home out for the default)"))
        }
        if explicitHome == nil, ProcessInfo.processInfo.environment["OFFSTAGE_HOME"]?.isEmpty == true {
            // Set but empty is a mistake too (a variable that expanded to nothing), not the default home.
            return fail(
                .store("OFFSTAGE_HOME is empty: set it to the home directory (or unset it for the default)"))
        }
        let context = CLIContext(home: OffstageHome.resolve(explicit: explicitHome))
        do {
            try dispatch(words, context: context, explicitHome: explicitHome)
            return 0
        } catch let error as CLIError {
            return fail(error)
        } catch {
            return fail(CLIContext.translate(error))
        }
    }

    /// Runs the command `words` name (the dashboard when they name none) or prints the help or version they ask for.
    private static func dispatch(_ words: [String], context: CLIContext, explicitHome: String?) throws {
        let command = words.first ?? ""
        if CommandCatalog.helpNames.contains(command) { return print(HelpText.overview()) }
        if command == "--version" { return print("offstage \(CommandCatalog.versionNumber)") }
        if words.isEmpty || command.hasPrefix("-") {
            // No command: the dashboard, with its own options (`offstage --config DIR`).
            if CommandCatalog.dashboard.asksForHelp(words) { return print(HelpText.overview()) }
            return try DashboardCommand.run(words, context: context)
        }
        let rest = Array(words.dropFirst())
        guard let spec = CommandCatalog.command(named: command) else {
            throw CLIError.usage("unknown command \(TransferDaemon.printable(command)) (see offstage --help)")
        }
        if spec.asksForHelp(rest) { return print(HelpText.usage(of: spec)) }
        switch spec.name {
        case "add": try AddCommand.run(rest, context: context)
        case "upload": try UploadCommand.run(rest, context: context)
        case "get": try GetCommand.run(rest, context: context)
        case "run": try RunCommand.run(rest, context: context)
        case "limit": try LimitCommand.run(rest, context: context)
        case "clock": try ClockCommand.run(rest, context: context)
        case "ls": try ListCommand.run(rest, context: context)
        case "events": try EventsCommand.run(rest, context: context)
        case "pause", "resume", "cancel": try TaskControlCommand.run(spec.name, rest, context: context)
        case "clean": try CleanCommand.run(rest, context: context)
        case "device": try DeviceCommand.run(rest, context: context)
        case "session": try SessionCommand.run(rest, context: context)
        case "schedule": try ScheduleCommand.run(rest, context: context)
        case "pending": try PendingCommand.run(rest, context: context)
        case "launch", "expire", "unschedule": try BGTaskControlCommand.run(spec.name, rest, context: context)
        case "simulate": try SimulateCommand.run(rest, context: context)
        case "app": try AppCommand.run(rest, context: context)
        case "work": try WorkCommand.run(rest, context: context)
        case "fgs": try ForegroundServiceCommand.run(rest, context: context)
        case "android": try AndroidCommand.run(rest, context: context)
        case "origin": try OriginCommand.run(rest)
        case "demo": try DemoCommand.run(rest, explicitHome: explicitHome)
        case "story": try StoryCommand.run(rest, explicitHome: explicitHome)
        case "render": try RenderCommand.run(rest)
        case "help": try HelpCommand.help(rest)
        case "version": try HelpCommand.version(rest)
        case "completion": try HelpCommand.completion(rest)
        case "man": try HelpCommand.man(rest)
        default: throw CLIError.failed("command \(spec.name) is described but not implemented")
        }
    }

    private static func fail(_ error: CLIError) -> Int32 {
        StandardStreams.error("offstage: \(error.description)\n")
        return error.exitCode
    }
}

/// Writes a line to standard error.
func printError(_ line: String) {
    StandardStreams.error(line + "\n")
}

/// Writes a line to standard output at once (log lines must not wait in a pipe's buffer).
func say(_ line: String) {
    StandardStreams.out(line + "\n")
}
