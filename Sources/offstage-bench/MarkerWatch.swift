import Foundation
import Glibc
import Synchronization

/// Watches a child's output for a text and notes when it first appears (the moment a start-up is over), on the
/// monotonic clock; the output itself is discarded.
final class MarkerWatch: Sendable {
    private struct Watching {
        /// The bytes looked for (empty: nothing).
        var marker: [UInt8] = []
        /// The end of the previous piece, so a marker split between two reads is still found.
        var carry: [UInt8] = []
        /// When it was first seen.
        var seenAt: Double?
    }

    private let state = Mutex(Watching())

    /// A watch looking for nothing yet.
    init() {}

    /// Looks for `text` from now on (forgetting an earlier sighting).
    func look(for text: String) {
        state.withLock { $0 = Watching(marker: Array(text.utf8)) }
    }

    /// When the text was first seen (nil: not yet).
    var seenAt: Double? { state.withLock { $0.seenAt } }

    /// Takes a piece of output.
    func feed(_ bytes: ArraySlice<UInt8>) {
        let now = ChildProcess.monotonicSeconds()
        state.withLock { watching in
            guard watching.seenAt == nil, !watching.marker.isEmpty else { return }
            let piece = watching.carry + bytes
            if Self.contains(piece, watching.marker) {
                watching.seenAt = now
            } else {
                watching.carry = Array(piece.suffix(watching.marker.count - 1))
            }
        }
    }

    /// Waits up to `timeout` seconds for the text; when it was seen, or nil.
    func wait(timeout: Double) -> Double? {
        let deadline = ChildProcess.monotonicSeconds() + timeout
        while ChildProcess.monotonicSeconds() < deadline {
            if let seen = seenAt { return seen }
            usleep(2_000)
        }
        return seenAt
    }

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return false }
        let first = needle[0]
        var index = 0
        while index <= haystack.count - needle.count {
            if haystack[index] == first, Array(haystack[index..<(index + needle.count)]) == needle {
                return true
            }
            index += 1
        }
        return false
    }

    /// A pipe whose read end is drained on a thread of its own into a new watch; the write end is for the child
    /// (the bench closes its copy once the child has started).
    static func pipe() throws -> (watch: MarkerWatch, writeEnd: Int32) {
        var ends: [Int32] = [-1, -1]
        guard Glibc.pipe(&ends) == 0 else {
            throw BenchError("pipe: \(String(cString: strerror(errno)))")
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let watch = MarkerWatch()
        let readEnd = ends[0]
        let thread = Thread {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
                if count > 0 {
                    watch.feed(buffer[0..<count])
                } else if count < 0, errno == EINTR {
                    continue
                } else {
                    break
                }
            }
            close(readEnd)
        }
        thread.name = "output-drain"
        thread.start()
        return (watch, ends[1])
    }
}
