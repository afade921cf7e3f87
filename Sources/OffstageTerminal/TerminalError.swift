/// Why a terminal could not be opened.
public enum TerminalError: Error, Equatable, Sendable {
    /// Standard input or output is not a terminal (a pipe, a file): the dashboard cannot run there.
    case notATerminal
    /// Another `NCursesTerminal` is open in this process (ncurses has one current screen).
    case alreadyOpen
    /// ncurses does not know the terminal type (`TERM`), or could not set it up.
    case unknownTerminal(String)
    /// A system call failed.
    case system(call: String, errno: Int32)
}
