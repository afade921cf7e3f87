import Foundation
import Glibc

/// Where the bytes of a `/files` or `/gen` response come from, plus its validators.
protocol ContentSource {
    /// Total length of the representation.
    var size: Int64 { get }
    /// The strong ETag, quoted, e.g. `"gen-1024-1"`.
    var etag: String { get }
    /// Modification time in seconds since the epoch.
    var modified: Int { get }
    /// Reads up to `buffer.count` bytes at `offset`; returns the count (0 at or past the end).
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int64) -> Int
    /// The `Content-Encoding` the bytes are in (nil: as they are).
    var contentEncoding: String? { get }
}

extension ContentSource {
    /// Content as it is, not encoded.
    var contentEncoding: String? { nil }
}

/// Deterministic generated content of a given size and seed.
struct GeneratedSource: ContentSource {
    let size: Int64
    let seed: UInt64

    /// 2024-01-01T00:00:00Z: generated content never changes.
    static let fixedModified = 1_704_067_200

    var etag: String { "\"gen-\(size)-\(seed)\"" }
    var modified: Int { Self.fixedModified }

    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int64) -> Int {
        guard offset < size else { return 0 }
        let count = Int(min(Int64(buffer.count), size - offset))
        GeneratedContent.fill(UnsafeMutableRawBufferPointer(rebasing: buffer[0..<count]), offset: offset, seed: seed)
        return count
    }
}

/// A regular file under the configured root, opened for the duration of one response.
final class FileSource: ContentSource {
    let fd: Int32
    let size: Int64
    let etag: String
    let modified: Int

    /// Opens `name` (percent-decoded, relative) below `root`. Returns `nil` for anything that
    /// is missing, not a regular file, or would escape the root (`..`, absolute, symlinks out).
    init?(root: String, name: String) {
        let components = name.split(separator: "/", omittingEmptySubsequences: false)
        guard !name.isEmpty, !name.hasPrefix("/"), !name.contains("\0"), !name.contains("\\"),
            components.allSatisfy({ !$0.isEmpty && $0 != ".." && $0 != "." })
        else { return nil }
        guard let realRoot = realpath(root, nil) else { return nil }
        let rootPath = String(cString: realRoot)
        free(realRoot)
        guard let realTarget = realpath(rootPath + "/" + name, nil) else { return nil }
        let targetPath = String(cString: realTarget)
        free(realTarget)
        guard targetPath.hasPrefix(rootPath.hasSuffix("/") ? rootPath : rootPath + "/") else { return nil }
        let fd = open(targetPath, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            return nil
        }
        self.fd = fd
        size = Int64(info.st_size)
        modified = Int(info.st_mtim.tv_sec)
        let nanos = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        etag = "\"\(String(info.st_ino, radix: 16))-\(String(size, radix: 16))-\(String(nanos, radix: 16))\""
    }

    deinit {
        close(fd)
    }

    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int64) -> Int {
        while true {
            let got = pread(fd, buffer.baseAddress, buffer.count, off_t(offset))
            if got < 0 && errno == EINTR { continue }
            return max(0, got)
        }
    }
}
