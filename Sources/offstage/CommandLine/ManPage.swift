import Foundation

/// The manual page, made from `CommandCatalog` (`offstage man`): roff with the `man` macros, section 1.
enum ManPage {
    /// The whole page.
    static func roff() -> String {
        var lines = [
            ".\\\" The offstage manual page, made by `offstage man` from the command catalog.",
            ".TH OFFSTAGE 1 \"\" \"offstage \(CommandCatalog.versionNumber)\" \"User Commands\"",
            ".SH NAME",
            "offstage \\- resumable background HTTP transfers and iOS background tasks, simulated in a terminal",
            ".SH SYNOPSIS",
            ".B offstage",
            "[\\fB\\-\\-home\\fR \\fIDIR\\fR] [\\fICOMMAND\\fR [\\fIARGUMENTS\\fR] [\\fIOPTIONS\\fR]]",
            ".br",
            ".B offstage",
            "\\fICOMMAND\\fR \\fB\\-\\-help\\fR",
            ".br",
            ".B offstage \\-\\-version",
            ".SH DESCRIPTION",
            text(
                "Offstage performs real, resumable downloads and uploads in an in-process transfer daemon that "
                    + "behaves like iOS's background URLSession daemon, keeps everything in a crash-safe SQLite store, "
                    + "schedules background tasks as BGTaskScheduler decides them, and hosts a model app's life cycle. "
                    + "Without a command: " + CommandCatalog.dashboard.summary + "."),
            ".SH OPTIONS",
        ]
        for option in CommandCatalog.globalOptions { lines += item(option) }
        lines.append(".SH COMMANDS")
        for spec in [CommandCatalog.dashboard] + CommandCatalog.commands { lines += section(spec) }
        lines += [
            ".SH ENVIRONMENT",
            ".TP", ".B OFFSTAGE_HOME", text("The home when --home is not given."),
            ".TP", ".B XDG_STATE_HOME",
            text("The home is $XDG_STATE_HOME/offstage (~/.local/state/offstage) otherwise."),
            ".TP", ".B OFFSTAGE_CONFIG", text("The scheduler's configuration when --config is not given."),
            ".TP", ".B NO_COLOR", text("The dashboard draws without colours."),
            ".SH FILES",
            ".TP", ".I HOME/offstage.db", text("The store: tasks, sessions, requests, the event log."),
            ".TP", ".I HOME/parts/", text("Partial files."),
            ".TP", ".I HOME/Documents/", text("The default delivery folder."),
            ".TP", ".I HOME/hooks.log",
            text("The output of the completion hook (run --on-complete, or onComplete in transfers.json)."),
            ".SH EXIT STATUS",
        ]
        let statuses: [(Int, String)] = [
            (0, "success"),
            (1, "the transfer or command failed"),
            (2, "bad arguments; a refused command changes nothing"),
            (3, "the home cannot be used (owned by another process, damaged, foreign, too new)"),
            (4, "the disk is full; what was stored is kept"),
            (
                Int(CLIError.checksumMismatchStatus),
                "get: the download's checksum did not match (--checksum); nothing was delivered and its partial file "
                    + "was removed"
            ),
            (130, "interrupted by SIGINT, SIGTERM or SIGHUP; the same command resumes"),
        ]
        for (code, meaning) in statuses { lines += [".TP", ".B \(code)", text(meaning)] }
        lines += [".SH SEE ALSO", "curl(1), wget(1)", ""]
        return lines.joined(separator: "\n")
    }

    /// A command's subsection: its synopsis, summary, subcommands, options and notes.
    private static func section(_ spec: CommandSpec) -> [String] {
        let synopsis = ([spec.invocation, spec.positionals] + (spec.options.isEmpty ? [] : ["[OPTIONS]"]))
            .filter { !$0.isEmpty }.joined(separator: " ")
        var lines = [
            ".SS \"" + escape(synopsis).replacingOccurrences(of: "\"", with: "\\(dq") + "\"", text(spec.summary),
        ]
        if !spec.aliases.isEmpty { lines += [".PP", text("Also: " + spec.aliases.joined(separator: ", ") + ".")] }
        for sub in spec.subcommands {
            let arguments = sub.arguments.isEmpty ? "" : " \\fI" + escape(sub.arguments) + "\\fR"
            lines += [".TP", "\\fB" + escape(sub.name) + "\\fR" + arguments, text(sub.help)]
        }
        for option in spec.options { lines += item(option) }
        for note in spec.notes { lines += [".PP", text(note)] }
        return lines
    }

    /// An option as a tagged paragraph: `\fB\-o\fR, \fB\-\-output\fR \fIPATH\fR`, then its help.
    private static func item(_ option: OptionSpec) -> [String] {
        let names = option.names.map { "\\fB" + escape($0) + "\\fR" }.joined(separator: ", ")
        let value = option.value.map { " \\fI" + escape($0) + "\\fR" } ?? ""
        return [".TP", names + value, text(option.help)]
    }

    /// A line of running text: escaped, and never read as a request.
    private static func text(_ line: String) -> String {
        let escaped = escape(line)
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }

    /// Roff escapes: backslashes, hyphens, and every character beyond ASCII as `\[uXXXX]`.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\e"
            case "-": escaped += "\\-"
            case _ where scalar.isASCII: escaped.unicodeScalars.append(scalar)
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                escaped += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            }
        }
        return escaped
    }
}
