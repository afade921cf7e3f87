import Foundation

/// The bash completion script, made from `CommandCatalog` (`offstage completion bash`; the zsh one is in
/// `CompletionScript+Zsh.swift`).
enum CompletionScript {
    /// The bash script: commands, subcommands, options, and files or directories where a value is a FILE or DIR.
    static func bash() -> String {
        let top = CommandCatalog.globalOptions.flatMap(\.names) + CommandCatalog.dashboard.options.flatMap(\.names)
        let commandNames = CommandCatalog.commands.flatMap(\.names)
        var lines = [
            "# bash completion for offstage \(CommandCatalog.versionNumber), made by `offstage completion bash`.",
            "# Install: offstage completion bash > ~/.local/share/bash-completion/completions/offstage",
            "_offstage() {",
            "    local cur prev cmd='' opts='' subs='' files=0 repeat=0 i",
            "    local -i positional=0",
            "    cur=${COMP_WORDS[COMP_CWORD]}",
            "    prev=${COMP_WORDS[COMP_CWORD-1]}",
            "    COMPREPLY=()",
            "    for ((i = 1; i < COMP_CWORD; i++)); do",
            "        case ${COMP_WORDS[i]} in",
            "            \(valueTaking(CommandCatalog.globalOptions + CommandCatalog.dashboard.options))) ((i++)) ;;",
            "            -*) ;;",
            "            *) if [[ -z $cmd ]]; then cmd=${COMP_WORDS[i]}; else positional+=1; fi ;;",
            "        esac",
            "    done",
            "    case $prev in",
        ]
        lines += valueCases(CommandCatalog.globalOptions + CommandCatalog.dashboard.options, indent: "        ")
        lines += [
            "    esac",
            "    case $cmd in",
            "        '')",
            "            opts=\(quoted(top.joined(separator: " ")))",
            "            subs=\(quoted(commandNames.joined(separator: " "))) ;;",
        ]
        for spec in CommandCatalog.commands {
            lines.append("        \(spec.names.joined(separator: "|")))")
            let cases = valueCases(spec.options, indent: "                ") + subcommandCases(spec)
            if !cases.isEmpty {
                lines.append("            case $prev in")
                lines += cases
                lines.append("            esac")
            }
            let options = spec.options.flatMap(\.names) + ["--help", "-h"]
            lines.append("            opts=\(quoted(options.joined(separator: " ")))")
            if !spec.subcommands.isEmpty {
                lines.append("            subs=\(quoted(spec.subcommands.map(\.name).joined(separator: " ")))")
            }
            if spec.subcommandsRepeat { lines.append("            repeat=1") }
            if spec.takesFiles { lines.append("            files=1") }
            lines.append("            ;;")
        }
        lines += [
            "    esac",
            "    if [[ $cur == -* ]]; then",
            "        mapfile -t COMPREPLY < <(compgen -W \"$opts\" -- \"$cur\")",
            "        return",
            "    fi",
            "    if [[ -n $subs ]] && { ((positional == 0)) || ((repeat)); }; then",
            "        mapfile -t COMPREPLY < <(compgen -W \"$subs\" -- \"$cur\")",
            "    fi",
            "    if ((files)) && { [[ -z $subs ]] || ((positional > 0)); }; then",
            "        mapfile -t -O \"${#COMPREPLY[@]}\" COMPREPLY < <(compgen -f -- \"$cur\")",
            "    fi",
            "}",
            "complete -o filenames -o bashdefault -F _offstage offstage",
            "",
        ]
        return lines.joined(separator: "\n")
    }

    /// `--a|--b`: the names of the options that take a value, as a `case` pattern (`--home` at least).
    private static func valueTaking(_ options: [OptionSpec]) -> String {
        options.filter { $0.value != nil }.flatMap(\.names).joined(separator: "|")
    }

    /// The `case $prev` arms that complete the value of each option that takes one (nothing for a free value).
    private static func valueCases(_ options: [OptionSpec], indent: String) -> [String] {
        options.filter { $0.value != nil }.map { option in
            let pattern = option.names.joined(separator: "|")
            return "\(indent)\(pattern)) \(reply(option.completion)); return ;;"
        }
    }

    /// The `case $prev` arms for subcommands followed by one of a few words (`charging on|off`).
    private static func subcommandCases(_ spec: CommandSpec) -> [String] {
        spec.subcommands.compactMap { sub in
            guard let first = sub.arguments.split(separator: " ").first,
                case .words = ValueCompletion(placeholder: String(first))
            else { return nil }
            return "                \(sub.name)) \(reply(ValueCompletion(placeholder: String(first)))); return ;;"
        }
    }

    /// The bash that fills `COMPREPLY` for a kind of value.
    private static func reply(_ completion: ValueCompletion) -> String {
        switch completion {
        case .none: return ":"
        case .files: return "mapfile -t COMPREPLY < <(compgen -f -- \"$cur\")"
        case .directories: return "mapfile -t COMPREPLY < <(compgen -d -- \"$cur\")"
        case .words(let words):
            return "mapfile -t COMPREPLY < <(compgen -W \(quoted(words.joined(separator: " "))) -- \"$cur\")"
        }
    }

    /// A word in single quotes for a shell (a quote inside becomes `'\''`).
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
