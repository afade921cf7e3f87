import OffstageCore

extension Navigation {
    /// Keeps the selection valid for a snapshot and the filters: a vanished selection falls to its nearest row,
    /// no selection becomes the first row, an empty pane selects nothing; details of a vanished row close.
    static func reconcile(state: inout DashboardState, snapshot: Snapshot) {
        let listed = DashboardRows.transferWindow(snapshot, filter: state.filters[.transfers])
        let transferIDs = listed.rows.map(\.id)
        if let jump = state.transferJump, jump - listed.offset >= 0, jump - listed.offset < transferIDs.count {
            // The row a move went to has come: select it.
            state.selectedTransfer = transferIDs[jump - listed.offset]
            state.transferJump = nil
        } else if let jump = state.transferJump, jump >= listed.count {
            state.transferJump = listed.count > 0 ? listed.count - 1 : nil
        }
        state.selectedTransfer = nearestTransfer(state.selectedTransfer, in: transferIDs)
        let transferIndex =
            state.transferJump ?? state.selectedTransfer.flatMap { transferIDs.firstIndex(of: $0) }.map {
                listed.offset + $0
            } ?? 0
        state.transferScroll = max(0, min(state.transferScroll, transferIndex))

        let keys = DashboardRows.scheduledKeys(snapshot, filter: state.filters[.scheduled])
        if keys.isEmpty {
            state.selectedScheduled = nil
            state.selectedRequestRow = 0
        } else if let selected = state.selectedScheduled, let row = keys.firstIndex(of: selected) {
            state.selectedRequestRow = row
        } else {
            let row = state.selectedScheduled == nil ? 0 : min(max(0, state.selectedRequestRow), keys.count - 1)
            state.selectedScheduled = keys[row]
            state.selectedRequestRow = row
        }
        state.requestScroll = max(0, min(state.requestScroll, state.selectedRequestRow))

        let events = DashboardRows.events(snapshot, filter: state.filters[.events]).map(\.entry)
        if state.eventScroll > 0, let seen = state.newestEventSeen, let index = events.lastIndex(of: seen) {
            state.eventScroll += events.count - 1 - index  // lines that arrived since push the view back
        }
        state.newestEventSeen = events.last
        state.eventScroll = max(0, min(state.eventScroll, events.count - 1))

        switch state.overlay {
        case .transferDetails(let id) where !snapshot.transfers.contains(where: { $0.id == id }):
            state.overlay = nil
            state.message = "task \(id) is gone"
        case .requestDetails(let identifier)
        where !snapshot.requests.contains(where: { $0.id == identifier })
            && !snapshot.runningTasks.contains(where: { $0.identifier == identifier }):
            state.overlay = nil
            state.message = "\(TransferDaemon.printable(identifier)) is no longer pending or running"
        case .workDetails(let id) where !(snapshot.android?.work.contains(where: { $0.id == id }) ?? false):
            state.overlay = nil
            state.message = "work \(TransferDaemon.printable(id)) is gone (pruned)"
        default: break
        }
    }

    /// The selected transfer for these rows (in id order): kept, else the next id (the row that took its place),
    /// else the last; the first row when nothing was selected; nil when there are no rows.
    static func nearestTransfer(_ selected: Int64?, in ids: [Int64]) -> Int64? {
        guard let selected else { return ids.first }
        if ids.contains(selected) { return selected }
        return ids.first { $0 > selected } ?? ids.last
    }
}
