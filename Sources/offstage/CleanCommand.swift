import Foundation
import OffstageCore
import OffstageRuntime
import OffstageStore
import OffstageUI

/// `offstage clean [--dry-run]`: removes the partial files nothing can use any more and says how many bytes
/// that freed.
///
/// Removed: the part files of failed and cancelled downloads, and those of no task at all. Kept: a part file
/// whose task has not ended (queued, running, paused, retrying, finishing), one a system cancellation kept as
/// the app's resume data, one whose stored row was set aside (unreadable, so its state is unknown), and, while
/// an offstage runs on the home, those of failed tasks (a `resume` could reach the engine at any moment; stop
/// it or use `cancel ID`). With nothing running, the home's lock is held throughout, so no engine starts.
enum CleanCommand {
    /// One part file and what becomes of it.
    struct Verdict: Equatable {
        /// The file's path.
        let path: String
        /// Its size in bytes.
        let bytes: Int64
        /// Why it goes, or nil when it stays.
        let removal: String?
        /// Why it stays (when `removal` is nil).
        let keep: String?
    }

    static func run(_ raw: [String], context: CLIContext) throws {
        let args = try Arguments(raw, spec: CommandCatalog.clean)
        try args.none()
        let dryRun = args.flag("--dry-run")
        var lock: InstanceLock?
        var engineRuns = context.engineRuns
        if !dryRun {
            do {
                lock = try context.lockIfFree()
                engineRuns = lock == nil
            } catch CLIError.diskFull {
                // A full disk, where `clean` is most needed: the lock file has no room for a pid. No engine can
                // start without writing one either, so go on without it, trusting the look at its owner.
            }
        }
        defer { lock?.release() }
        let verdicts = try judge(context: context, engineRuns: engineRuns)
        var freed: Int64 = 0
        var removed = 0
        for verdict in verdicts {
            let name = (verdict.path as NSString).lastPathComponent
            guard let removal = verdict.removal else {
                print("kept parts/\(name) (\(Format.bytes(verdict.bytes))): \(verdict.keep ?? "in use")")
                continue
            }
            if !dryRun {
                guard unlink(verdict.path) == 0 || errno == ENOENT else {
                    let reason = String(cString: strerror(errno))
                    throw CLIError.failed("cannot remove \(verdict.path): \(reason)")
                }
            }
            removed += 1
            freed += verdict.bytes
            print("\(dryRun ? "would remove" : "removed") parts/\(name) (\(Format.bytes(verdict.bytes))): \(removal)")
        }
        let files = Plural.count(removed, "partial file")
        if removed == 0 {
            print("no partial files to remove")
        } else if dryRun {
            print("would remove \(files) and free \(Format.bytes(freed)); nothing was removed")
        } else {
            print("removed \(files): \(Format.bytes(freed)) freed")
        }
    }

    /// What becomes of each file in the home's `parts/`, in name order.
    static func judge(context: CLIContext, engineRuns: Bool) throws -> [Verdict] {
        let directory = context.home.partsDirectory
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        var tasks: [Int64: TransferTask] = [:]
        var setAside: Set<Int64> = []
        if let store = try context.openStoreForReading() {
            defer { store.close() }
            do {
                // The stored tasks and the `add`s still in the inbox (with the ids they will get).
                let known = try StoreSnapshot.tasks(
                    store, defaultDirectory: context.home.documentsDirectory, now: context.time.now())
                for task in known { tasks[task.id] = task }
                setAside = Set(
                    try store.loadTasksSettingAside().setAside.compactMap {
                        Int64($0.row.replacingOccurrences(of: "task ", with: ""))
                    })
            } catch {
                throw CLIContext.translate(error)
            }
        }
        return names.sorted().compactMap { name in
            let path = directory + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
            let bytes = Int64(info.st_size)
            guard name.hasSuffix(".part"), let id = Int64(name.dropLast(".part".count)) else {
                return Verdict(path: path, bytes: bytes, removal: nil, keep: "not a partial file offstage names")
            }
            let (removal, keep) = fate(of: tasks[id], id: id, setAside: setAside.contains(id), engineRuns: engineRuns)
            return Verdict(path: path, bytes: bytes, removal: removal, keep: keep)
        }
    }

    /// Why the part file of task `id` goes, or why it stays.
    static func fate(of task: TransferTask?, id: Int64, setAside: Bool, engineRuns: Bool) -> (String?, String?) {
        if setAside { return (nil, "task \(id)'s stored row was set aside, so its state is unknown") }
        guard let task else { return ("no task \(id) in the home", nil) }
        switch task.state {
        case .failed:
            if engineRuns {
                return (nil, "task \(id) failed, but an offstage runs and may resume it (cancel \(id) removes it)")
            }
            return ("task \(id) failed", nil)
        case .cancelled:
            if ResumeData.ifResumable(task) != nil {
                return (nil, "task \(id) was cancelled by the system and the app may resume it from its resume data")
            }
            return ("task \(id) was cancelled", nil)
        case .completed:
            return ("task \(id) completed", nil)
        default:
            return (nil, "task \(id) is \(task.state.rawValue) and uses it")
        }
    }
}
