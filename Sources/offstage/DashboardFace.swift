import Foundation
import OffstageCore
import OffstageDashboard
import OffstageRuntime
import OffstageTerminal
import OffstageUI
import Synchronization

/// How a dashboard shows itself: on the terminal with ncurses, or as plain lines when standard output is not a
/// terminal (the same loop on a terminal with no screen). Owns the terminal; restores it on every way out. A stop
/// signal, or the terminal hanging up, ends it the same clean way whenever it comes (`signals` keeps one that comes
/// before the loop runs).
final class DashboardFace {
    private let terminal: NCursesTerminal?
    /// The terminal with no screen that plain output runs on.
    private let headless: HeadlessTerminal
    /// Tells the face a snapshot arrived; safe from any thread.
    let waker: @Sendable () -> Void
    private let signals: StopSignals

    /// The size a dashboard with no terminal draws at (what a recording of it shows).
    static let headlessSize = Size(width: 100, height: 30)

    private init(terminal: NCursesTerminal?, signals: StopSignals) {
        self.terminal = terminal
        self.signals = signals
        let headless = HeadlessTerminal(size: Self.headlessSize)
        self.headless = headless
        if let terminal {
            waker = { [terminal] in terminal.wake() }
            // From now on a hang-up the terminal notices, or a signal it is told of, is the command's stop.
            terminal.onSignal = { signal in signals.post(signal) }
        } else {
            waker = { [headless] in headless.wake() }
        }
    }

    /// The terminal when standard output is one it can draw on, else plain lines; a terminal it cannot draw on
    /// (`TERM` unset, unknown or `dumb`) gets one line on stderr saying why first.
    static func make(signals: StopSignals) throws -> DashboardFace {
        guard isatty(STDOUT_FILENO) == 1, isatty(STDIN_FILENO) == 1 else {
            return DashboardFace(terminal: nil, signals: signals)
        }
        do {
            return DashboardFace(terminal: try NCursesTerminal(), signals: signals)
        } catch let error as TerminalError where error.isUnsuitableTerminal {
            printError("offstage: \(error), so the dashboard shows plain progress lines (Ctrl-C stops it)")
            return DashboardFace(terminal: nil, signals: signals)
        } catch {
            throw CLIError.failed("cannot open the terminal: \(error)")
        }
    }

    /// Restores the terminal (idempotent).
    func close() { terminal?.close() }

    /// Runs the dashboard on `engine` (playing `story`'s, when given) until `q`, a signal or the engine's end; then
    /// closes the engine's client (a hosted engine stops cleanly) and restores the terminal. Plain output of a story
    /// ends with the story. `record` writes what the dashboard draws to an asciinema file. With `notifications`, a
    /// transfer that ends sends a terminal notification and rings the bell.
    func run(
        engine: any EngineClient, story: StoryStage? = nil, record: String? = nil, notifications: Bool = false
    ) throws {
        let recorder: CastRecorder?
        let size = terminal?.size ?? Self.headlessSize
        do {
            recorder = try record.map {
                try CastRecorder(path: $0, size: size, title: story.map { "offstage: \($0.story.title)" } ?? "offstage")
            }
        } catch {
            close()
            engine.close()
            throw CLIError.failed("\(error)")
        }
        let screen: any TerminalDevice = terminal ?? headless
        let device = recorder.map { RecordingTerminal(inner: screen, recorder: $0) as any TerminalDevice } ?? screen
        let loop =
            story?.loop(engine: engine, terminal: device, mode: .dashboard)
            ?? DashboardLoop(terminal: device, engine: engine)
        loop.notifications = notifications
        if terminal == nil {
            var progress = PlainProgress()
            let clock = SystemFrameClock()
            loop.onSnapshot = { snapshot in
                for line in progress.lines(for: snapshot, at: clock.seconds()) { say(line) }
            }
            var narration: String?
            loop.onStoryLog = { _ in }
            loop.onScriptLine = { line in
                guard line != narration else { return }
                narration = line
                say("demo ▸ " + line)
            }
            loop.endsWithStory = story != nil
        }
        let box = LoopSignals(loop: loop)
        signals.attach { number in box.post(number) }  // one that came before is posted at once
        let exit = loop.run()
        signals.attach { _ in }  // a second signal while the engine stops changes nothing
        recorder?.finish()
        terminal?.close()
        engine.close()
        switch exit {
        case .quit, .storyEnded: return
        case .signal(let number):
            throw CLIError.interrupted(
                "stopped by \(StopSignals.name(number)); the store is clean, and the same command resumes")
        case .engineEnded(let reason): say("offstage: \(reason)")
        }
    }
}

/// Hands a signal from the terminal adapter to the loop.
final class LoopSignals: @unchecked Sendable {
    // Safety: `DashboardLoop.post(signal:)` only touches its Mutex-protected box and the terminal's wake call.
    private let loop: DashboardLoop

    init(loop: DashboardLoop) { self.loop = loop }

    func post(_ number: Int32) { loop.post(signal: number) }
}

/// Wakes a command that waits for its engine (`get`) when a snapshot or an outcome arrives.
final class PlainWake: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)

    func signal() { semaphore.signal() }

    /// Waits at most `seconds`.
    func wait(_ seconds: Double) { _ = semaphore.wait(timeout: .now() + max(0, seconds)) }
}
