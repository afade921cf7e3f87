import Foundation
import OffstageCore

/// Where `get -o PATH` puts the file, by curl's rules: a directory (an existing one, or a path ending in `/`,
/// `.` or `..`) means "into it, under the server's or the URL's name"; any other path names the file itself.
/// A missing directory is an error unless `--create-dirs`; an empty path is a usage error.
struct OutputTarget: Equatable {
    /// The absolute directory the file is delivered into.
    var directory: String
    /// The file name the user asked for; nil when the server's or the URL's name is used.
    var name: String?

    /// The target for `-o output` relative to `workingDirectory`; throws a usage error for an empty path, a
    /// missing directory without `createDirectories`, or a parent that is not a directory.
    static func resolve(_ output: String?, workingDirectory: String, createDirectories: Bool) throws -> OutputTarget {
        guard let output else { return OutputTarget(directory: workingDirectory, name: nil) }
        guard !output.isEmpty else { throw CLIError.usage("-o needs a file or directory name, not an empty one") }
        guard output != "-" else { throw CLIError.usage("-o - (standard output) is not supported: give a file or directory") }
        let joined = output.hasPrefix("/") ? output : (workingDirectory as NSString).appendingPathComponent(output)
        let absolute = (joined as NSString).standardizingPath
        let last = (output as NSString).lastPathComponent
        let namesDirectory = output.hasSuffix("/") || last == "." || last == ".." || isDirectory(absolute)
        let target =
            namesDirectory
            ? OutputTarget(directory: absolute, name: nil)
            : OutputTarget(directory: (absolute as NSString).deletingLastPathComponent, name: last)
        try checkDirectory(target.directory, shown: TransferDaemon.printable(output), create: createDirectories)
        return target
    }

    /// Refuses a delivery directory that is missing (unless it may be created) or is not a directory.
    static func checkDirectory(_ directory: String, shown: String, create: Bool) throws {
        var path = directory
        // The nearest existing ancestor must be a directory; what is missing below it needs --create-dirs.
        while !exists(path), path != "/" { path = (path as NSString).deletingLastPathComponent }
        guard isDirectory(path) else {
            throw CLIError.usage("cannot save to \(shown): \(TransferDaemon.printable(path)) is not a directory")
        }
        if path != directory, !create {
            throw CLIError.usage(
                "cannot save to \(shown): the directory \(TransferDaemon.printable(directory)) does not exist (add --create-dirs to create it)")
        }
    }

    /// Whether anything exists at `path` (a dangling symlink counts).
    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// Whether `path` is a directory or a symlink to one.
    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}
