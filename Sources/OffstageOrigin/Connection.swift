import Foundation
import Glibc

/// One accepted socket: buffered reads of request heads and bodies, and full writes.
///
/// Owned by exactly one connection thread; never shared.
final class Connection {
    let fd: Int32
    private var buffer: [UInt8] = []
    private var readIndex = 0
    private static let maxHeadBytes = 64 * 1024

    /// Receive buffer for bodies, allocated on first use and reused for the connection's life.
    private var scratch: UnsafeMutableRawBufferPointer?

    init(fd: Int32) {
        self.fd = fd
    }

    deinit {
        scratch?.deallocate()
    }

    /// Number of bytes read but not consumed yet.
    var buffered: Int { buffer.count - readIndex }

    // MARK: Reading

    /// Reads one request head up to and including the blank line.
    /// Returns `nil` on a clean end of stream before any byte of a new request.
    func readHead() throws -> [UInt8]? {
        var scanFrom = readIndex
        while true {
            if let end = findBlankLine(from: scanFrom) {
                let head = Array(buffer[readIndex..<end])
                readIndex = end
                compact()
                return head
            }
            scanFrom = max(readIndex, buffer.count - 3)
            if buffered > Self.maxHeadBytes { throw OriginError.malformed("request head too large") }
            if try fill() == 0 {
                if buffered == 0 { return nil }
                throw OriginError.connectionClosed
            }
        }
    }

    /// Reads a CRLF-terminated line (without the CRLF), for chunked bodies.
    func readLine() throws -> String {
        var scanFrom = readIndex
        while true {
            if let newline = buffer[scanFrom...].firstIndex(of: 0x0a) {
                var end = newline
                if end > readIndex, buffer[end - 1] == 0x0d { end -= 1 }
                let line = String(decoding: buffer[readIndex..<end], as: UTF8.self)
                readIndex = newline + 1
                return line
            }
            scanFrom = buffer.count
            if buffered > Self.maxHeadBytes { throw OriginError.malformed("line too long") }
            if try fill() == 0 { throw OriginError.connectionClosed }
        }
    }

    /// Reads exactly `count` bytes and hands them to `sink` in pieces.
    func readBody(count: Int64, into sink: (UnsafeRawBufferPointer) throws -> Void) throws {
        var remaining = count
        if buffered > 0 && remaining > 0 {
            let take = Int(min(Int64(buffered), remaining))
            try buffer[readIndex..<(readIndex + take)].withUnsafeBytes { try sink($0) }
            readIndex += take
            remaining -= Int64(take)
            compact()
        }
        guard remaining > 0 else { return }
        let scratch = self.scratch ?? UnsafeMutableRawBufferPointer.allocate(byteCount: 256 * 1024, alignment: 16)
        self.scratch = scratch
        while remaining > 0 {
            let want = Int(min(Int64(scratch.count), remaining))
            let got = recv(fd, scratch.baseAddress, want, 0)
            if got < 0 {
                if errno == EINTR { continue }
                throw OriginError.system("recv", errno)
            }
            if got == 0 { throw OriginError.connectionClosed }
            try sink(UnsafeRawBufferPointer(rebasing: scratch[0..<got]))
            remaining -= Int64(got)
        }
    }

    /// Reads a chunked body, handing the decoded data to `sink`; returns the decoded length.
    @discardableResult
    func readChunkedBody(into sink: (UnsafeRawBufferPointer) throws -> Void) throws -> Int64 {
        var total: Int64 = 0
        while true {
            let line = try readLine()
            let sizeText = line.split(separator: ";", maxSplits: 1).first.map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard let sizeText, !sizeText.isEmpty, sizeText.count <= 15, let size = Int64(sizeText, radix: 16) else {
                throw OriginError.malformed("bad chunk size")
            }
            if size == 0 { break }
            try readBody(count: size, into: sink)
            total += size
            guard try readLine().isEmpty else { throw OriginError.malformed("missing CRLF after chunk") }
        }
        while try !readLine().isEmpty {}  // trailers
        return total
    }

    // MARK: Writing

    /// Writes all of `bytes`; returns false when the peer is gone.
    @discardableResult
    func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard var pointer = bytes.baseAddress else { return true }
        var remaining = bytes.count
        while remaining > 0 {
            let sent = send(fd, pointer, remaining, Int32(MSG_NOSIGNAL))
            if sent < 0 {
                if errno == EINTR { continue }
                return false
            }
            pointer += sent
            remaining -= sent
        }
        return true
    }

    /// Writes all of `bytes`; returns false when the peer is gone.
    @discardableResult
    func write(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { write($0) }
    }

    /// Writes the UTF-8 bytes of `text`; returns false when the peer is gone.
    @discardableResult
    func write(_ text: String) -> Bool {
        write(Array(text.utf8))
    }

    /// Waits until the peer closes, the socket is shut down, or `deadline` passes.
    /// Anything the peer sends meanwhile is discarded.
    func waitForPeerClose(deadline: Date) {
        var scratch = [UInt8](repeating: 0, count: 4096)
        while Date() < deadline {
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 250)
            if ready < 0 && errno != EINTR { return }
            if ready > 0 {
                let got = scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if got <= 0 { return }
            }
        }
    }

    // MARK: Private

    private func fill() throws -> Int {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let got = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if got < 0 {
                if errno == EINTR { continue }
                if errno == ECONNRESET || errno == EPIPE || errno == EINVAL || errno == ENOTCONN { return 0 }
                throw OriginError.system("recv", errno)
            }
            buffer.append(contentsOf: chunk[0..<got])
            return got
        }
    }

    private func findBlankLine(from start: Int) -> Int? {
        var index = max(start, readIndex)
        while index + 3 < buffer.count {
            if buffer[index] == 0x0d && buffer[index + 1] == 0x0a && buffer[index + 2] == 0x0d
                && buffer[index + 3] == 0x0a
            {
                return index + 4
            }
            index += 1
        }
        return nil
    }

    private func compact() {
        if readIndex == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            readIndex = 0
        } else if readIndex > 64 * 1024 {
            buffer.removeFirst(readIndex)
            readIndex = 0
        }
    }
}
