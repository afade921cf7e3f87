import Foundation
import OffstageCore

/// The attach channel's wire format: each snapshot is one frame, a 4-byte big-endian length and that many bytes
/// of JSON (`JSONEncoder`'s default output). A client sends single bytes: each one is a poke (read the inbox now).
public enum AttachFrame {
    /// The largest frame a client accepts (a snapshot is far smaller; a bigger length means a broken stream).
    public static let maximumLength = 64 << 20
    /// The byte a client sends to poke the engine.
    public static let poke: UInt8 = 0x21

    /// The frame carrying a snapshot.
    public static func encode(_ snapshot: Snapshot) throws -> Data {
        let body = try JSONEncoder().encode(snapshot)
        let length = UInt32(body.count)
        var frame = Data([24, 16, 8, 0].map { UInt8(length >> $0 & 0xFF) })
        frame.append(body)
        return frame
    }

    /// Takes one complete frame's body off the front of `buffer`, or nil when it does not hold one yet.
    ///
    /// - Throws: `AttachError.badFrame` when the length is larger than `maximumLength`.
    public static func take(from buffer: inout Data) throws -> Data? {
        guard buffer.count >= 4 else { return nil }
        let start = buffer.startIndex
        let length =
            Int(buffer[start]) << 24 | Int(buffer[start + 1]) << 16 | Int(buffer[start + 2]) << 8
            | Int(buffer[start + 3])
        guard length <= maximumLength else { throw AttachError.badFrame(length: length) }
        guard buffer.count >= 4 + length else { return nil }
        let body = buffer.subdata(in: (start + 4)..<(start + 4 + length))
        buffer = Data(buffer[(start + 4 + length)...])
        return body
    }
}

/// Why the attach channel failed.
public enum AttachError: Error, Equatable, CustomStringConvertible {
    /// A system call failed with this errno.
    case system(String, Int32)
    /// The socket's path is longer than a Unix socket address holds.
    case pathTooLong(String)
    /// No engine listens on the home's socket.
    case notRunning(String)
    /// Something other than a socket is at the socket's path (what it is: "a directory", "a regular file", …).
    case notASocket(String, what: String)
    /// The engine closed the connection.
    case disconnected
    /// A frame announced an impossible length.
    case badFrame(length: Int)

    /// One line.
    public var description: String {
        switch self {
        case .system(let call, let code): "\(call) failed: \(String(cString: strerror(code)))"
        case .pathTooLong(let path): "socket path too long: \(path)"
        case .notRunning(let path): "no engine listens on \(path)"
        case .notASocket(let path, let what): "\(path) is \(what), not the engine's socket"
        case .disconnected: "the engine closed the connection"
        case .badFrame(let length): "bad frame length \(length)"
        }
    }
}
