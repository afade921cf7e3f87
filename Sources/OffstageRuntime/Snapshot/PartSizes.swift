import Foundation
import OffstageCore
import OffstageStore

/// The sizes of the partial files under a home's `parts/`, read into the transfers a snapshot shows.
enum PartSizes {
    /// The bytes `parts/<id>.part` holds, or nil when there is no such regular file.
    static func size(home: OffstageHome, taskID: Int64) -> Int64? {
        var info = stat()
        guard lstat(home.partPath(taskID: taskID), &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int64(info.st_size)
    }

    /// `transfers` with `partBytes` filled in for every download that has not completed (a completed one has
    /// handed its partial file over).
    static func filled(_ transfers: [TransferSnapshot], home: OffstageHome) -> [TransferSnapshot] {
        transfers.map { transfer in
            guard transfer.kind == .download, transfer.state != .completed else { return transfer }
            var filled = transfer
            filled.partBytes = size(home: home, taskID: transfer.id)
            return filled
        }
    }
}
