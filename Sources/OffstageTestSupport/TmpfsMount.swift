import Foundation
import Testing

/// A tmpfs mounted on a fresh temporary folder for one test (a small disk to fill, another device to move to).
/// Mounting needs root; without it the test is cancelled and says why.
public struct TmpfsMount: Sendable {
    /// Where it is mounted.
    public let path: String

    /// Mounts a tmpfs of `size` (e.g. `6m`), or cancels the test when mounting is not allowed.
    public init(size: String) throws {
        path = NSTemporaryDirectory() + "offstage-tmpfs-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let status = Self.command(["mount", "-t", "tmpfs", "-o", "size=\(size),mode=0700", "tmpfs", path])
        if status != 0 {
            try? FileManager.default.removeItem(atPath: path)
            try Test.cancel("cannot mount a tmpfs (mount exited \(status)); needs root and CAP_SYS_ADMIN")
        }
    }

    /// Changes the size of the mounted tmpfs.
    public func resize(_ size: String) throws {
        let status = Self.command(["mount", "-o", "remount,size=\(size)", path])
        try #require(status == 0, "remount to \(size) failed with \(status)")
    }

    /// Unmounts (lazily if something is still open) and removes the folder.
    public func unmount() {
        if Self.command(["umount", path]) != 0 { _ = Self.command(["umount", "-l", path]) }
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Runs a command quietly and returns its exit status (-1 when it cannot start).
    private static func command(_ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
