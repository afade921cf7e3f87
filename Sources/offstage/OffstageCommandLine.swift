import Foundation
import OffstageStore

/// Dispatches `offstage <command> …` and turns every failure into one line on stderr and an exit code.
enum OffstageCommandLine {
    static let usage = """
        usage: offstage [--home DIR] [<command> [options]]

          (no command) [--config DIR]  the dashboard: hosts the engine, or attaches to the one running for the home
          add URL [--name N] [--dir DIR [--create-dirs]] [--session ID] [--description TEXT] [--discretionary] [--begin-after DUR] [--priority P]
          upload FILE --to URL [--method PUT|POST] [--session ID] [--description TEXT]
          get URL [-o PATH [--create-dirs]] [--retry N] [--netrc-file FILE] [--user NAME --password-stdin]
                                       one download in the foreground; run it again after a kill to resume
          run [--until-idle] [--quiet] [--config DIR] [--warp N]   the engine and the BG task scheduler, no dashboard
          clock warp N|real|freeze|next   steer the running engine's clock (×N, real time, frozen, next deadline)
          ls [--json]                  transfers and their state
          events [--json] [--limit N]  the event log
          pause|resume|cancel ID       cancel also discards a failed task's partial file
          clean [--dry-run]            remove the partial files of failed and cancelled tasks; says the bytes freed
          session [ID [--discretionary on|off] [--launch-events on|off] [--timeout-request DUR] [--timeout-resource DUR]
                  [--max-connections N] [--cellular on|off] [--expensive on|off] [--constrained on|off]]
          device [wifi|cellular|offline] [charging on|off] [battery N] [low-power on|off] [refresh on|off]
          schedule refresh|processing ID [--earliest DUR] [--needs-network] [--needs-power]
          pending [--json] [--decisions N]   BG task requests and why each has not run yet
          launch ID | expire ID        simulate a BG task launch / expiration, as Apple's debugger commands do
          unschedule ID|--all
          app [--json]                 the model app: phase, background time, relaunch limiter, deliveries, registry
          app open|background|lock|kill [--reason R]|force-quit|relaunch   the user or the system acts on the app
          app download URL [--description D] | upload FILE URL [--description D]   the running app starts a transfer
          app mistake NAME on|off      switch an app mistake (no-completion-handler, async-file-move, …)
          app try completion-handler|upload-from-memory|data-task URL | app try session-again   a call background sessions restrict
          simulate --days N --usage rare|weekly|daily|heavy [--seed S] [--json] [--hourly]
          origin [--port P] [--rate R] [--root DIR] [--host H]   the local test origin
          demo [--scenario transfers|relaunch] [--headless]   the dashboard's demo against the local origin (no network);
                                       --headless or --scenario: the narrated text demos
          render --scenario NAME [--size WxH] [--at SECONDS] [--svg|--text] [--colors 0|8|256]   one dashboard frame

        The home is --home DIR, else $OFFSTAGE_HOME, else $XDG_STATE_HOME/offstage (~/.local/state/offstage).
        """

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
        guard let command = words.first else {
            do {
                try DashboardCommand.run([], context: context)
                return 0
            } catch let error as CLIError {
                return fail(error)
            } catch {
                return fail(CLIContext.translate(error))
            }
        }
        let rest = Array(words.dropFirst())
        do {
            switch command {
            case "add": try AddCommand.run(rest, context: context)
            case "upload": try UploadCommand.run(rest, context: context)
            case "get": try GetCommand.run(rest, context: context)
            case "run": try RunCommand.run(rest, context: context)
            case "clock": try ClockCommand.run(rest, context: context)
            case "ls", "list": try ListCommand.run(rest, context: context)
            case "events": try EventsCommand.run(rest, context: context)
            case "pause", "resume", "cancel": try TaskControlCommand.run(command, rest, context: context)
            case "clean": try CleanCommand.run(rest, context: context)
            case "device": try DeviceCommand.run(rest, context: context)
            case "session": try SessionCommand.run(rest, context: context)
            case "schedule": try ScheduleCommand.run(rest, context: context)
            case "pending": try PendingCommand.run(rest, context: context)
            case "launch", "expire", "unschedule": try BGTaskControlCommand.run(command, rest, context: context)
            case "simulate": try SimulateCommand.run(rest, context: context)
            case "app": try AppCommand.run(rest, context: context)
            case "origin": try OriginCommand.run(rest)
            case "demo": try DemoCommand.run(rest, explicitHome: explicitHome)
            case "render": try RenderCommand.run(rest)
            case "help", "-h", "--help": print(usage)
            default: throw CLIError.usage("unknown command \(command); see offstage help")
            }
            return 0
        } catch let error as CLIError {
            return fail(error)
        } catch {
            return fail(CLIContext.translate(error))
        }
    }

    private static func fail(_ error: CLIError) -> Int32 {
        FileHandle.standardError.write(Data("offstage: \(error.description)\n".utf8))
        return error.exitCode
    }
}

/// Writes a line to standard error.
func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// Writes a line to standard output at once (log lines must not wait in a pipe's buffer).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
