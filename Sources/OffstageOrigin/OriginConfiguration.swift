import Foundation

/// How an `OriginServer` listens and what it serves.
public struct OriginConfiguration: Sendable {
    /// Numeric address to listen on; loopback by default.
    public var host: String
    /// Port to bind; 0 picks an ephemeral port (see the value returned by `start()`).
    public var port: UInt16
    /// Folder served under `/files/`; `nil` makes every `/files/` request a 404.
    public var root: String?
    /// Where uploads are stored; `nil` creates a temporary directory at `start()`.
    public var uploadDirectory: String?
    /// Default throttle in bytes per second per request; `nil` means unlimited.
    public var defaultRate: Int?

    /// Creates a configuration; every parameter has a test-friendly default.
    public init(
        host: String = "127.0.0.1",
        port: UInt16 = 0,
        root: String? = nil,
        uploadDirectory: String? = nil,
        defaultRate: Int? = nil
    ) {
        self.host = host
        self.port = port
        self.root = root
        self.uploadDirectory = uploadDirectory
        self.defaultRate = defaultRate
    }
}
