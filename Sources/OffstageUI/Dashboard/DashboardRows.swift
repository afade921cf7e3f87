import Foundation
import OffstageCore

/// The rows each pane lists after its filter: the one definition the reducer (selection, scrolling) and the views
/// (drawing) share, so what is selected is always what is drawn.
public enum DashboardRows {
    /// A row of the scheduled pane: a pending request, a running task, or an Android work request.
    public enum ScheduledRow: Equatable, Sendable {
        /// A request that has not run yet.
        case pending(RequestSnapshot)
        /// A task running now.
        case running(RunningTaskSnapshot)
        /// An Android work request, in any state.
        case work(WorkSnapshot)

        /// The task identifier, or the work request's id.
        public var identifier: String {
            switch self {
            case .pending(let request): request.id
            case .running(let task): task.identifier
            case .work(let work): work.id
            }
        }

        /// What the selection holds for this row.
        public var key: ScheduledKey {
            switch self {
            case .pending(let request): .request(request.id)
            case .running(let task): .request(task.identifier)
            case .work(let work): .work(work.id)
            }
        }
    }

    /// What the scheduled pane's selection names: an iOS task identifier or an Android work id (two namespaces,
    /// so a work id never selects a BG task request of the same spelling).
    public enum ScheduledKey: Hashable, Sendable {
        /// A BG task request or running task, by identifier.
        case request(String)
        /// A work request, by id.
        case work(String)
    }

    /// The transfers the pane lists: the snapshot's, in id order, whose name or URL matches the filter.
    public static func transfers(_ snapshot: Snapshot, filter: String?) -> [TransferSnapshot] {
        transferWindow(snapshot, filter: filter).rows
    }

    /// The transfer rows the pane holds and where they sit in its list: `rows` are the list's rows from position
    /// `offset` on, of `count` in all. A snapshot made for the pane's filter (its `listing` asked for it) holds a
    /// window of the engine's list; any other is filtered here and holds the whole list.
    public static func transferWindow(
        _ snapshot: Snapshot, filter: String?
    ) -> (rows: [TransferSnapshot], offset: Int, count: Int) {
        if let listing = listing(snapshot, filter: filter) {
            return (snapshot.transfers, listing.offset, listing.count)
        }
        let rows = snapshot.transfers.filter { matches(filter, [$0.name, $0.url]) }
        return (rows, 0, rows.count)
    }

    /// Where the snapshot's transfers sit in the pane's list, when the engine made them for the pane's filter (nil:
    /// they are every transfer, or were made for another filter).
    static func listing(_ snapshot: Snapshot, filter: String?) -> TransferListing? {
        guard let listing = snapshot.listing, needle(listing.query.filter) == needle(filter),
            listing.query.ids == nil, listing.query.states == nil
        else { return nil }
        return listing
    }

    /// A filter's text in lower case, nil when there is none.
    static func needle(_ filter: String?) -> String? {
        guard let filter, !filter.isEmpty else { return nil }
        return filter.lowercased()
    }

    /// The scheduled pane's rows: pending requests in submit order (identifier or reason matching the filter),
    /// then running tasks (identifier matching), then Android work (`work(_:filter:)`).
    public static func scheduled(_ snapshot: Snapshot, filter: String?) -> [ScheduledRow] {
        let pending = snapshot.requests.filter { matches(filter, [$0.id, $0.reasonText]) }
        let running = snapshot.runningTasks.filter { matches(filter, [$0.identifier]) }
        return pending.map(ScheduledRow.pending) + running.map(ScheduledRow.running)
            + work(snapshot, filter: filter).map(ScheduledRow.work)
    }

    /// The Android work the pane lists: unfinished work in enqueue order, then finished work (succeeded, failed,
    /// cancelled) in enqueue order; name, tag, state or reason matching the filter. Empty without Android.
    public static func work(_ snapshot: Snapshot, filter: String?) -> [WorkSnapshot] {
        guard let android = snapshot.android else { return [] }
        return workIndices(snapshot, filter: filter).map { android.work[$0] }
    }

    /// `work(_:filter:)` as indices into `snapshot.android.work`.
    static func workIndices(_ snapshot: Snapshot, filter: String?) -> [Int] {
        guard let android = snapshot.android, android.profile.includesAndroid else { return [] }
        let now = snapshot.clock.now
        let listed = android.work.indices.filter {
            let work = android.work[$0]
            return matches(filter, [work.name, work.state.rawValue, work.reason?.text(now: now) ?? ""] + work.tags)
        }
        return listed.filter { !android.work[$0].state.isFinished }
            + listed.filter { android.work[$0].state.isFinished }
    }

    /// The iOS identifiers the scheduled pane's selection moves through, in row order, each once (a request
    /// resubmitted while its task runs is one selection).
    public static func scheduledIdentifiers(_ snapshot: Snapshot, filter: String?) -> [String] {
        scheduledKeys(snapshot, filter: filter).compactMap {
            if case .request(let identifier) = $0 { return identifier }
            return nil
        }
    }

    /// Every selection the scheduled pane's selection moves through, in row order, each once: iOS identifiers,
    /// then Android work ids.
    public static func scheduledKeys(_ snapshot: Snapshot, filter: String?) -> [ScheduledKey] {
        var seen = Set<ScheduledKey>()
        return scheduled(snapshot, filter: filter).map(\.key).filter { seen.insert($0).inserted }
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
        case .transfers: transferWindow(snapshot, filter: filter).count
        case .scheduled: scheduledKeys(snapshot, filter: filter).count
        case .events: events(snapshot, filter: filter).count
        }
    }
}
