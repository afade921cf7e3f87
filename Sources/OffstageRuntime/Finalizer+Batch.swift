import Foundation
import OffstageCore

/// Step 2 for many deliveries at once, with one sync per folder instead of two per file.
///
/// A thousand downloads that end together each synced their file, its folder and the parts folder: three
/// synchronous writes each, a seventh of `many`'s CPU. Together, every file is linked and given its mode, then each
/// file and each destination folder is synced (files whose inodes share a block find it already written), then every
/// partial file is removed and each parts folder synced. Each file keeps step 2's order: in place and durable before
/// its partial file goes, so a kill anywhere is recovered as after `step`.
extension Finalizer {
    /// Runs the next finalisation step of each task; returns their events in the same order.
    func deliver(_ tasks: [TransferTask]) -> [DaemonEvent] {
        var events: [DaemonEvent?] = []
        var placed: [(slot: Int, task: TransferTask, part: String, delivered: String)] = []
        for task in tasks {
            switch place(task) {
            case .ended(let event):
                events.append(event)
            case .inPlace(let part, let delivered):
                placed.append((events.count, task, part, delivered))
                events.append(nil)
                _ = PosixFiles.remove(temporaryCopy(task))  // left by a kill during a cross-device copy
                if let error = PosixFiles.setMode(deliveredMode, of: delivered, sync: false) {
                    events[events.count - 1] = .deliveryFailed(
                        id: task.id, reason: "cannot set the mode of \(delivered): \(error.message)")
                }
            }
        }
        placed.removeAll { events[$0.slot] != nil }
        for entry in placed {
            if let error = PosixFiles.syncFile(entry.delivered) {
                events[entry.slot] = .deliveryFailed(
                    id: entry.task.id, reason: "cannot sync \(entry.delivered): \(error.message)")
            }
        }
        placed.removeAll { events[$0.slot] != nil }
        syncFolders(of: placed.map(\.delivered))
        for entry in placed {
            if let error = PosixFiles.remove(entry.part) {
                events[entry.slot] = .deliveryFailed(
                    id: entry.task.id, reason: "cannot remove \(entry.part): \(error.message)")
            }
        }
        syncFolders(of: placed.filter { events[$0.slot] == nil }.map(\.part))
        for entry in placed where events[entry.slot] == nil {
            KillPoint.hit("finalize-after-unlink")
            events[entry.slot] = .delivered(id: entry.task.id)
        }
        return events.compactMap { $0 }
    }

    /// Syncs the folder of each path once.
    private func syncFolders(of paths: [String]) {
        var synced: Set<String> = []
        for path in paths where synced.insert((path as NSString).deletingLastPathComponent).inserted {
            PosixFiles.syncDirectory(of: path)
        }
    }
}
