import Foundation
import OffstageCore
import OffstageUI

/// `offstage-bench render`: the time to draw one dashboard frame of a large snapshot, in process.
///
/// The snapshot is `SnapshotSamples.thousandTransfers(count: 1000)` (1,000 transfers, 100 requests, a full event
/// log) at 120×40 with 256 colours and Unicode. Three paths are timed, each `framesPerRound` frames per round on
/// the monotonic clock after a warm-up: the render alone; render and compare with the previous frame (what the
/// dashboard's loop does before it presents); and the loop's whole frame, which first carries the snapshot's
/// clock forward (`Snapshot.advanced(by:)`). The target, at most 2 ms per frame, applies to the render.
enum RenderBenchmark {
    /// The target: one frame in at most this many milliseconds.
    static let targetMilliseconds = 2.0
    /// Frames timed per round.
    static let framesPerRound = 200
    /// Frames drawn (and discarded) before timing.
    static let warmUpFrames = 50
    /// The terminal size rendered.
    static let size = Size(width: 120, height: 40)

    /// Runs the three paths over `rounds` rounds and prints medians and the verdict.
    static func run(rounds: Int) throws {
        let snapshot = SnapshotSamples.thousandTransfers(count: 1000)
        guard snapshot.transfers.count == 1000, snapshot.requests.count == 100 else {
            throw BenchError(
                "the sample has \(snapshot.transfers.count) transfers and \(snapshot.requests.count) requests, not 1000 and 100")
        }
        let state = DashboardState()
        let capabilities = TerminalCapabilities(colors: 256, unicode: true)
        func render(_ view: Snapshot) -> Screen {
            DashboardView.render(snapshot: view, state: state, size: size, capabilities: capabilities)
        }
        print(
            "offstage-bench render: \(snapshot.transfers.count) transfers, \(snapshot.requests.count) requests, "
                + "\(snapshot.events.count) events at \(size.width)x\(size.height), \(framesPerRound) frames per round, "
                + "\(rounds) rounds after \(warmUpFrames) warm-up frames")

        var previous = render(snapshot)
        // The frame timed must be the dashboard itself, not the "terminal too small" screen.
        guard (0..<size.height).contains(where: { previous.text(row: $0).contains("file-1.bin") }) else {
            throw BenchError("the rendered frame shows no transfer rows at \(size.width)x\(size.height)")
        }
        var sink = 0
        for _ in 0..<warmUpFrames { sink &+= checksum(render(snapshot)) }

        var renderOnly: [Double] = []
        var renderCompare: [Double] = []
        var loopFrame: [Double] = []
        var unchanged = 0
        for round in 1...rounds {
            renderOnly.append(
                perFrame {
                    for _ in 0..<framesPerRound { sink &+= checksum(render(snapshot)) }
                })
            renderCompare.append(
                perFrame {
                    for _ in 0..<framesPerRound {
                        let frame = render(snapshot)
                        if frame == previous { unchanged += 1 } else { previous = frame }
                    }
                })
            loopFrame.append(
                perFrame {
                    for index in 0..<framesPerRound {
                        // Within one displayed second: the header clock does not move, as between two ticks.
                        let frame = render(snapshot.advanced(by: Double(index) * 1e-6))
                        if frame == previous { unchanged += 1 } else { previous = frame }
                    }
                })
            print(
                String(
                    format: "round %d/%d: render %.3f ms, render+compare %.3f ms, advance+render+compare %.3f ms",
                    round, rounds, renderOnly[round - 1], renderCompare[round - 1], loopFrame[round - 1]))
        }
        let median = Measurement.median(renderOnly)
        print(
            String(
                format: "median per frame: render %.3f ms (fastest %.3f), render+compare %.3f ms, advance+render+compare %.3f ms",
                median, renderOnly.min() ?? 0, Measurement.median(renderCompare), Measurement.median(loopFrame)))
        print("identical consecutive frames found by the compare: \(unchanged) of \(2 * rounds * framesPerRound) (checksum \(sink & 0xff))")
        let verdict = median <= targetMilliseconds ? "met" : "NOT MET"
        print(
            String(format: "target: one 120x40 frame of 1000 transfers in at most %.0f ms, measured %.3f ms   ", targetMilliseconds, median)
                + verdict)
    }

    /// Runs `body` (which draws `framesPerRound` frames) and returns milliseconds per frame on the monotonic clock.
    private static func perFrame(_ body: () -> Void) -> Double {
        let start = ChildProcess.monotonicSeconds()
        body()
        return (ChildProcess.monotonicSeconds() - start) * 1000 / Double(framesPerRound)
    }

    /// A value that depends on the frame's cells, so the optimizer cannot drop a render.
    private static func checksum(_ screen: Screen) -> Int {
        screen[7, 5].text.utf8.count &+ screen[60, 20].text.utf8.count &+ screen.cells.count
    }
}
