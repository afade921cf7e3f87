import Foundation
import OffstageCore

/// Why the store could not be opened, read or written; every description is one line a CLI can print verbatim.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// Another process holds the instance lock of the home.
    case locked(pid: Int32, home: String)
    /// The file at the path is not an Offstage store (not SQLite, or another application's database).
    case foreign(String)
    /// The store failed its integrity check; the detail is SQLite's report.
    case corrupt(String, String)
    /// The store was written by a newer Offstage whose schema this build does not know.
    case tooNew(String, found: Int, supported: Int)
    /// The store has an older schema and was opened read-only, so it cannot be upgraded.
    case needsUpgrade(String, found: Int, supported: Int)
    /// A read-only open found no store at the path.
    case missing(String)
    /// The store (or a file beside it) is a symbolic link, which offstage never opens.
    case symlink(String)
    /// The store's path holds something other than a regular file.
    case notAFile(String)
    /// The store exists but is 0 bytes long: it lost its contents.
    case emptied(String)
    /// A write was attempted through a store opened read-only.
    case readOnly(String)
    /// The disk is full; the transaction was rolled back.
    case diskFull
    /// Another process kept the database locked for longer than the busy timeout.
    case busy
    /// The store was used after `close()`.
    case closed
    /// The database or its write-ahead log (the path) was removed or replaced while the store was open: the write was
    /// refused, and so is every later one; `saved` when everything committed before is in the database file.
    case filesChanged(String, change: StoreFileChange, saved: Bool)
    /// A file-system operation failed: what was attempted, on which path, and the system's reason.
    case fileSystem(operation: String, path: String, reason: String)
    /// A stored row could not be decoded into a domain value.
    case invalidRow(table: String, detail: String)
    /// Any other SQLite failure, with its extended result code and message.
    case sqlite(code: Int32, message: String)

    /// A one-line, human-readable message: text that came from the file (a damage report naming a crafted table,
    /// SQLite's message) or from a path is escaped, so the line holds no control bytes and no line break.
    public var description: String { TransferDaemon.escapingControls(message) }

    /// The message before escaping.
    private var message: String {
        switch self {
        case .locked(let pid, let home):
            return "another offstage (pid \(pid)) owns \(home)"
        case .foreign(let path):
            return "\(path) is not an Offstage store; left untouched"
        case .corrupt(let path, let detail):
            return "\(path) is damaged (quick_check: \(detail)); left untouched"
        case .tooNew(let path, let found, let supported):
            return "\(path) has schema version \(found) but this offstage knows only up to \(supported); "
                + "upgrade offstage (the store was left untouched)"
        case .needsUpgrade(let path, let found, let supported):
            return "\(path) has schema version \(found) (current is \(supported)); "
                + "run offstage once without read-only access to upgrade it"
        case .missing(let path):
            return "no Offstage store at \(path) yet; it is created when offstage first runs"
        case .symlink(let path):
            return "\(path) is a symbolic link, and offstage never opens a home's files through one "
                + "(put the real file in its place, or point --home at the directory that holds it)"
        case .notAFile(let path):
            return "\(path) is not a regular file; offstage keeps its store there (move it away and run again)"
        case .emptied(let path):
            return "\(path) is empty (0 bytes): the store lost its contents (a truncation, a failed copy or a full "
                + "disk) and offstage will not start over in it; restore it from a backup, or move it aside to "
                + "start a new, empty store"
        case .readOnly(let path):
            return "\(path) is open read-only; nothing was written"
        case .diskFull:
            return "the disk is full; this change was not written (everything stored before it is kept)"
        case .busy:
            return "the store is busy: another process kept it locked for more than 5 seconds"
        case .closed:
            return "the store is closed"
        case .filesChanged(let file, let change, let saved):
            return StoreError.filesChangedMessage(file, change: change, saved: saved)
        case .fileSystem(let operation, let path, let reason):
            return "cannot \(operation) \(path): \(reason)"
        case .invalidRow(let table, let detail):
            return "unreadable row in table \(table): \(detail)"
        case .sqlite(let code, let message):
            return "database error \(code): \(message)"
        }
    }

    /// The same message as `description`, for `LocalizedError` consumers.
    public var errorDescription: String? { description }
}

extension StoreError {
    /// A failed file-system call as a store error: a full disk or an exhausted quota (ENOSPC, EDQUOT) is
    /// `.diskFull` (exit 4: what was stored is kept), anything else `.fileSystem` with the system's reason.
    static func system(_ operation: String, path: String, code: Int32 = errno) -> StoreError {
        if code == ENOSPC || code == EDQUOT { return .diskFull }
        return .fileSystem(operation: operation, path: path, reason: systemReason(code))
    }
}

extension StoreError {
    /// What a file removed or replaced under an open store means.
    static func filesChangedMessage(_ file: String, change: StoreFileChange, saved: Bool) -> String {
        let open = "while offstage had the store open"
        guard file.hasSuffix("-wal") else {
            switch change {
            case .removed:
                return "\(file) was removed \(open): nothing more was written (run offstage again to start a new, "
                    + "empty store there)"
            case .replaced:
                return "\(file) was replaced \(open): nothing was written to the file now there, and nothing more "
                    + "will be (run offstage again to open it)"
            }
        }
        let database = String(file.dropLast("-wal".count))
        let what = "\(file) (the store's write-ahead log) was \(change.rawValue) \(open)"
        return saved
            ? "\(what): everything committed before was saved into \(database); nothing more was written (run "
                + "offstage again to go on)"
            : "\(what), and what it held could not be saved into \(database) (the changes since its last checkpoint "
                + "may be lost); nothing more was written"
    }

    /// SQLite's damage report (one row per problem; the first starts with "*** in database main ***" and a line
    /// break) as the detail of `.corrupt`: the first three problems, at most 300 characters (escaped when shown).
    static func damageReport(_ rows: [String]) -> String {
        let header = "*** in database main ***"
        let problems = rows.prefix(3).map { row in
            row.hasPrefix(header)
                ? row.dropFirst(header.count).trimmingCharacters(in: .whitespacesAndNewlines) : row
        }
        let detail = problems.joined(separator: "; ")
        return detail.count > 300 ? String(detail.prefix(300)) + "…" : detail
    }
}

/// The message for the calling thread's current `errno`.
func systemReason(_ code: Int32 = errno) -> String {
    String(cString: strerror(code))
}
