import Foundation
import OffstageCore

/// What the command line says when the disk is full: what was kept, and what to do (it used to say "nothing was
/// written" while partial files holding megabytes were kept).
public enum DiskFullText {
    /// `offstage run` stopped (`started`), or could not start, because the store could not write on a full disk.
    public static func runStopped(started: Bool, partFiles: Int, partBytes: Int64, partsDirectory: String) -> String {
        let what =
            started
            ? "offstage run stopped before it could store its last change; everything stored before it is kept"
            : "offstage run cannot start (its store cannot be written); everything stored is kept"
        return "the disk is full: " + what + kept(partFiles: partFiles, partBytes: partBytes, in: partsDirectory)
            + "; free space, then run offstage run again to carry on"
    }

    /// `offstage run --until-idle` ended with tasks paused for a full disk (a running engine resumes them itself).
    public static func tasksWaitingForRoom(_ tasks: [TransferTask]) -> String {
        let listed = tasks.prefix(3).map { "task \($0.id) with \(Format.bytes($0.bytesWritten)) kept" }
        let more = tasks.count > 3 ? " and \(tasks.count - 3) more" : ""
        return "the disk is full: \(Plural.count(tasks.count, "download")) paused waiting for room ("
            + listed.joined(separator: ", ") + more + "); free space, then run offstage run again to resume "
            + (tasks.count == 1 ? "it" : "them")
    }

    /// `offstage get` stopped on a full disk, the engine's pause or the store's; `kept` is what its partial file
    /// holds (nil: it has none).
    public static func getStopped(name: String, kept: Int64?) -> String {
        let safe = TransferDaemon.printable(name)
        let held = (kept ?? 0) > 0 ? "\(Format.bytes(kept ?? 0)) of \(safe) kept in its partial file" : nil
        return "the disk is full: " + (held ?? "nothing of \(safe) was downloaded yet")
            + "; free space, then run the same command again to resume"
    }

    /// `, and 3 partial files (8.4 MB) in DIR hold the downloads so far`, or nothing when there are none.
    static func kept(partFiles: Int, partBytes: Int64, in directory: String) -> String {
        guard partFiles > 0 else { return "" }
        return ", and \(Plural.count(partFiles, "partial file")) (\(Format.bytes(partBytes))) in "
            + TransferDaemon.printable(directory) + (partFiles == 1 ? " holds the download" : " hold the downloads")
            + " so far"
    }
}
