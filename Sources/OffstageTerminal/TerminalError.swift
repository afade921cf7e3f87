import Glibc
import OffstageUI

/// Why a terminal could not be opened.
public enum TerminalError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Standard input or output is not a terminal (a pipe, a file): the dashboard cannot run there.
    case notATerminal
    /// Another `NCursesTerminal` is open in this process (ncurses has one current screen).
    case alreadyOpen
    /// `TERM` is not set (or empty): nothing says what the terminal understands.
    case noTerminalType
    /// ncurses does not know the terminal type (`TERM`), or could not set it up.
    case unknownTerminal(String)
    /// The terminal type cannot move the cursor to a cell (`TERM=dumb`): a full screen cannot be drawn on it.
    case cannotAddressCursor(String)
    /// A system call failed.
    case system(call: String, errno: Int32)

    /// Whether the terminal is there but of a kind the dashboard cannot draw on (its caller falls back to plain
    /// lines then).
    public var isUnsuitableTerminal: Bool {
        switch self {
        case .noTerminalType, .unknownTerminal, .cannotAddressCursor: true
        case .notATerminal, .alreadyOpen, .system: false
        }
    }

    /// One line for a person (the terminal type escaped: it comes from the environment).
    public var description: String {
        switch self {
        case .notATerminal: "standard input or output is not a terminal"
        case .alreadyOpen: "a terminal is already open in this process"
        case .noTerminalType: "TERM is not set"
        case .unknownTerminal(let type): "the terminal type TERM=\(Printable.escape(type)) is unknown to terminfo"
        case .cannotAddressCursor(let type): "TERM=\(Printable.escape(type)) cannot move the cursor"
        case .system(let call, let code): "\(call) failed: \(String(cString: strerror(code)))"
        }
    }
}
