import Foundation
import OffstageCore

/// The attach channel's wire format. The engine sends frames: a 4-byte big-endian length and that many bytes of
/// JSON (`JSONEncoder`'s default output) of a `SnapshotUpdate` (the first one carries the client's snapshot whole).
/// A client sends messages: `S`, a 4-byte big-endian length and the JSON of a `SnapshotSubscription` (what it
/// shows: a client is sent nothing before it says); any other byte is a poke (read the inbox now).
public enum AttachFrame {
    /// The largest frame a client accepts (an update is far smaller; a bigger length means a broken stream).
    public static let maximumLength = 256 << 20
    /// The largest subscription message the engine accepts.
    public static let maximumSubscription = 1 << 20
    /// The byte a client sends to poke the engine.
    public static let poke: UInt8 = 0x21
    /// The byte that starts a subscription message.
    public static let subscribe: UInt8 = 0x53

    /// A message from a client.
    public enum Message: Equatable, Sendable {
        /// Read the inbox now.
        case poke
        /// Send me this from now on.
        case subscribe(SnapshotSubscription)
    }

    /// The frame carrying an update.
    public static func encode(_ update: SnapshotUpdate) throws -> Data {
        framed(try JSONEncoder().encode(update))
    }

    /// The message carrying a subscription.
    public static func encode(_ subscription: SnapshotSubscription) throws -> Data {
        Data([subscribe]) + framed(try JSONEncoder().encode(subscription))
    }

    /// `body` after its 4-byte big-endian length.
    private static func framed(_ body: Data) -> Data {
        let length = UInt32(clamping: body.count)
        var frame = Data([24, 16, 8, 0].map { UInt8(length >> $0 & 0xFF) })
        frame.append(body)
        return frame
    }

    /// Takes one complete frame's body off the front of `buffer`, or nil when it does not hold one yet.
    ///
    /// - Throws: `AttachError.badFrame` when the length is larger than `maximumLength`.
    public static func take(from buffer: inout Data) throws -> Data? {
        try take(from: &buffer, skipping: 0, limit: maximumLength)
    }

    /// Takes one complete client message off the front of `buffer`, or nil when it does not hold one yet.
    ///
    /// - Throws: `AttachError.badFrame` for a subscription longer than `maximumSubscription`, a decoding error for
    ///   one that is not a subscription.
    public static func message(from buffer: inout Data) throws -> Message? {
        guard let first = buffer.first else { return nil }
        guard first == subscribe else {
            buffer = Data(buffer.dropFirst())
            return .poke
        }
        guard let body = try take(from: &buffer, skipping: 1, limit: maximumSubscription) else {
            return nil
        }
        return .subscribe(try JSONDecoder().decode(SnapshotSubscription.self, from: body))
    }

    /// Takes the body of a frame that starts `skipping` bytes into `buffer` (those bytes go with it).
    private static func take(from buffer: inout Data, skipping: Int, limit: Int) throws -> Data? {
        guard buffer.count >= skipping + 4 else { return nil }
        let start = buffer.startIndex + skipping
        let length =
            Int(buffer[start]) << 24 | Int(buffer[start + 1]) << 16 | Int(buffer[start + 2]) << 8
            | Int(buffer[start + 3])
        guard length <= limit else { throw AttachError.badFrame(length: length) }
        guard buffer.count >= skipping + 4 + length else { return nil }
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
