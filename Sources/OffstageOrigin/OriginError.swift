import Foundation
import Glibc

/// Errors raised by the origin server and its helpers.
public enum OriginError: Error, CustomStringConvertible, Equatable {
    /// A system call failed; the string names the operation, the integer is `errno`.
    case system(String, Int32)
    /// The host in the configuration is not a numeric IPv4 or IPv6 address.
    case invalidHost(String)
    /// `start()` was called on a server that is already running or was stopped.
    case alreadyStarted
    /// The peer sent bytes that are not valid HTTP/1.1.
    case malformed(String)
    /// The peer closed the connection before a complete message arrived.
    case connectionClosed

    /// A human-readable description.
    public var description: String {
        switch self {
        case .system(let operation, let code):
            return "\(operation): \(String(cString: strerror(code)))"
        case .invalidHost(let host): return "invalid listen address: \(host)"
        case .alreadyStarted: return "origin server already started"
        case .malformed(let reason): return "malformed request: \(reason)"
        case .connectionClosed: return "connection closed by peer"
        }
    }
}
