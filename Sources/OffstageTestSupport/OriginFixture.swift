import Foundation
import OffstageOrigin

/// A running `OriginServer` on 127.0.0.1 with its own temporary root and upload directories.
///
/// Create one per test, use `url(_:)` to address it, and call `stop()` at the end (which also
/// removes the temporary directories). The server is stopped on deinit as a fallback.
public final class OriginFixture: Sendable {
    /// The running server (inspect `requestLog()`, call `resetFaults()`).
    public let server: OriginServer
    /// Folder served under `/files/`.
    public let root: String
    /// Folder uploads are written to.
    public let uploadDirectory: String
    /// `http://127.0.0.1:PORT`.
    public let baseURL: String
    /// The bound port.
    public let port: UInt16
    private let base: String

    /// Creates the temporary folders and starts the server on an ephemeral port.
    public init(defaultRate: Int? = nil) throws {
        base = NSTemporaryDirectory() + "/offstage-origin-" + UUID().uuidString
        root = base + "/root"
        uploadDirectory = base + "/uploads"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: uploadDirectory, withIntermediateDirectories: true)
        server = OriginServer(
            configuration: OriginConfiguration(
                host: "127.0.0.1", port: 0, root: root, uploadDirectory: uploadDirectory, defaultRate: defaultRate))
        do {
            port = try server.start()
        } catch {
            try? FileManager.default.removeItem(atPath: base)
            throw error
        }
        baseURL = server.baseURL
    }

    deinit {
        stop()
    }

    /// The absolute URL for `path` (which should start with `/`), e.g. `url("/gen/1m?drop=100")`.
    public func url(_ path: String) -> String {
        path.hasPrefix("/") ? baseURL + path : baseURL + "/" + path
    }

    /// Writes `data` to `root/name` and returns the `/files/` URL for it.
    @discardableResult
    public func addFile(_ name: String, contents data: Data) throws -> String {
        try data.write(to: URL(fileURLWithPath: root + "/" + name))
        return url("/files/" + (name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? name))
    }

    /// Stops the server and removes the temporary folders. Idempotent.
    public func stop() {
        server.stop()
        try? FileManager.default.removeItem(atPath: base)
    }
}
