import Foundation
import OffstageCore
import OffstageDashboard
import OffstageUI
import Synchronization

/// `offstage render --story NAME|FILE --animated-svg FILE`: plays the story headless, in the dashboard's own time
/// (pauses last as long as they would for an audience), keeps the frames the renderer draws, and writes them as one
/// animated SVG of at most `maximumBytes`.
enum StoryRender {
    /// The largest SVG written; frames are thinned until it fits.
    static let maximumBytes = 1_000_000

    static func animatedSVG(_ target: String, to path: String, size: Size, colors: Int) throws {
        let signals = StopSignals()
        defer { signals.cancel() }
        let (story, _) = try StoryFiles.load(target)
        let stage = try StoryStage.checked(story, home: nil, snapshotInterval: 0.25)
        defer { stage.close() }
        let frames = FrameList()
        let clock = SystemFrameClock()
        let start = clock.seconds()
        let terminal = HeadlessTerminal(size: size, capabilities: TerminalCapabilities(colors: colors, unicode: true)) {
            frames.add(AnimatedSVG.Frame(time: clock.seconds() - start, screen: $0))
        }
        let engine = stage.start(wake: { terminal.wake() })
        printError("offstage: playing \(story.name) to draw it (as long as it plays in the dashboard)…")
        let loop = stage.loop(engine: engine, terminal: terminal, mode: .dashboard, clock: clock)
        loop.endsWithStory = true
        let box = LoopSignals(loop: loop)
        signals.attach { box.post($0) }
        let exit = loop.run()
        signals.attach { _ in }
        stage.close()
        switch exit {
        case .storyEnded(.passed): break
        case .storyEnded(.failed(let failure, _)): throw CLIError.failed("not drawn: \(failure.description)")
        case .signal(let number): throw CLIError.interrupted("stopped by \(StopSignals.name(number)); nothing written")
        case .engineEnded(let reason): throw CLIError.failed("not drawn: the story's engine stopped: \(reason)")
        case .quit: return
        }
        let all = frames.all
        var interval = 0.5
        var svg = AnimatedSVG.svg(AnimatedSVG.thinned(all, interval: interval), palette: colors)
        while svg.utf8.count > maximumBytes, interval < 30 {
            interval *= 1.5
            svg = AnimatedSVG.svg(AnimatedSVG.thinned(all, interval: interval), palette: colors)
        }
        guard svg.utf8.count <= maximumBytes else {
            throw CLIError.failed("the story's frames do not fit in 1 MB even a frame every 30 s; nothing written")
        }
        do {
            try svg.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            throw CLIError.failed("cannot write \(TransferDaemon.printable(path)): \(error.localizedDescription)")
        }
        let length = (all.last?.time ?? 0)
        say(
            "wrote \(path): \(AnimatedSVG.thinned(all, interval: interval).count) frames over "
                + "\(StoryDuration.spoken(length)), \(svg.utf8.count / 1000) kB")
    }

    /// The frames drawn so far, thinned as they come (one every quarter second at most: the last one of each).
    private final class FrameList: Sendable {
        private let frames = Mutex<[AnimatedSVG.Frame]>([])

        func add(_ frame: AnimatedSVG.Frame) {
            frames.withLock { list in
                if let last = list.last, frame.time - last.time < 0.25, list.count > 1 {
                    list[list.count - 1].screen = frame.screen
                } else {
                    list.append(frame)
                }
            }
        }

        var all: [AnimatedSVG.Frame] { frames.withLock { $0 } }
    }
}
