import OffstageDashboard
import OffstageUI

/// The tools beside the engine: `origin`, `demo`, `story`, `render`.
extension CommandCatalog {
    /// `offstage origin …`.
    static let origin = CommandSpec(
        name: "origin", summary: "the local test origin, loopback by default",
        options: [
            .option("--port", value: "P", help: "the port (0 to 65535; default 0, any free one)"),
            .option("--rate", value: "R", help: "the default rate in bytes per second (500k, 2m)"),
            .option("--root", value: "DIR", help: "serve the files of DIR under /files/"),
            .option("--host", value: "H", help: "the address to listen on (default loopback)"),
            .option("--uploads", value: "DIR", help: "keep uploaded files in DIR"),
        ])

    /// `offstage demo …`.
    static let demo = CommandSpec(
        name: "demo", positionals: "[NAME|FILE]",
        summary: "play a story in the dashboard against the local origin (no network; default: relaunch)",
        options: [
            .flag("--list", help: "list the built-in stories, one line each"),
            record,
            .option("--scenario", value: "transfers|relaunch", help: "a narrated text demo instead of the dashboard"),
            .flag("--headless", help: "the narrated text demo (transfers unless --scenario)"),
        ],
        notes: [
            "Space pauses the story, the right arrow runs its next step now, any other key takes over.",
            "Stories: " + StoryCatalog.all.map(\.name).joined(separator: ", ") + " (offstage story show NAME)",
        ])

    /// `offstage story …`.
    static let story = CommandSpec(
        name: "story", positionals: "check|show|list [NAME|FILE]",
        summary: "check a story headless (its expects are end-to-end tests), or print a built-in one",
        options: [
            .option("--max-gap", value: "S", help: "fail past S seconds without a visible change (built in: 10)"),
            .option("--max-length", value: "S", help: "fail when it plays longer than S seconds (built in: 120)"),
            .flag("--quiet", help: "print only the result, not each step"),
        ],
        subcommands: [
            SubcommandSpec("check", "NAME|FILE", "run it headless in virtual time: exit 0 when every expect holds"),
            SubcommandSpec("show", "NAME", "print a built-in story's file (a start for your own)"),
            SubcommandSpec("list", "", "the built-in stories, one line each"),
        ],
        notes: [
            "A malformed story is refused before anything runs: FILE:LINE: what is wrong (exit 2).",
            "A failed step: FILE:LINE, the step, and what the view showed instead (exit 1).",
        ])

    /// `offstage render …`.
    static let render = CommandSpec(
        name: "render",
        summary: "dashboard frames without a terminal: a built-in sample, or a story as an animated SVG",
        options: [
            .option("--scenario", value: "NAME", help: "the sample"),
            .option("--size", value: "WxH", help: "the frame's size (default 80x24; a story: 100x30)"),
            .option("--at", value: "SECONDS", help: "the moment of the sample (0 to 86400)"),
            .flag("--svg", help: "an SVG in the terminal's colours"),
            .flag("--text", help: "plain text (the default)"),
            .option("--colors", value: "0|8|256", help: "the palette (default 256)"),
            .option("--story", value: "NAME|FILE", help: "play this story headless and draw its frames"),
            .option("--animated-svg", value: "FILE", help: "with --story: one self-contained animated SVG"),
        ],
        notes: ["Samples: " + SampleScene.all.map(\.name).joined(separator: ", ")])
}
