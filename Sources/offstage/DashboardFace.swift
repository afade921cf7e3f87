import Foundation
import OffstageCore
import OffstageDashboard
import OffstageRuntime
import OffstageTerminal
import OffstageUI
import Synchronization

/// How a dashboard shows itself: on the terminal with ncurses, or as plain lines when standard output is not a
/// terminal. Owns the terminal; restores it on every way out.
final class DashboardFace {
    private let terminal: NCursesTerminal?
    /// Tells the face a snapshot arrived; safe from any thread.
    let waker: @Sendable () -> Void
    private let plainWake: PlainWake

    private init(terminal: NCursesTerminal?, plainWake: PlainWake) {
        self.terminal = terminal
        self.plainWake = plainWake
        if let terminal {
            waker = { [terminal] in terminal.wake() }
        } else {
            waker = { [plainWake] in plainWake.signal() }
        }
    }

    /// The terminal when standard output is one, else plain lines.
    static func make() throws -> DashboardFace {
        guard isatty(STDOUT_FILENO) == 1, isatty(STDIN_FILENO) == 1 else {
            return DashboardFace(terminal: nil, plainWake: PlainWake())
        }
        do {
            return DashboardFace(terminal: try NCursesTerminal(), plainWake: PlainWake())
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
            terminal.onSignal = { number in box.post(number) }
            exit = loop.run()
            terminal.onSignal = nil
            terminal.close()
            engine.close()
        } else {
            var plain = PlainRunner(engine: engine, wake: plainWake, director: director)
            exit = plain.run(untilStoryEnds: plainUntilStoryEnds)
            engine.close()
        }
        switch exit {
        case .quit: return
        case .signal(let number):
            throw CLIError.interrupted(
                "stopped by \(SignalTrap.name(number)); the store is clean, and the same command resumes")
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
    private var sent = SentCommands()
    private var progress = PlainProgress()
    private var seen: UInt64?
    private var latest: Snapshot?
    private var lastLine: String?

    init(engine: any EngineClient, wake: PlainWake, director: DemoDirector?) {
        self.engine = engine
        self.wake = wake
        self.director = director
    }

    mutating func run(untilStoryEnds: Bool) -> DashboardLoop.Exit {
        let signals = SignalCatcher()
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

/// SIGINT, SIGTERM and SIGHUP caught for the plain runner.
final class SignalCatcher: Sendable {
    private let box = SignalBox()
    private let trap: SignalTrapBox

    init() {
        let box = self.box
        trap = SignalTrapBox { signal in box.post(signal) }
    }

    /// The first signal caught, if any.
    var caught: Int32? { box.peek }
}

/// Keeps a `SignalTrap` alive for as long as its owner.
final class SignalTrapBox: @unchecked Sendable {
    // Safety: the trap is created once here and only cancelled in deinit.
    private let trap: SignalTrap

    init(_ handler: @escaping @Sendable (Int32) -> Void) { trap = SignalTrap(handler) }

    deinit { trap.cancel() }
}
