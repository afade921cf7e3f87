import Foundation
import OffstageUI

/// `offstage render --scenario NAME --size WxH [--at SECONDS] [--svg|--text]`: one dashboard frame without a
/// terminal, from a built-in sample snapshot, as text or as an SVG in the terminal's colours; `--story NAME
/// --animated-svg FILE`: a story's frames as one animated SVG (`StoryRender`).
enum RenderCommand {
    static func run(_ raw: [String]) throws {
        let args = try Arguments(raw, spec: CommandCatalog.render)
        try args.none()
        let colors = try args.integer("--colors", in: 0...256) ?? 256
        guard [0, 8, 256].contains(colors) else { throw CLIError.usage("--colors is 0, 8 or 256, not \(colors)") }
        if let story = args.value("--story") {
            guard let path = args.value("--animated-svg") else {
                throw CLIError.usage("--story draws an animated SVG: give --animated-svg FILE")
            }
            for option in ["--scenario", "--at", "--svg", "--text"] where args.given.contains(option) {
                throw CLIError.usage("\(option) draws a sample; a story is drawn with --animated-svg alone")
            }
            let size = try parseSize(args.value("--size") ?? "100x30")
            return try StoryRender.animatedSVG(story, to: path, size: size, colors: colors)
        }
        if args.value("--animated-svg") != nil {
            throw CLIError.usage("--animated-svg draws a story: give --story NAME|FILE")
        }
        let names = SampleScene.all.map(\.name).joined(separator: ", ")
        guard let name = args.value("--scenario") else {
            throw CLIError.usage("render needs --scenario NAME; known: \(names)")
        }
        guard let scene = SampleScene.named(name) else {
            throw CLIError.usage("unknown scenario \(name); known: \(names)")
        }
        let size = try parseSize(args.value("--size") ?? "80x24")
        var seconds = 0.0
        if let text = args.value("--at") {
            guard let value = Double(text), value.isFinite, (0...86_400).contains(value) else {
                throw CLIError.usage("--at needs seconds from 0 to 86400, not \(text)")
            }
            seconds = value
        }
        if args.flag("--svg") && args.flag("--text") { throw CLIError.usage("choose one of --svg and --text") }
        let screen = scene.render(size: size, at: seconds, colors: colors)
        let output = args.flag("--svg") ? ScreenExport.svg(screen, palette: colors) : ScreenExport.text(screen)
        StandardStreams.out(output)
    }

    /// `WxH` with W in 10…400 and H in 5…200.
    static func parseSize(_ text: String) throws -> Size {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), (10...400).contains(width),
            (5...200).contains(height)
        else { throw CLIError.usage("--size is WxH with W from 10 to 400 and H from 5 to 200, not \(text)") }
        return Size(width: width, height: height)
    }
}
