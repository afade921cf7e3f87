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

    /// The size of every regular file `parts/<id>.part` holds, by task id (one directory read; a home of waiting
    /// tasks has none), as `size` finds each.
    static func all(home: OffstageHome) -> [Int64: Int64] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: home.partsDirectory) else { return [:] }
        var sizes: [Int64: Int64] = [:]
        for name in names where name.hasSuffix(".part") {
            guard let id = Int64(name.dropLast(5)), home.partPath(taskID: id).hasSuffix("/" + name),
                let bytes = size(home: home, taskID: id)
            else { continue }
            sizes[id] = bytes
        }
        return sizes
    }
}
