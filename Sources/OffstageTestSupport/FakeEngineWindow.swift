import OffstageCore

/// The window of a whole snapshot an engine sends a view that subscribed to one, for `FakeEngineClient`: the same
/// `TransferQuery` arithmetic the runtime uses, over rows in memory.
enum FakeEngineWindow {
    /// `full` as `subscription` asks for it.
    static func cut(_ full: Snapshot, for subscription: SnapshotSubscription) -> Snapshot {
        let query = subscription.transfers
        guard !query.listsEverything else { return full }
        let listed = full.transfers.filter { query.lists($0) }
        let selected = query.selected.flatMap { id in listed.firstIndex { $0.id == id } }
        let held = query.held(count: listed.count, selectedPosition: selected)
        var snapshot = full
        snapshot.transfers = Array(listed[held])
        snapshot.listing = TransferListing(
            query: query, offset: held.lowerBound, count: listed.count, selectedPosition: selected)
        snapshot.totals = full.transferTotals
        return snapshot
    }
}
