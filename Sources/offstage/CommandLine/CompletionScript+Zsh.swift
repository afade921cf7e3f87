import Foundation

/// The zsh completion script, made from `CommandCatalog` (`offstage completion zsh`).
extension CompletionScript {
    /// The zsh script (`#compdef offstage`): commands with their summaries, subcommands, options with their help,
    /// and files or directories where a value is a FILE or DIR.
    static func zsh() -> String {
        var lines = [
            "#compdef offstage",
            "# zsh completion for offstage \(CommandCatalog.versionNumber), made by `offstage completion zsh`.",
            "# Install: offstage completion zsh > ~/.zfunc/_offstage (with fpath=(~/.zfunc $fpath) before compinit)",
            "_offstage() {",
            "    local curcontext=$curcontext state line ret=1",
            "    typeset -A opt_args",
            "    local -a commands",
            "    commands=(",
        ]
        for spec in CommandCatalog.commands {
            for name in spec.names { lines.append("        " + quoted("\(name):\(spec.summary)")) }
        }
        lines += ["    )", "    _arguments -C \\"]
        lines += (CommandCatalog.globalOptions + CommandCatalog.dashboard.options).map { "        \(argument($0)) \\" }
        lines += [
            "        '1: :->command' \\",
            "        '*:: :->arguments' && ret=0",
            "    case $state in",
            "        command) _describe -t commands 'offstage command' commands && ret=0 ;;",
            "        arguments)",
            "            case $line[1] in",
        ]
        for spec in CommandCatalog.commands {
            lines.append("                \(spec.names.joined(separator: "|")))")
            lines.append("                    _arguments \\")
            for option in spec.options + helpOption { lines.append("                        \(argument(option)) \\") }
            lines.append("                        \(positional(spec)) && ret=0 ;;")
        }
        lines += [
            "            esac ;;",
            "    esac",
            "    return ret",
            "}",
            "_offstage \"$@\"",
            "",
        ]
        return lines.joined(separator: "\n")
    }

    /// `-h`/`--help`, which every command takes.
    private static var helpOption: [OptionSpec] {
        CommandCatalog.globalOptions.filter { $0.canonical == "-h" }
    }

    /// One `_arguments` spec: `'(-o --output)'{-o,--output}'[help]:PATH:_files'`.
    private static func argument(_ option: OptionSpec) -> String {
        let help = "[" + bracketed(option.help) + "]"
        var value = ""
        if let placeholder = option.value { value = ":" + colonFree(placeholder) + ":" + action(option.completion) }
        guard option.names.count > 1 else { return quoted(option.canonical + help + value) }
        let exclusive = quoted("(" + option.names.joined(separator: " ") + ")")
        return exclusive + "{" + option.names.joined(separator: ",") + "}" + quoted(help + value)
    }

    /// The positional spec: the subcommands to choose from, files, or a message.
    private static func positional(_ spec: CommandSpec) -> String {
        if !spec.subcommands.isEmpty {
            let choices = spec.subcommands.map { "\($0.name)\\:" + doubleQuoted($0.help) }.joined(separator: " ")
            let first = quoted((spec.subcommandsRepeat ? "*" : "1") + ":subcommand:((" + choices + "))")
            return spec.takesFiles ? first + " '*:file:_files'" : first
        }
        if spec.takesFiles { return "'*:file:_files'" }
        let message = spec.positionals.isEmpty ? "argument" : colonFree(spec.positionals)
        return quoted("*:" + message + ": ")
    }

    /// The zsh action for a value.
    private static func action(_ completion: ValueCompletion) -> String {
        switch completion {
        case .none: return " "
        case .files: return "_files"
        case .directories: return "_files -/"
        case .words(let words): return "(" + words.joined(separator: " ") + ")"
        }
    }

    /// Help text inside `[…]`: brackets escaped.
    private static func bracketed(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "[", with: "\\[")
            .replacingOccurrences(of: "]", with: "\\]")
    }

    /// A message without the colons `_arguments` splits on.
    private static func colonFree(_ text: String) -> String {
        text.replacingOccurrences(of: ":", with: "\\:")
    }

    /// Help text in double quotes inside a `((name\:"help"))` list.
    private static func doubleQuoted(_ text: String) -> String {
        "\""
            + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "$", with: "\\$").replacingOccurrences(of: "`", with: "\\`")
            .replacingOccurrences(of: ":", with: "\\:") + "\""
    }
}
