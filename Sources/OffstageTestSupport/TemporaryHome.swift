import Foundation
import OffstageStore

/// A fresh, uniquely named folder under the temporary directory holding an Offstage home.
///
/// The home itself (`base/home`) is not created: `Store.open(home:)` creates it with the right
/// permissions. Files a test needs beside the home (uploads, fixtures) go in `base`. Call
/// `remove()` at the end; deinit removes the folder as a fallback.
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

    /// Removes the folder and everything in it. Idempotent.
    public func remove() {
        try? FileManager.default.removeItem(atPath: base)
    }
}
