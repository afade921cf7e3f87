import OffstageCore

/// The event log as a story sees it: every line of the snapshots it was shown, each once, oldest first.
///
/// A snapshot carries only the newest lines (`Snapshot.eventLimit`) and snapshots are latest-wins, so each new one
/// is lined up with the lines already seen by its newest ones and only what follows them is added.
public struct StoryEventLog: Sendable {
    /// The lines seen, oldest first.
    public private(set) var lines: [LogEntry] = []
    /// How many of the last lines seen must match to line a snapshot up with them.
    static let overlap = 4

    /// An empty log.
    public init() {}

    /// Adds the lines of `events` (a snapshot's) that follow those already seen; returns how many were new.
    @discardableResult
    public mutating func absorb(_ events: [LogEntry]) -> Int {
        let start = firstNew(in: events)
        guard start < events.count else { return 0 }
        lines += events[start...]
        return events.count - start
    }

    /// The index in `events` of the first line not seen yet.
    private func firstNew(in events: [LogEntry]) -> Int {
        guard let last = lines.last else { return 0 }
        let tail = Array(lines.suffix(Self.overlap))
        // The newest occurrence of the lines seen last, matched as far back as both go.
        for end in stride(from: events.count - 1, through: 0, by: -1) where events[end] == last {
            let length = min(tail.count, end + 1)
            if Array(events[(end + 1 - length)...end]) == Array(tail.suffix(length)) { return end + 1 }
        }
        // None of them is in the snapshot any more: every line in it is newer.
        return 0
    }
}
