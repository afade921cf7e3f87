import Foundation

/// What the partial files of a home hold, for the messages of a full disk (read-only: nothing is written).
enum PartFiles {
    /// How many `.part` files are in `directory`, and their bytes in all.
    static func summary(in directory: String) -> (count: Int, bytes: Int64) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        var count = 0
        var bytes: Int64 = 0
        for name in names where name.hasSuffix(".part") {
            count += 1
            bytes += size(of: (directory as NSString).appendingPathComponent(name)) ?? 0
        }
        return (count, bytes)
    }

    /// The size of a file, or nil when there is none.
    static func size(of path: String) -> Int64? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int64(info.st_size)
    }
}
