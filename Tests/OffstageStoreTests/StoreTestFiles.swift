import Foundation

@testable import OffstageStore

/// The permission bits of a file, or nil when it does not exist.
func permissions(_ path: String) -> Int? {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
        let mode = attributes[.posixPermissions] as? NSNumber
    else { return nil }
    return mode.intValue & 0o7777
}

/// The bytes of a file (empty when unreadable).
func contents(_ path: String) -> Data {
    FileManager.default.contents(atPath: path) ?? Data()
}

/// A fixed, exactly representable date `seconds` after 2023-11-14.
func date(_ seconds: Double) -> Date {
    Date(timeIntervalSince1970: 1_700_000_000 + seconds)
}
