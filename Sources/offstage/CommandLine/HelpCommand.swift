import Foundation
import OffstageCore

/// `offstage help [COMMAND]`, `version`, `completion bash|zsh` and `man`: texts made from `CommandCatalog`.
enum HelpCommand {
    /// `offstage help`: the overview; `offstage help COMMAND`: that command's usage.
    static func help(_ raw: [String]) throws {
        let args = try Arguments(raw, spec: CommandCatalog.help)
        guard !args.positionals.isEmpty else { return print(HelpText.overview()) }
        let name = try args.single("command")
        guard let spec = CommandCatalog.command(named: name) else {
            throw CLIError.usage("unknown command \(printable(name)) (see offstage --help)")
        }
        print(HelpText.usage(of: spec))
    }

    /// `offstage version`.
    static func version(_ raw: [String]) throws {
        try Arguments(raw, spec: CommandCatalog.version).none()
        print("offstage \(CommandCatalog.versionNumber)")
    }

    /// `offstage completion bash|zsh`.
    static func completion(_ raw: [String]) throws {
        let args = try Arguments(raw, spec: CommandCatalog.completion)
        let shell = try args.single("shell (bash or zsh)")
        switch shell {
        case "bash": StandardStreams.out(CompletionScript.bash())
        case "zsh": StandardStreams.out(CompletionScript.zsh())
        default: throw CLIError.usage("completion is for bash or zsh, not \(printable(shell))")
        }
    }

    /// `offstage man`.
    static func man(_ raw: [String]) throws {
        try Arguments(raw, spec: CommandCatalog.man).none()
        StandardStreams.out(ManPage.roff())
    }

    /// A word from the command line as it may be shown.
    private static func printable(_ text: String) -> String { TransferDaemon.printable(text) }
}
