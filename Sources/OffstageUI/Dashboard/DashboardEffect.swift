import OffstageCore

/// What the dashboard asks its host to do after an input: pure data, carried out by the shell.
public enum DashboardEffect: Equatable, Sendable {
    /// Send this command to the engine (in process, or through the inbox of the engine it is attached to).
    case send(DaemonCommand)
    /// Run virtual time at this rate (×1, ×10, ×60, ×600, or frozen).
    case setClockRate(ClockRate)
    /// Move virtual time to the next deadline at once.
    case jumpToNextDeadline
    /// Redraw the whole terminal (Ctrl-L).
    case redrawAll
    /// Leave the dashboard (a hosting one stops its engine cleanly; an attached one leaves it running).
    case quit
}
