/// Where a snapshot's transfers sit in the list a view asked for (`TransferQuery`): they are the rows from
/// `offset` on, of `count` listed; the rest are counted, not sent.
public struct TransferListing: Codable, Sendable, Equatable {
    /// The query the rows answer.
    public var query: TransferQuery
    /// The position of the first row sent among the listed ones.
    public var offset: Int
    /// How many rows the query lists.
    public var count: Int
    /// Where the query's selected task is among the listed rows (nil: it is not listed, or none is selected).
    public var selectedPosition: Int?

    /// A listing.
    public init(query: TransferQuery, offset: Int, count: Int, selectedPosition: Int? = nil) {
        self.query = query
        self.offset = offset
        self.count = count
        self.selectedPosition = selectedPosition
    }
}

extension Snapshot {
    /// How many rows the view's transfer list has (the rows sent and those only counted).
    public var listedTransfers: Int { listing?.count ?? transfers.count }

    /// The position of `transfers[0]` in the view's transfer list.
    public var transferOffset: Int { listing?.offset ?? 0 }

    /// How many transfers the home has, listed or not.
    public var storedTransfers: Int { totals?.count ?? transfers.count }

    /// The queue's totals: the engine's, else those of the rows (a snapshot that holds every transfer).
    public var transferTotals: TransferTotals { totals ?? TransferTotals(rows: transfers) }

    /// Whether the snapshot holds every transfer of the home, in full.
    public var holdsEveryTransfer: Bool { listing == nil || listing?.query.listsEverything == true }
}

extension TransferTotals {
    /// The totals of transfers as a view shows them: their states, live bytes, sizes and speeds.
    public init(rows: [TransferSnapshot]) {
        self.init()
        for row in rows { add(row: row) }
    }

    /// Counts in one transfer as a view shows it (a listing that adds its rows up as it reads them).
    public mutating func add(row: TransferSnapshot) {
        count(row.state)
        if let rowSpeed = row.speed, row.state == .running { speed = (speed ?? 0) + rowSpeed }
        guard row.state != .failed, row.state != .cancelled else { return }
        let done = max(0, row.bytes)
        bytesDone &+= done
        if let expected = row.bytesExpected {
            bytesTotal &+= max(expected, done)
        } else if row.state == .completed {
            bytesTotal &+= done
        } else {
            unknownSizes += 1
        }
    }

    /// Counts one task in `state`.
    mutating func count(_ state: TransferState) {
        switch state {
        case .queued: queued += 1
        case .running: running += 1
        case .retrying: retrying += 1
        case .paused: paused += 1
        case .finishing: finishing += 1
        case .completed: completed += 1
        case .failed: failed += 1
        case .cancelled: cancelled += 1
        }
    }
}
