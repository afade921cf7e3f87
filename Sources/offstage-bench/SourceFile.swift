import Foundation
import Glibc
import OffstageOrigin

/// The deterministic file nginx serves: `GeneratedContent` bytes, written once and reused.
enum SourceFile {
    /// The seed of the content; fixed so a file left by an earlier run can be reused.
    static let seed: UInt64 = 0x0FF5_7A6E_BE4C_0001
    static let blockSize = 4 << 20

    /// The file name for `size` bytes.
    static func name(size: Int64) -> String { "data-\(size).bin" }

    /// Makes sure `<directory>/<name(size)>` holds `size` bytes; returns its path and whether it was written now.
    static func prepare(directory: String, size: Int64) throws -> (path: String, created: Bool) {
        try prepare(path: directory + "/" + name(size: size), size: size, seed: seed)
    }

    /// Makes sure `path` holds `size` bytes of the content of `seed`; returns whether it was written now.
    static func prepare(path: String, size: Int64, seed: UInt64) throws -> (path: String, created: Bool) {
        var info = stat()
        if stat(path, &info) == 0, Int64(info.st_size) == size { return (path, false) }
        let partial = path + ".tmp"
        let fd = open(partial, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw BenchError("cannot create \(partial): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: blockSize, alignment: 16)
        defer { buffer.deallocate() }
        var offset: Int64 = 0
        while offset < size {
            let count = Int(min(Int64(blockSize), size - offset))
            let block = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<count])
            GeneratedContent.fill(block, offset: offset, seed: seed)
            var done = 0
            while done < count {
                let written = pwrite(
                    fd, buffer.baseAddress.map { $0 + done }, count - done, off_t(offset) + off_t(done))
                if written < 0 {
                    if errno == EINTR { continue }
                    throw BenchError("cannot write \(partial): \(String(cString: strerror(errno)))")
                }
                done += written
            }
            offset += Int64(count)
        }
        guard rename(partial, path) == 0 else {
            throw BenchError("cannot rename \(partial): \(String(cString: strerror(errno)))")
        }
        return (path, true)
    }

    /// Bytes free for an unprivileged user on the file system holding `path`, or nil.
    static func freeBytes(at path: String) -> Int64? {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return nil }
        return Int64(info.f_bavail) * Int64(info.f_frsize)
    }

    /// The size of the file at `path`, or -1 when it does not exist.
    static func size(of path: String) -> Int64 {
        var info = stat()
        return stat(path, &info) == 0 ? Int64(info.st_size) : -1
    }
}
