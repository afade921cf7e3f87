import Foundation
import OffstageClock
import OffstageCore
import OffstageRuntime
import OffstageStore
import OffstageTestSupport
import Testing

/// Something that is not a socket at `<home>/engine.sock` (a directory, a file someone put there) is reported, left
/// as it is, and the engine runs without the attach channel.
@Suite struct AttachSocketPathTests {
    @Test(
        "a directory at engine.sock is reported in the event log and left as it is; the engine still runs"
    )
    func directory() throws {
        let harness = try RuntimeHarness()
        let socket = harness.home.path + "/engine.sock"
        try FileManager.default.createDirectory(atPath: socket, withIntermediateDirectories: false)
        let lines = try startAndStop(harness)
        let line = try #require(lines.first { $0.kind == .attachUnavailable }, "\(lines)")
        #expect(line.subject == "engine.sock")
        #expect(
            line.reason.contains("\(socket) is a directory, not the engine's socket"), "\(line.reason)")
        #expect(line.reason.contains("remove it"), "\(line.reason)")
        var isDirectory: ObjCBool = false
        #expect(
            FileManager.default.fileExists(atPath: socket, isDirectory: &isDirectory)
                && isDirectory.boolValue)
        // A view that tries to attach is told what is in the way, not that no engine runs.
        let error = #expect(throws: AttachError.self) { try SnapshotClient(home: harness.home.path) }
        #expect(error?.description == "\(socket) is a directory, not the engine's socket")
    }

    @Test("a regular file at engine.sock is reported and never removed")
    func regularFile() throws {
        let harness = try RuntimeHarness()
        let socket = harness.home.path + "/engine.sock"
        #expect(FileManager.default.createFile(atPath: socket, contents: Data("notes".utf8)))
        let lines = try startAndStop(harness)
        let line = try #require(lines.first { $0.kind == .attachUnavailable }, "\(lines)")
        #expect(
            line.reason.contains("\(socket) is a regular file, not the engine's socket"), "\(line.reason)"
        )
        #expect(FileManager.default.contents(atPath: socket) == Data("notes".utf8))
    }

    @Test("a socket left by an engine that was killed is replaced without a word")
    func staleSocket() throws {
        let harness = try RuntimeHarness()
        try leaveSocket(at: harness.home.path + "/engine.sock")  // bound and closed, never removed: as after a kill -9
        #expect(FileManager.default.fileExists(atPath: harness.home.path + "/engine.sock"))
        let lines = try startAndStop(harness)
        #expect(!lines.contains { $0.kind == .attachUnavailable }, "\(lines)")
    }

    /// Binds a Unix socket at `path` and closes it without removing the file.
    private func leaveSocket(at path: String) throws {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try #require(fd >= 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        try #require(bytes.count < MemoryLayout.size(ofValue: address.sun_path))
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        try #require(bound == 0)
    }

    /// Starts a runtime on the harness's home, stops it, and returns the log lines it wrote.
    private func startAndStop(_ harness: RuntimeHarness) throws -> [LogEntry] {
        let runtime = DaemonRuntime(
            home: harness.home, store: harness.store, options: harness.options(), time: ManualTimeSource()
        )
        try runtime.start()
        try runtime.shutdown()
        return try harness.store.events(limit: 1000).map(\.entry)
    }
}
