import OffstageOrigin
import OffstageUI

/// The tools beside the engine: `origin`, `demo`, `render`.
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
        ],
        notes: [
            "Paths: /gen/<size> (deterministic content), /files/<name> (with --root), /upload/<name> (PUT or POST), "
                + "/redirect/<n>/<path>, /redirect-to?url=U, /loop/a.",
            "Query parameters (on /gen and /files; rate on /upload too):",
        ] + OriginServer.queryParameters.map { "?\($0.name): \($0.effect)" })

    /// `offstage demo …`.
    static let demo = CommandSpec(
        name: "demo", summary: "the dashboard's demo against the local origin (no network)",
        options: [
            .option("--scenario", value: "transfers|relaunch", help: "a narrated text demo instead of the dashboard"),
            .flag("--headless", help: "the narrated text demo (transfers unless --scenario)"),
        ])

    /// `offstage render …`.
    static let render = CommandSpec(
        name: "render", summary: "one dashboard frame without a terminal, from a built-in sample",
        options: [
            .option("--scenario", value: "NAME", help: "the sample (required)"),
            .option("--size", value: "WxH", help: "the frame's size (default 80x24)"),
            .option("--at", value: "SECONDS", help: "the moment of the sample (0 to 86400)"),
            .flag("--svg", help: "an SVG in the terminal's colours"),
            .flag("--text", help: "plain text (the default)"),
            .option("--colors", value: "0|8|256", help: "the palette (default 256)"),
        ],
        notes: ["Samples: " + SampleScene.all.map(\.name).joined(separator: ", ")])
}
