import CNCurses
import COffstageTrap
import Glibc

/// The process-wide signal trap behind `NCursesTerminal`: a self-pipe that ends `poll()` and async-signal-safe
/// C handlers (in `COffstageTrap`). SIGINT, SIGTERM and SIGHUP are not trapped here: they come from
/// `ProcessSignals`, and the terminal's subscription notes them with `note(_:)`.
///
/// This is the ONLY Swift file that may call the `offstage_trap_*` functions: their state is `static` in the
/// header, so each object file that emits them has its own copy.
enum SignalTrap {
    /// The signals reported to the terminal's owner instead of ending the process.
    static let reported: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Notes that `signal` came and wakes the poll, as the C handlers do; any thread.
    static func note(_ signal: Int32) { offstage_trap_note_signal(signal) }

    /// Creates the self-pipe (once per process; it is never closed, so `wake()` is always safe).
    static func openPipe() throws(TerminalError) {
        if offstage_trap_open_pipe() != 0 { throw .system(call: "pipe", errno: errno) }
    }

    /// The pipe's read end, to poll beside the terminal's input.
    static var readDescriptor: Int32 { offstage_trap_read_fd() }

    /// Makes a waiting `readInputs` return; any thread, any time.
    static func wake() { offstage_trap_poke(0) }

    /// Empties the pipe; whether anything (a wake or a signal) was in it.
    @discardableResult
    static func drain() -> Bool { offstage_trap_drain() != 0 }

    /// Remembers the signal actions in place now (before `newterm` adds its own).
    static func snapshot() { offstage_trap_snapshot() }

    /// Installs the handlers for a terminal on `input`/`output` whose shell modes are `shellModes`.
    static func install(input: Int32, output: Int32, shellModes: termios) {
        var modes = shellModes
        offstage_trap_install(input, output, &modes)
    }

    /// Puts the actions from `snapshot()` back and stops restoring the terminal on a crash.
    static func remove() { offstage_trap_remove() }

    /// Whether `signal` came since the last call.
    static func take(_ signal: Int32) -> Bool { offstage_trap_take(signal) != 0 }

    /// Whether the trap is catching `signal` now.
    static func isCatching(_ signal: Int32) -> Bool { offstage_trap_is_catching(signal) != 0 }

    /// Stops the process as SIGTSTP would and returns once it is continued.
    static func stopSelf() { offstage_trap_stop_self() }

}
