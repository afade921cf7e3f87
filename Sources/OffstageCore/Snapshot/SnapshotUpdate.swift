import Foundation

/// What changed between two snapshots a view holds, keyed: the parts that differ, the transfer rows that changed or
/// came into its window (by id), the ids of rows that left it, and the new event lines. The engine sends a view its
/// first snapshot whole and then only these, so a publication where little changed carries little, however many
/// tasks the home stores.
///
/// `Snapshot.applying(_:)` turns the snapshot the update was made from into the one it was made to.
public struct SnapshotUpdate: Codable, Sendable, Equatable {
    /// A part replaced as a whole (it may become nil).
    public struct Replaced<Value: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
        /// Its new value.
        public var value: Value
    }

    /// The publication's number.
    public var sequence: UInt64
    /// The whole snapshot, when the view holds none yet (every other field is then empty).
    public var whole: Snapshot?
    /// The clock, when it changed.
    public var clock: ClockSnapshot?
    /// The engine, when it changed.
    public var engine: EngineSnapshot?
    /// The device, when it changed.
    public var device: DeviceSnapshot?
    /// The app, when it changed.
    public var app: AppSnapshot?
    /// The listing, when it changed.
    public var listing: Replaced<TransferListing?>?
    /// The totals, when they changed.
    public var totals: Replaced<TransferTotals?>?
    /// Transfer rows that changed or came into the view's window, in id order.
    public var transfers: [TransferSnapshot] = []
    /// Ids of rows the view holds that left its window.
    public var removed: [Int64] = []
    /// The requests, when they changed.
    public var requests: [RequestSnapshot]?
    /// The running tasks, when they changed.
    public var runningTasks: [RunningTaskSnapshot]?
    /// Event lines recorded since (appended at the end).
    public var newEvents: [LogEntry] = []
    /// How many of the oldest event lines the view drops after appending (it keeps the newest `Snapshot.eventLimit`).
    public var droppedEvents = 0
    /// The event lines as a whole, when they cannot be told as lines added (the engine's log was seeded anew).
    public var events: [LogEntry]?
    /// The count of lines recorded, when it changed.
    public var eventsRecorded: Replaced<Int?>?
    /// The Android side, when it changed.
    public var android: Replaced<AndroidSnapshot?>?
    /// The engine-wide rate limit, when it changed.
    public var rateLimit: Replaced<Int64?>?

    /// An update carrying `snapshot` whole.
    public init(whole snapshot: Snapshot) {
        sequence = snapshot.sequence
        whole = snapshot
    }

    /// An update that changes nothing but the publication's number.
    private init(sequence: UInt64) {
        self.sequence = sequence
    }

    /// The changes from `old` (what the view holds; nil: nothing yet) to `new`. Costs what the two snapshots hold
    /// (a window of rows, the bounded lists), never what the home stores.
    public init(from old: Snapshot?, to new: Snapshot) {
        guard let old else {
            self.init(whole: new)
            return
        }
        self.init(sequence: new.sequence)
        if old.clock != new.clock { clock = new.clock }
        if old.engine != new.engine { engine = new.engine }
        if old.device != new.device { device = new.device }
        if old.app != new.app { app = new.app }
        if old.listing != new.listing { listing = Replaced(value: new.listing) }
        if old.totals != new.totals { totals = Replaced(value: new.totals) }
        if old.requests != new.requests { requests = new.requests }
        if old.runningTasks != new.runningTasks { runningTasks = new.runningTasks }
        if old.android != new.android { android = Replaced(value: new.android) }
        if old.rateLimit != new.rateLimit { rateLimit = Replaced(value: new.rateLimit) }
        if old.eventsRecorded != new.eventsRecorded {
            eventsRecorded = Replaced(value: new.eventsRecorded)
        }
        if old.transfers != new.transfers {
            let held = Dictionary(
                old.transfers.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            transfers = new.transfers.filter { held[$0.id] != $0 }
            let kept = Set(new.transfers.map(\.id))
            removed = old.transfers.map(\.id).filter { !kept.contains($0) }
        }
        if old.events != new.events {
            let added = Self.addedEvents(old: old, new: new)
            if let added {
                newEvents = Array(new.events.suffix(added))
                droppedEvents = old.events.count + added - new.events.count
            } else {
                events = new.events
            }
        }
    }

    /// How many lines `new` has that `old` does not, when `new.events` is `old.events` with lines added at the end
    /// and the oldest dropped (nil otherwise).
    private static func addedEvents(old: Snapshot, new: Snapshot) -> Int? {
        guard let before = old.eventsRecorded, let after = new.eventsRecorded, after >= before else {
            return nil
        }
        let added = after - before
        guard added <= new.events.count else { return nil }
        let dropped = old.events.count + added - new.events.count
        guard dropped >= 0, dropped <= old.events.count else { return nil }
        guard old.events.dropFirst(dropped).elementsEqual(new.events.dropLast(added)) else {
            return nil
        }
        return added
    }

    /// Whether it changes nothing but the publication's number.
    public var isEmpty: Bool {
        whole == nil && clock == nil && engine == nil && device == nil && app == nil && listing == nil
            && totals == nil && transfers.isEmpty && removed.isEmpty && requests == nil
            && runningTasks == nil
            && newEvents.isEmpty && droppedEvents == 0 && events == nil && eventsRecorded == nil
            && android == nil && rateLimit == nil
    }
}

extension Snapshot {
    /// This snapshot with `update` applied: the one the update was made to, when this is the one it was made from.
    public func applying(_ update: SnapshotUpdate) -> Snapshot {
        if let whole = update.whole { return whole }
        var next = self
        next.sequence = update.sequence
        if let clock = update.clock { next.clock = clock }
        if let engine = update.engine { next.engine = engine }
        if let device = update.device { next.device = device }
        if let app = update.app { next.app = app }
        if let listing = update.listing { next.listing = listing.value }
        if let totals = update.totals { next.totals = totals.value }
        if let requests = update.requests { next.requests = requests }
        if let running = update.runningTasks { next.runningTasks = running }
        if let android = update.android { next.android = android.value }
        if let rateLimit = update.rateLimit { next.rateLimit = rateLimit.value }
        if let recorded = update.eventsRecorded { next.eventsRecorded = recorded.value }
        if !update.transfers.isEmpty || !update.removed.isEmpty {
            let removed = Set(update.removed)
            var rows = Dictionary(
                transfers.filter { !removed.contains($0.id) }.map { ($0.id, $0) },
                uniquingKeysWith: { first, _ in first })
            for row in update.transfers { rows[row.id] = row }
            next.transfers = rows.values.sorted { $0.id < $1.id }
        }
        if let events = update.events {
            next.events = events
        } else if !update.newEvents.isEmpty || update.droppedEvents > 0 {
            next.events = Array((events + update.newEvents).dropFirst(max(0, update.droppedEvents)))
        }
        return next
    }
}
