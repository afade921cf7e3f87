/// The help texts, made from `CommandCatalog`: the overview (`offstage --help`) and each command's usage.
enum HelpText {
    /// The width of the left column of option and command lists.
    private static let column = 26
    /// The widest line a help text prints (a longer help wraps under its column).
    static let width = 100

    /// `offstage --help`: every command with what it takes and what it does.
    static func overview() -> String {
        var lines = [
            "usage: offstage [--home DIR] [COMMAND [ARGUMENTS] [OPTIONS]]",
            "       offstage COMMAND --help | offstage --version",
            "",
            "commands:",
        ]
        // The dashboard's row: `(none)` and every option the catalog gives it.
        let dashboard = CommandCatalog.dashboard.options.map { option in
            "[" + (option.value.map { "\(option.canonical) \($0)" } ?? option.canonical) + "]"
        }
        lines.append(row((["(none)"] + dashboard).joined(separator: " "), CommandCatalog.dashboard.summary))
        for spec in CommandCatalog.commands {
            let names = ([spec.name] + spec.aliases).joined(separator: "|")
            lines.append(row(spec.positionals.isEmpty ? names : "\(names) \(spec.positionals)", spec.summary))
        }
        lines += ["", "options:"]
        let options = CommandCatalog.globalOptions + CommandCatalog.dashboard.options
        lines += options.map { row(label($0, among: options), $0.help) }
        lines.append("")
        lines += wrap(
            "The home is --home DIR, else $OFFSTAGE_HOME, else $XDG_STATE_HOME/offstage (~/.local/state/offstage).",
            width: width)
        lines += wrap(
            "offstage COMMAND --help lists the command's options; --home and --config may come before or after "
                + "the command.", width: width)
        return lines.joined(separator: "\n")
    }

    /// `offstage COMMAND --help`: its synopsis, what it does, its subcommands and every option it parses.
    static func usage(of spec: CommandSpec) -> String {
        var synopsis = spec.invocation
        if !spec.positionals.isEmpty { synopsis += " " + spec.positionals }
        if !spec.options.isEmpty { synopsis += " [OPTIONS]" }
        var lines = ["usage: \(synopsis)", "", spec.summary]
        if !spec.aliases.isEmpty {
            lines.append("Also: " + spec.aliases.map { "offstage \($0)" }.joined(separator: ", "))
        }
        if !spec.subcommands.isEmpty {
            lines += ["", "\(spec.name == "device" ? "settings" : "subcommands"):"]
            for sub in spec.subcommands {
                lines.append(row(sub.arguments.isEmpty ? sub.name : "\(sub.name) \(sub.arguments)", sub.help))
            }
        }
        if !spec.options.isEmpty {
            lines += ["", "options:"]
            for option in spec.options { lines.append(row(label(option, among: spec.options), option.help)) }
        }
        lines += ["", "global options:"]
        let home = CommandCatalog.globalOptions.filter { $0.canonical == "--home" }
        lines += home.map { row(label($0), $0.help) } + [row("-h, --help", "print this help and exit")]
        if !spec.notes.isEmpty { lines += [""] + spec.notes.flatMap { wrap($0, width: width) } }
        return lines.joined(separator: "\n")
    }

    /// `-o, --output PATH`: an option's names and value as its help row shows them; a long-only option is indented
    /// under the long names of its neighbours with a short one (`    --create-dirs`).
    static func label(_ option: OptionSpec, among options: [OptionSpec] = []) -> String {
        let names = option.names.joined(separator: ", ")
        let short = options.contains { $0.canonical.count == 2 }
        let indent = short && option.canonical.hasPrefix("--") ? "    " : ""
        return indent + (option.value.map { "\(names) \($0)" } ?? names)
    }

    /// One row of a list: the label, padded to the column, then the help (on the next line when the label is long).
    private static func row(_ label: String, _ help: String) -> String {
        let indent = "  "
        let hanging = String(repeating: " ", count: indent.count + column)
        let text = wrap(help, width: width - hanging.count).joined(separator: "\n" + hanging)
        if label.count + 2 <= column {
            return indent + label + String(repeating: " ", count: column - label.count) + text
        }
        return indent + label + "\n" + hanging + text
    }

    /// Words of `text` in lines of at most `width` characters (a longer word stands alone).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return lines + [line]
    }
}
