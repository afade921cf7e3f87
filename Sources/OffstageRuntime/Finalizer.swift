import Foundation
import OffstageCore

/// Delivers a finished download into its folder exactly once, one durable step at a time.
///
/// Step 1 chooses a name that clobbers nothing and returns it for the store to record.
/// Step 2 hard-links the partial file under that name, syncs the folder, and removes the
/// partial file. A kill between any two steps is recovered by running the step again: the
/// recorded name, the inode of the partial file and the presence of each file say where it was.
struct Finalizer {
    /// Where partial files live.
    let partPath: @Sendable (Int64) -> String
    /// The mode a delivered file gets: 0666 less the process's umask, as `curl -o` and `wget` give
    /// (0644 under umask 022). Partial files stay 0600 until delivered.
    var deliveredMode: mode_t = 0o666 & ~PosixFiles.currentUmask()
    /// Tasks whose requested name replaces a regular file already there (renamed over it atomically), as
    /// `curl -o` overwrites; the others never clobber anything.
    var replacing: Set<Int64> = []

    /// Runs the next finalisation step for `task` and says what happened.
    func step(_ task: TransferTask) -> DaemonEvent {
        switch place(task) {
        case .ended(let event): event
        case .inPlace(let part, let delivered): complete(task, part: part, delivered: delivered)
        }
    }

    /// Where step 2 got to before its syncs: the file is under its chosen name (`inPlace`), or the step ended with
    /// an event (a name chosen, a failure, a copy across devices completed).
    enum Placement {
        /// The step ended: what happened.
        case ended(DaemonEvent)
        /// The partial file is linked (or renamed) under `delivered`: it still needs its mode, the syncs and the
        /// partial file's removal.
        case inPlace(part: String, delivered: String)
    }

    /// Step 1, or step 2 up to the link: puts the file under its recorded name.
    func place(_ task: TransferTask) -> Placement {
        let part = partPath(task.id)
        guard let chosen = task.deliveredPath else {
            return .ended(choose(task, startingAt: 0))
        }
        KillPoint.hit("finalize-before-link")
        let partExists = PosixFiles.exists(part)
        if !partExists {
            if PosixFiles.exists(chosen) { return .ended(.delivered(id: task.id)) }
            return .ended(.deliveryFailed(id: task.id, reason: "the partial file \(part) is missing"))
        }
        switch PosixFiles.link(part, to: chosen) {
        case .success:
            KillPoint.hit("finalize-after-link")
            return .inPlace(part: part, delivered: chosen)
        case .failure(let error) where error.code == EEXIST:
            if PosixFiles.sameFile(part, chosen) || PosixFiles.isCopyAcrossDevices(of: part, at: chosen) {
                return .inPlace(part: part, delivered: chosen)
            }
            if replaces(task, chosen) {
                // rename(2) puts the new file in place of the old one in one step: a kill leaves one or the other.
                guard rename(part, chosen) == 0 else {
                    if errno == EXDEV { return .ended(copyAcrossDevices(task, part: part, delivered: chosen)) }
                    return .ended(
                        .deliveryFailed(
                            id: task.id, reason: "cannot replace \(chosen): \(String(cString: strerror(errno)))"))
                }
                return .inPlace(part: part, delivered: chosen)
            }
            return .ended(choose(task, startingAt: 1))
        case .failure(let error) where error.code == EXDEV:
            return .ended(copyAcrossDevices(task, part: part, delivered: chosen))
        case .failure(let error):
            return .ended(.deliveryFailed(id: task.id, reason: "cannot create \(chosen): \(error.message)"))
        }
    }

    /// Picks the first name in the destination folder that does not exist yet.
    private func choose(_ task: TransferTask, startingAt first: Int) -> DaemonEvent {
        let directory = task.destinationDirectory
        if let error = PosixFiles.makeDirectory(directory) {
            return .deliveryFailed(id: task.id, reason: "cannot create \(directory): \(error.message)")
        }
        let name = FileNameSanitizer.downloadName(
            requested: task.requestedName, suggested: task.suggestedName, url: task.url)
        if first == 0, task.requestedName != nil, replacing.contains(task.id) {
            let named = (directory as NSString).appendingPathComponent(name)
            if !PosixFiles.exists(named) || replaces(task, named) {
                return .deliveryPathChosen(id: task.id, path: named)
            }
        }
        for number in first..<10_000 {
            let candidate = (directory as NSString).appendingPathComponent(
                FileNameSanitizer.alternative(name, number: number))
            if !PosixFiles.exists(candidate) { return .deliveryPathChosen(id: task.id, path: candidate) }
        }
        return .deliveryFailed(id: task.id, reason: "no free name for \(name) in \(directory)")
    }

    /// Whether delivering `task` may replace what is at `path`: the task replaces existing files, asked for this
    /// very name, and what is there is a regular file (never a directory, a link or a device).
    private func replaces(_ task: TransferTask, _ path: String) -> Bool {
        guard replacing.contains(task.id), task.requestedName != nil else { return false }
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// The file is in place under its final name: make that durable, then drop the partial file.
    func complete(_ task: TransferTask, part: String, delivered: String) -> DaemonEvent {
        _ = PosixFiles.remove(temporaryCopy(task))  // left by a kill during a cross-device copy
        if let error = PosixFiles.setMode(deliveredMode, of: delivered) {
            return .deliveryFailed(id: task.id, reason: "cannot set the mode of \(delivered): \(error.message)")
        }
        PosixFiles.syncDirectory(of: delivered)
        if let error = PosixFiles.remove(part) {
            return .deliveryFailed(id: task.id, reason: "cannot remove \(part): \(error.message)")
        }
        PosixFiles.syncDirectory(of: part)
        KillPoint.hit("finalize-after-unlink")
        return .delivered(id: task.id)
    }

    /// The private name a cross-device copy is written under before it is linked into place.
    func temporaryCopy(_ task: TransferTask) -> String {
        (task.destinationDirectory as NSString).appendingPathComponent(".offstage-\(task.id).tmp")
    }

    /// The destination is on another file system: copy into a private temporary name, then link it.
    private func copyAcrossDevices(_ task: TransferTask, part: String, delivered: String) -> DaemonEvent {
        let temporary = temporaryCopy(task)
        if let error = PosixFiles.copy(part, to: temporary) {
            return .deliveryFailed(id: task.id, reason: "cannot copy to \(task.destinationDirectory): \(error.message)")
        }
        switch PosixFiles.link(temporary, to: delivered) {
        case .success:
            _ = PosixFiles.remove(temporary)
            return complete(task, part: part, delivered: delivered)
        case .failure(let error) where error.code == EEXIST && replaces(task, delivered):
            guard rename(temporary, delivered) == 0 else {
                let reason = String(cString: strerror(errno))
                _ = PosixFiles.remove(temporary)
                return .deliveryFailed(id: task.id, reason: "cannot replace \(delivered): \(reason)")
            }
            return complete(task, part: part, delivered: delivered)
        case .failure(let error):
            _ = PosixFiles.remove(temporary)
            if error.code == EEXIST { return choose(task, startingAt: 1) }
            return .deliveryFailed(id: task.id, reason: "cannot create \(delivered): \(error.message)")
        }
    }
}
