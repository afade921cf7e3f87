import Foundation
import OffstageCore
import OffstageDashboard
import OffstageRuntime
import OffstageTerminal
import OffstageUI
import Synchronization

/// How a dashboard shows itself: on the terminal with ncurses, or as plain lines when standard output is not a
/// terminal. Owns the terminal; restores it on every way out. A stop signal, or the terminal hanging up, ends it
/// the same clean way whenever it comes (`signals` keeps one that comes before the loop runs).
final class DashboardFace {
    private let terminal: NCursesTerminal?
    /// Tells the face a snapshot arrived; safe from any thread.
    let waker: @Sendable () -> Void
    private let plainWake: PlainWake
    private let signals: StopSignals

    private init(terminal: NCursesTerminal?, plainWake: PlainWake, signals: StopSignals) {
        self.terminal = terminal
        self.plainWake = plainWake
        self.signals = signals
        if let terminal {
            waker = { [terminal] in terminal.wake() }
            // From now on a hang-up the terminal notices, or a signal it is told of, is the command's stop.
            terminal.onSignal = { signal in signals.post(signal) }
        } else {
            waker = { [plainWake] in plainWake.signal() }
        }
    }

    /// The terminal when standard output is one it can draw on, else plain lines; a terminal it cannot draw on
    /// (`TERM` unset, unknown or `dumb`) gets one line on stderr saying why first.
    static func make(signals: StopSignals) throws -> DashboardFace {
        guard isatty(STDOUT_FILENO) == 1, isatty(STDIN_FILENO) == 1 else {
            return DashboardFace(terminal: nil, plainWake: PlainWake(), signals: signals)
        }
        do {
            return DashboardFace(terminal: try NCursesTerminal(), plainWake: PlainWake(), signals: signals)
        } catch let error as TerminalError where error.isUnsuitableTerminal {
            printError("offstage: \(error), so the dashboard shows plain progress lines (Ctrl-C stops it)")
            return DashboardFace(terminal: nil, plainWake: PlainWake(), signals: signals)
        } catch {
            throw CLIError.failed("cannot open the terminal: \(error)")
        }
    }

    /// Restores the terminal (idempotent).
    func close() { terminal?.close() }

    /// Runs the dashboard on `engine` until `q`, a signal or the engine's end; then closes the engine's client (a
    /// hosted engine stops cleanly) and restores the terminal. Plain output of a story ends with the story when asked.
    func run(engine: any EngineClient, director: DemoDirector?, plainUntilStoryEnds: Bool) throws {
        let exit: DashboardLoop.Exit
        if let terminal {
            let loop = DashboardLoop(terminal: terminal, engine: engine)
            loop.director = director
            let box = LoopSignals(loop: loop)
            signals.attach { number in box.post(number) }  // one that came before is posted at once
            exit = loop.run()
            signals.attach { _ in }  // a second signal while the engine stops changes nothing
            terminal.close()
            engine.close()
        } else {
            signals.attach { [plainWake] _ in plainWake.signal() }
            var plain = PlainRunner(engine: engine, wake: plainWake, director: director, signals: signals)
            exit = plain.run(untilStoryEnds: plainUntilStoryEnds)
            signals.attach { _ in }
            engine.close()
        }
        switch exit {
        case .quit: return
        case .signal(let number):
            throw CLIError.interrupted(
                "stopped by \(StopSignals.name(number)); the store is clean, and the same command resumes")
        case .engineEnded(let reason): say("offstage: \(reason)")
        }
    }
}

/// Hands a signal from the terminal adapter to the loop.
final class LoopSignals: @unchecked Sendable {
    // Safety: `DashboardLoop.post(signal:)` only touches its Mutex-protected box and the terminal's wake pipe.
    private let loop: DashboardLoop

    init(loop: DashboardLoop) { self.loop = loop }

    func post(_ number: Int32) { loop.post(signal: number) }
}

/// Wakes the plain runner when a snapshot arrives.
final class PlainWake: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)

    func signal() { semaphore.signal() }

    /// Waits at most `seconds`.
    func wait(_ seconds: Double) { _ = semaphore.wait(timeout: .now() + max(0, seconds)) }
}

/// Plain progress lines on standard output, with the demo's script if there is one.
struct PlainRunner {
    let engine: any EngineClient
    let wake: PlainWake
    var director: DemoDirector?
    let signals: StopSignals
    private var sent = SentCommands()
    private var progress = PlainProgress()
    private var seen: UInt64?
    private var latest: Snapshot?
    private var lastLine: String?

    init(engine: any EngineClient, wake: PlainWake, director: DemoDirector?, signals: StopSignals) {
        self.engine = engine
        self.wake = wake
        self.director = director
        self.signals = signals
    }

    mutating func run(untilStoryEnds: Bool) -> DashboardLoop.Exit {
        let clock = SystemFrameClock()
        while true {
            if let number = signals.caught { return .signal(number) }
            if let reason = engine.ended { return .engineEnded(reason) }
            if let snapshot = engine.snapshot(newerThan: seen) {
                seen = snapshot.sequence
                latest = snapshot
                for line in progress.lines(for: snapshot, at: clock.seconds()) { say(line) }
            }
            for notice in sent.refusals(from: engine) { say("offstage: \(notice)") }
            if var current = director, let snapshot = latest {
                let due = current.due(at: clock.seconds(), snapshot: snapshot)
                for effect in due.effects {
                    if let line = sent.send(effect, to: engine) { say("offstage: \(line)") }
                }
                if let line = due.line, line != lastLine {
                    say("demo ▸ " + line)
                    lastLine = line
                }
                director = current.isFinished ? nil : current
                if current.isFinished, untilStoryEnds { return .quit }
            }
            wake.wait(0.5)
        }
    }
}
