import Foundation

/// The Offstage home directory: the store, the partial files and the default delivery folder.
///
/// Resolution order: an explicit path (`--home`), then `OFFSTAGE_HOME`, then `$XDG_STATE_HOME/offstage`,
/// then `~/.local/state/offstage`. Relative paths are made absolute against the current directory.
public struct OffstageHome: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The absolute path of the home directory.
    public let path: String

    /// A home at an explicit path, made absolute and resolved once to its real path (symbolic links in it or
    /// its parents followed), so the store under it is opened by a path without links.
    public init(path: String) {
        self.path = OffstageHome.resolved(OffstageHome.absolute(path))
    }

    /// Resolves the home from an explicit `--home` value and the environment.
    public static func resolve(
        explicit: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> OffstageHome {
        if let explicit, !explicit.isEmpty {
            return OffstageHome(path: explicit)
        }
        if let home = environment["OFFSTAGE_HOME"], !home.isEmpty {
            return OffstageHome(path: home)
        }
        // The XDG spec says relative values are invalid and must be ignored.
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return OffstageHome(path: state + "/offstage")
        }
        let user = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return OffstageHome(path: user + "/.local/state/offstage")
    }

    /// The path, for messages.
    public var description: String { path }

    /// The SQLite database: `offstage.db`.
    public var databasePath: String { path + "/offstage.db" }
    /// The folder of partial files: `parts/`.
    public var partsDirectory: String { path + "/parts" }
    /// The default delivery folder of the model app: `Documents/`.
    public var documentsDirectory: String { path + "/Documents" }
    /// The advisory instance lock: `offstage.lock`.
    public var lockPath: String { path + "/offstage.lock" }

    /// The partial file of a task: `parts/<id>.part`.
    public func partPath(taskID: Int64) -> String {
        partsDirectory + "/\(taskID).part"
    }

    /// Creates the home (0700, parents as needed), `parts/` (0700) and `Documents/` (0700).
    ///
    /// An existing home or `parts/` with wider permissions is tightened to 0700; an existing
    /// `Documents/` is left as the user made it. A path that exists but is not a directory is an error.
    public func prepare() throws {
        try FileSystem.makeDirectory(path, mode: 0o700, createParents: true, tighten: true)
        try FileSystem.makeDirectory(partsDirectory, mode: 0o700, createParents: false, tighten: true)
        try FileSystem.makeDirectory(documentsDirectory, mode: 0o700, createParents: false, tighten: false)
    }

    /// The real path of the longest existing prefix of `path`, with the rest (not made yet) appended.
    static func resolved(_ path: String) -> String {
        var existing = path
        var rest: [String] = []
        while existing != "/" {
            if let real = realpath(existing, nil) {
                defer { free(real) }
                let base = String(cString: real)
                return rest.reversed().reduce(base) { ($0 == "/" ? "" : $0) + "/" + $1 }
            }
            rest.append((existing as NSString).lastPathComponent)
            existing = (existing as NSString).deletingLastPathComponent
        }
        return path
    }

    private static func absolute(_ path: String) -> String {
        var expanded = path
        if expanded == "~" || expanded.hasPrefix("~/") {
            expanded = NSHomeDirectory() + expanded.dropFirst()
        }
        if !expanded.hasPrefix("/") {
            expanded = FileManager.default.currentDirectoryPath + "/" + expanded
        }
        while expanded.count > 1 && expanded.hasSuffix("/") {
            expanded.removeLast()
        }
        return expanded
    }
}
