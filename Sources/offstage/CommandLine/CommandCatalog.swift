import OffstageCore

/// Every command of `offstage`, described once. The dispatcher, each command's `Arguments`, the help texts, the
/// completion scripts and the man page all read this catalog, so what is parsed is what is documented.
///
/// A new command adds a `static let` spec (in one of the `CommandCatalog+…` files), lists it in `commands`, passes
/// it to `Arguments(raw, spec:)`, and gets its case in `OffstageCommandLine.dispatch`.
enum CommandCatalog {
    /// The program's version (`OffstageVersion`, which the User-Agent reads too).
    static let versionNumber = OffstageVersion.number

    /// The words that ask for help wherever an option may stand.
    static let helpNames: Set<String> = ["--help", "-h"]

    /// The options every command takes (`--home` is read before the command).
    static let globalOptions: [OptionSpec] = [
        .option("--home", value: "DIR", help: "the home (else $OFFSTAGE_HOME, else $XDG_STATE_HOME/offstage)"),
        .flag("-h", "--help", help: "print this help (offstage COMMAND --help: that command's) and exit"),
        .flag("--version", help: "print the version and exit"),
    ]

    /// The dashboard: `offstage` without a command.
    static let dashboard = CommandSpec(
        name: "",
        summary: "the dashboard: hosts the engine, or attaches to the one running for the home",
        options: [
            config, record,
            .flag(
                "--no-notify",
                help: "no terminal notification and bell when a transfer ends (transfers.json: notifications)"),
        ])

    /// `--record FILE.cast`, for the dashboard and the demo.
    static let record = OptionSpec.option(
        "--record", value: "FILE.cast", help: "record what the dashboard draws as an asciinema v2 file (a new file)")

    /// The commands in the order the overview lists them.
    static let commands: [CommandSpec] = [
        add, upload, get, run, limit, clock, ls, events, pause, resume, cancel, clean, session, device, schedule,
        pending, launch, expire, unschedule, app, push, work, fgs, android, simulate, origin, demo, story, render,
        help, version, completion, man,
    ]

    /// The command one of whose names is `word`. Only that command's spec is built: `commands` builds all of them,
    /// help notes and samples with them, which every command line paid for before it began (an `ls` of an empty home
    /// took 9.3 ms of CPU with it, 8.3 without).
    /// `CommandCatalogTests` checks this against `commands`.
    static func command(named word: String) -> CommandSpec? {
        switch word {
        case "add": add
        case "upload": upload
        case "get": get
        case "run": run
        case "limit": limit
        case "clock": clock
        case "ls", "list": ls
        case "events": events
        case "pause": pause
        case "resume": resume
        case "cancel": cancel
        case "clean": clean
        case "session": session
        case "device": device
        case "schedule": schedule
        case "pending": pending
        case "launch": launch
        case "expire": expire
        case "unschedule": unschedule
        case "app": app
        case "push": push
        case "work": work
        case "fgs": fgs
        case "android": android
        case "simulate": simulate
        case "origin": origin
        case "demo": demo
        case "story": story
        case "render": render
        case "help": help
        case "version": version
        case "completion": completion
        case "man": man
        default: nil
        }
    }

    /// `--config DIR`, shared by the commands that load the scheduler's configuration.
    static let config = OptionSpec.option(
        "--config", value: "DIR", help: "the scheduler's configuration (else $OFFSTAGE_CONFIG, else HOME/config)")

    /// `offstage help [COMMAND]`.
    static let help = CommandSpec(
        name: "help", positionals: "[COMMAND]", summary: "this overview, or a command's usage with every option")

    /// `offstage version`.
    static let version = CommandSpec(name: "version", summary: "print the version")

    /// `offstage completion bash|zsh`.
    static let completion = CommandSpec(
        name: "completion", positionals: "bash|zsh", summary: "print a shell completion script for bash or zsh",
        subcommands: [
            SubcommandSpec("bash", "", "the bash script (bash-completion)"),
            SubcommandSpec("zsh", "", "the zsh script (compsys, `#compdef offstage`)"),
        ],
        notes: [
            "offstage completion bash > ~/.local/share/bash-completion/completions/offstage",
            "offstage completion zsh > ~/.zfunc/_offstage   (with fpath=(~/.zfunc $fpath) before compinit)",
        ])

    /// `offstage man`.
    static let man = CommandSpec(
        name: "man", summary: "print the manual page (roff, section 1)",
        notes: ["offstage man > ~/.local/share/man/man1/offstage.1   (then: man offstage)"])
}
