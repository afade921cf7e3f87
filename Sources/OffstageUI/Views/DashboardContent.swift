import OffstageCore

/// The rows each pane lists after its filter: indices into the snapshot, computed once per frame.
struct DashboardContent {
    /// One row of the scheduled pane.
    enum ScheduledRow: Equatable {
        /// A running BG task (index into `runningTasks`).
        case running(Int)
        /// A pending request (index into `requests`).
        case request(Int)
        /// An Android work request (index into `android.work`).
        case work(Int)
    }

    /// Transfers shown, as indices into `snapshot.transfers`.
    let transfers: [Int]
    /// The position of `transfers[0]` in the pane's list (a window of a longer list starts past 0).
    let transferOffset: Int
    /// How many rows the pane's list has (those held in `transfers` and those only counted).
    let transferCount: Int
    /// Scheduled rows: pending requests in submit order, then running tasks, then Android work (the reducer's
    /// `DashboardRows` order).
    let scheduled: [ScheduledRow]
    /// Event lines shown, as indices into `snapshot.events` (oldest first).
    let events: [Int]

    /// The filtered rows of `snapshot` under `state`'s filters (case-insensitive substrings).
    init(snapshot: Snapshot, state: DashboardState) {
        let transferFilter = Self.needle(state.filters[.transfers])
        let window = DashboardRows.transferWindow(snapshot, filter: state.filters[.transfers])
        if let needle = transferFilter, DashboardRows.listing(snapshot, filter: state.filters[.transfers]) == nil {
            transfers = snapshot.transfers.indices.filter {
                let transfer = snapshot.transfers[$0]
                return transfer.name.lowercased().contains(needle) || transfer.url.lowercased().contains(needle)
            }
        } else {
            transfers = Array(snapshot.transfers.indices)
        }
        transferOffset = window.offset
        transferCount = window.count
        let scheduledFilter = Self.needle(state.filters[.scheduled])
        var rows: [ScheduledRow] = []
        for (index, request) in snapshot.requests.enumerated()
        where scheduledFilter.map({
            request.id.lowercased().contains($0) || request.reasonText.lowercased().contains($0)
        }) ?? true {
            rows.append(.request(index))
        }
        for (index, task) in snapshot.runningTasks.enumerated()
        where scheduledFilter.map({ task.identifier.lowercased().contains($0) }) ?? true {
            rows.append(.running(index))
        }
        rows += DashboardRows.workIndices(snapshot, filter: state.filters[.scheduled]).map(ScheduledRow.work)
        scheduled = rows
        if let needle = Self.needle(state.filters[.events]) {
            events = snapshot.events.indices.filter {
                let entry = snapshot.events[$0]
                return entry.kind.rawValue.contains(needle) || entry.subject.lowercased().contains(needle)
                    || entry.reason.lowercased().contains(needle)
            }
        } else {
            events = Array(snapshot.events.indices)
        }
    }

    /// The position of the selected transfer in the pane's list.
    func selectedTransferRow(_ snapshot: Snapshot, _ state: DashboardState) -> Int? {
        guard let id = state.selectedTransfer else { return nil }
        return transfers.firstIndex { snapshot.transfers[$0].id == id }.map { transferOffset + $0 }
    }

    /// The index into `snapshot.transfers` of the list's row at `position`, nil when the view does not hold it.
    func transferIndex(at position: Int) -> Int? {
        let held = position - transferOffset
        return held >= 0 && held < transfers.count ? transfers[held] : nil
    }

    /// The position of the first shown row of the selected request or work.
    func selectedRequestRow(_ snapshot: Snapshot, _ state: DashboardState) -> Int? {
        guard let key = state.selectedScheduled else { return nil }
        return scheduled.firstIndex { self.key(of: $0, in: snapshot) == key }
    }

    /// What selecting a scheduled row selects.
    func key(of row: ScheduledRow, in snapshot: Snapshot) -> DashboardRows.ScheduledKey {
        switch row {
        case .running(let index): .request(snapshot.runningTasks[index].identifier)
        case .request(let index): .request(snapshot.requests[index].id)
        case .work(let index): .work(snapshot.android?.work[index].id ?? "")
        }
    }

    /// A filter's lowercased text, nil when there is none.
    private static func needle(_ filter: String?) -> String? {
        guard let filter, !filter.isEmpty else { return nil }
        return filter.lowercased()
    }
}
