import Foundation
import OffstageCore

/// The rows each pane lists after its filter: the one definition the reducer (selection, scrolling) and the views
/// (drawing) share, so what is selected is always what is drawn.
public enum DashboardRows {
    /// A row of the scheduled pane: a pending request or a running task.
    public enum ScheduledRow: Equatable, Sendable {
        /// A request that has not run yet.
        case pending(RequestSnapshot)
        /// A task running now.
        case running(RunningTaskSnapshot)

        /// The task identifier (what the selection holds).
        public var identifier: String {
            switch self {
            case .pending(let request): request.id
            case .running(let task): task.identifier
            }
        }
    }

    /// The transfers the pane lists: the snapshot's, in id order, whose name or URL matches the filter.
    public static func transfers(_ snapshot: Snapshot, filter: String?) -> [TransferSnapshot] {
        snapshot.transfers.filter { matches(filter, [$0.name, $0.url]) }
    }

    /// The scheduled pane's rows: pending requests in submit order (identifier or reason matching the filter),
    /// then running tasks (identifier matching).
    public static func scheduled(_ snapshot: Snapshot, filter: String?) -> [ScheduledRow] {
        let pending = snapshot.requests.filter { matches(filter, [$0.id, $0.reasonText]) }
        let running = snapshot.runningTasks.filter { matches(filter, [$0.identifier]) }
        return pending.map(ScheduledRow.pending) + running.map(ScheduledRow.running)
    }

    /// The identifiers the scheduled pane's selection moves through, in row order, each once (a request
    /// resubmitted while its task runs is one selection).
    public static func scheduledIdentifiers(_ snapshot: Snapshot, filter: String?) -> [String] {
        var seen = Set<String>()
        return scheduled(snapshot, filter: filter).map(\.identifier).filter { seen.insert($0).inserted }
    }

    /// The event-log lines the pane lists, oldest first, with their index in `snapshot.events`.
    public static func events(_ snapshot: Snapshot, filter: String?) -> [(index: Int, entry: LogEntry)] {
        snapshot.events.enumerated()
            .filter { matches(filter, [$0.element.kind.rawValue, $0.element.subject, $0.element.reason]) }
            .map { (index: $0.offset, entry: $0.element) }
    }

    /// Whether any of the fields contains the filter, ignoring case (an empty or nil filter matches everything).
    public static func matches(_ filter: String?, _ fields: [String]) -> Bool {
        guard let filter, !filter.isEmpty else { return true }
        let needle = filter.lowercased()
        return fields.contains { $0.lowercased().contains(needle) }
    }

    /// How many rows the pane lists.
    static func count(_ pane: DashboardState.Pane, _ snapshot: Snapshot, filter: String?) -> Int {
        switch pane {
        case .transfers: transfers(snapshot, filter: filter).count
        case .scheduled: scheduledIdentifiers(snapshot, filter: filter).count
        case .events: events(snapshot, filter: filter).count
        }
    }
}
