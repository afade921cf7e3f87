import OffstageCore

/// What an open dashboard tells the desktop when a transfer ends (completed or failed), one line a transfer, with
/// server text escaped. Pure: the loop compares two snapshots, the terminal sends the lines.
public enum TransferNotice {
    /// The longest line sent.
    public static let maximumLength = 200

    /// The transfers that ended between `previous` and `next`: shown unfinished in `previous`, completed or failed in
    /// `next`. None for the first snapshot: nothing ended while the dashboard was watching.
    public static func ended(from previous: Snapshot?, to next: Snapshot) -> [String] {
        guard let previous else { return [] }
        var before: [Int64: TransferState] = [:]
        for transfer in previous.transfers { before[transfer.id] = transfer.state }
        return next.transfers.compactMap { transfer -> String? in
            guard let was = before[transfer.id], !was.isTerminal else { return nil }
            let name = TransferDaemon.printable(transfer.name)
            let line: String
            switch transfer.state {
            case .completed:
                line = "\(name): \(transfer.kind == .upload ? "upload" : "download") completed"
            case .failed:
                line = "\(name) failed" + (transfer.error.map { ": " + TransferDaemon.printable($0) } ?? "")
            default: return nil
            }
            return line.count > maximumLength ? String(line.prefix(maximumLength - 1)) + "…" : line
        }
    }
}
