import Foundation
import OffstageStore

/// The tests' one temporary home: a fresh, uniquely named folder under the temporary directory holding an
/// Offstage home, and room beside it for a test's own files.
///
/// The home itself (`base/home`) is not created: `Store.open(home:)` creates it with the right
/// permissions. Files a test needs beside the home (uploads, fixtures, configuration) go in `base`. Call
/// `remove()` at the end, or use `withTemporaryHome`; deinit removes the folder as a fallback.
public final class TemporaryHome: Sendable {
    /// The unique folder that holds everything.
    public let base: String
    /// The home, at `base/home`.
    public let home: OffstageHome

    /// Creates a unique folder under `parent` (the system temporary directory by default).
    public init(prefix: String = "offstage-test", parent: String? = nil) throws {
        let root = parent ?? NSTemporaryDirectory()
        base = (root as NSString).appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        home = OffstageHome(path: base + "/home")
    }

    deinit {
        remove()
    }

    /// A path beside the home, for a test's own files.
    public func path(_ name: String) -> String {
        (base as NSString).appendingPathComponent(name)
    }

    /// The names of the files in a folder under `base`, sorted; empty when it does not exist.
    public func files(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path(folder))) ?? []).sorted()
    }

    /// Removes the folder and everything in it. Idempotent.
    public func remove() {
        try? FileManager.default.removeItem(atPath: base)
    }
}

/// Runs `body` with a fresh temporary home (not yet created, as `TemporaryHome.home`), removed after `body`
/// returns or throws.
public func withTemporaryHome<T>(prefix: String = "offstage-test", _ body: (OffstageHome) throws -> T) throws -> T {
    let temporary = try TemporaryHome(prefix: prefix)
    defer { temporary.remove() }
    return try body(temporary.home)
}

/// Runs `body` with a fresh, empty scratch folder (the base of a `TemporaryHome`), removed after `body` returns
/// or throws.
public func withScratchFolder<T>(prefix: String = "offstage-scratch", _ body: (String) throws -> T) throws -> T {
    let temporary = try TemporaryHome(prefix: prefix)
    defer { temporary.remove() }
    return try body(temporary.base)
}
