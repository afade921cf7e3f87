/// One option of a command: its names (the first is the one `Arguments` files it under), the value it takes, and
/// one line of help. The help text, the completion scripts, the man page and the parser all read it.
struct OptionSpec: Sendable {
    /// Every name the option answers to, such as `["-o", "--output"]`; the first is its canonical name.
    let names: [String]
    /// The value's placeholder (`PATH`, `N`, `on|off`), or nil for a flag that takes no value.
    let value: String?
    /// One line of help.
    let help: String

    /// An option that takes a value.
    static func option(_ names: String..., value: String, help: String) -> OptionSpec {
        OptionSpec(names: names, value: value, help: help)
    }

    /// A flag: an option without a value.
    static func flag(_ names: String..., help: String) -> OptionSpec {
        OptionSpec(names: names, value: nil, help: help)
    }

    /// The name `Arguments` files the option's value under.
    var canonical: String { names.first ?? "" }

    /// How a shell completes the option's value.
    var completion: ValueCompletion { ValueCompletion(placeholder: value) }
}

/// How a shell completes a word with a given placeholder.
enum ValueCompletion: Equatable, Sendable {
    /// Nothing to offer (a URL, a number, a name).
    case none
    /// Any file or directory (`FILE`, `PATH`).
    case files
    /// Directories only (`DIR`).
    case directories
    /// One of a few words (`on|off`, `PUT|POST`).
    case words([String])

    /// The completion a placeholder implies: `FILE`/`PATH` files, `DIR` directories, `a|b` the words.
    init(placeholder: String?) {
        guard let placeholder else {
            self = .none
            return
        }
        switch placeholder {
        case "FILE", "PATH": self = .files
        case "DIR": self = .directories
        case _ where placeholder.contains("|"):
            self = .words(placeholder.split(separator: "|").map(String.init))
        default: self = .none
        }
    }
}

/// A word that selects what a command does (`app kill`, `clock warp N`, `device battery N`).
struct SubcommandSpec: Sendable {
    /// The word itself.
    let name: String
    /// What follows it, as shown in the help (`N`, `on|off`, `FILE URL`), or empty.
    let arguments: String
    /// One line of help.
    let help: String

    /// A subcommand with what follows it.
    init(_ name: String, _ arguments: String = "", _ help: String) {
        self.name = name
        self.arguments = arguments
        self.help = help
    }
}

/// A command of `offstage`: its name, what it takes and what it does. The one description its parser, its
/// `--help`, the overview, the completion scripts and the man page are all made from (see `CommandCatalog`).
struct CommandSpec: Sendable {
    /// The word that selects the command (`get`); empty for the dashboard, which has none.
    let name: String
    /// Other words that select it too (`list` for `ls`).
    var aliases: [String] = []
    /// The positional arguments as the synopsis shows them (`URL`, `[ID]`, `refresh|processing ID`).
    var positionals: String = ""
    /// One line: what the command does.
    let summary: String
    /// The options it parses.
    var options: [OptionSpec] = []
    /// The words that select what it does, in the order the help lists them.
    var subcommands: [SubcommandSpec] = []
    /// Whether its subcommands may follow one another (`device wifi charging on`).
    var subcommandsRepeat = false
    /// Further lines of help printed after the options.
    var notes: [String] = []

    /// Every name it answers to: its name and its aliases.
    var names: [String] { [name] + aliases }

    /// The words typed to run it (`offstage get`; `offstage` for the dashboard).
    var invocation: String { name.isEmpty ? "offstage" : "offstage \(name)" }

    /// The option one of whose names is `name`.
    func option(named name: String) -> OptionSpec? {
        options.first { $0.names.contains(name) }
    }

    /// Whether the words ask for this command's help: `--help` or `-h` where an option could stand (not as the
    /// value of an option, not after `--`).
    func asksForHelp(_ raw: [String]) -> Bool {
        var index = 0
        while index < raw.count {
            let word = raw[index]
            index += 1
            if word == "--" { return false }
            if CommandCatalog.helpNames.contains(word) { return true }
            if let option = option(named: word), option.value != nil { index += 1 }
        }
        return false
    }

    /// Whether a positional of this command (or of one of its subcommands) is a file.
    var takesFiles: Bool {
        (positionals + " " + subcommands.map(\.arguments).joined(separator: " ")).split(separator: " ").contains {
            ValueCompletion(placeholder: String($0)) == .files
        }
    }
}
