import Foundation
import Glibc
import Synchronization

/// A small HTTP/1.1 origin server for demos and tests: files and generated content with
/// validators and byte ranges, throttling, unknown lengths, uploads, redirects and injected faults.
///
/// Blocking sockets, one accept thread and one thread per connection. All mutable state lives
/// in a `Mutex`, so the server can be shared freely. Call `start()`, keep a reference and call `stop()` later
/// (`offstage origin` does so when a signal asks it to stop).
public final class OriginServer: Sendable {
    /// The configuration the server was created with.
    public let configuration: OriginConfiguration

    struct State {
        var started = false
        var stopped = false
        var listener: Int32 = -1
        var port: UInt16 = 0
        var connections: Set<Int32> = []
        var log = RequestLog()
        var hits: [String: Int] = [:]
        var uploadDirectory: String?
        /// Whether `start()` made the upload directory (a temporary one), so `stop()` removes it.
        var ownsUploadDirectory = false
        var uploadCounter = 0
    }

    let state = Mutex(State())
    private let threads = DispatchGroup()

    /// Creates a server; nothing is bound until `start()`.
    public init(configuration: OriginConfiguration = OriginConfiguration()) {
        self.configuration = configuration
    }

    /// Binds, starts accepting on a background thread and returns the bound port.
    @discardableResult
    public func start() throws -> UInt16 {
        try state.withLock { state in
            guard !state.started else { throw OriginError.alreadyStarted }
            if let root = configuration.root {
                var info = stat()
                guard stat(root, &info) == 0 else { throw OriginError.system("root \(root)", errno) }
                guard info.st_mode & S_IFMT == S_IFDIR else { throw OriginError.system("root \(root)", ENOTDIR) }
            }
            let (listener, port) = try ListeningSocket.open(host: configuration.host, port: configuration.port)
            let uploads: String
            do {
                uploads = try configuration.uploadDirectory ?? Self.makeTemporaryDirectory()
            } catch {
                close(listener)
                throw error
            }
            state.ownsUploadDirectory = configuration.uploadDirectory == nil
            state.started = true
            state.listener = listener
            state.port = port
            state.uploadDirectory = uploads
            threads.enter()
        }
        let listener = state.withLock { $0.listener }
        let thread = Thread { [self] in
            defer { threads.leave() }
            acceptLoop(listener)
        }
        thread.name = "origin-accept"
        thread.start()
        return port
    }

    /// Closes the listener and every open connection and waits (up to 10 s) for the threads to
    /// end; a temporary upload directory `start()` made is removed with what it holds. Idempotent; safe to
    /// call before `start()`.
    public func stop() {
        let wasRunning = state.withLock { state -> Bool in
            guard state.started, !state.stopped else {
                state.stopped = true
                return false
            }
            state.stopped = true
            shutdown(state.listener, Int32(SHUT_RDWR))
            for fd in state.connections { shutdown(fd, Int32(SHUT_RDWR)) }
            return true
        }
        if wasRunning { _ = threads.wait(timeout: .now() + 10) }
        let temporary = state.withLock { state -> String? in
            guard state.ownsUploadDirectory else { return nil }
            state.ownsUploadDirectory = false
            return state.uploadDirectory
        }
        if let temporary { try? FileManager.default.removeItem(atPath: temporary) }
    }

    /// The bound port, 0 before `start()`.
    public var port: UInt16 { state.withLock { $0.port } }

    /// `http://HOST:PORT` for the bound address (wildcard addresses map to loopback).
    public var baseURL: String {
        var host = configuration.host
        if host == "0.0.0.0" { host = "127.0.0.1" }
        if host == "::" { host = "::1" }
        if host.contains(":") { host = "[\(host)]" }
        return "http://\(host):\(port)"
    }

    /// The directory uploads are written to (a temporary one created at `start()` and removed at `stop()` when
    /// not configured).
    public var uploadDirectory: String? { state.withLock { $0.uploadDirectory } }

    /// The most recent requests (at most 10,000), oldest first.
    public func requestLog() -> [OriginRequestRecord] {
        state.withLock { $0.log.recent }
    }

    /// Forgets the request log.
    public func clearRequestLog() {
        state.withLock { $0.log = RequestLog() }
    }

    /// Forgets how many times each target was requested, so counted faults fire again.
    public func resetFaults() {
        state.withLock { $0.hits.removeAll() }
    }

    /// Parses sizes such as `1048576`, `20m`, `512k`, `1g`, `2MiB` (1024-based).
    public static func parseSize(_ text: String) -> Int64? {
        var body = text.trimmingCharacters(in: .whitespaces).lowercased()
        for unit in ["ib", "b"] where body.hasSuffix(unit) && body.count > unit.count {
            body.removeLast(unit.count)
            break
        }
        var multiplier: Int64 = 1
        if let last = body.last, let power = ["k": 1, "m": 2, "g": 3, "t": 4][String(last)] {
            multiplier = 1 << (10 * Int64(power))
            body.removeLast()
        }
        guard !body.isEmpty, body.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let value = Int64(body) else {
            return nil
        }
        let (product, overflow) = value.multipliedReportingOverflow(by: multiplier)
        return overflow ? nil : product
    }

    // MARK: Threads

    private func acceptLoop(_ listener: Int32) {
        defer { close(listener) }
        while let fd = ListeningSocket.accept(listener) {
            let accepted = state.withLock { state -> Bool in
                guard !state.stopped else { return false }
                state.connections.insert(fd)
                threads.enter()
                return true
            }
            guard accepted else {
                close(fd)
                return
            }
            let thread = Thread { [self] in
                defer { threads.leave() }
                serve(Connection(fd: fd))
                state.withLock { _ = $0.connections.remove(fd) }
                close(fd)
            }
            thread.name = "origin-connection"
            thread.start()
        }
    }

    var isStopped: Bool { state.withLock { $0.stopped } }

    /// Appends a request to the bounded log.
    func record(_ record: OriginRequestRecord) {
        state.withLock { $0.log.append(record) }
    }

    /// Counts a request for `target` and returns its 1-based number. `HEAD` requests peek:
    /// they see the number the next counted request would get, without consuming it.
    func requestNumber(for target: String, counting: Bool) -> Int {
        state.withLock { state in
            let next = (state.hits[target] ?? 0) + 1
            if counting { state.hits[target] = next }
            return next
        }
    }

    private static func makeTemporaryDirectory() throws -> String {
        var temporary = NSTemporaryDirectory()
        while temporary.count > 1 && temporary.hasSuffix("/") { temporary.removeLast() }
        var template = Array((temporary + "/offstage-origin-uploads-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.flatMap { mkdtemp($0) } != nil
        }
        guard made else { throw OriginError.system("mkdtemp", errno) }
        return template.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { String(cString: $0) } ?? ""
        }
    }
}
