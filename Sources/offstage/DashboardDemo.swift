import Foundation
import OffstageCore
import OffstageDashboard
import OffstageOrigin
import OffstageRuntime
import OffstageStore

/// `offstage demo`: the dashboard hosting the engine against the local origin in this process, with the scripted
/// story (`DemoStory`) playing by itself until the user presses a key.
enum DashboardDemo {
    static func run(context: CLIContext, origin: String, signals: StopSignals) throws {
        let configuration = try SchedulerConfig.load(nil, context: context)
        let lock = try context.acquireLock()
        defer { lock.release() }
        let uploadPath = context.home.path + "/backup.tar"
        try makeUploadFile(at: uploadPath, size: 8 << 20, seed: 26)
        let store = try context.openStore()
        let face = try DashboardFace.make(signals: signals)
        let engine = InProcessEngine(wake: face.waker) { publish in
            try HostedRuntime.make(context: context, store: store, configuration: configuration, publish: publish) {
                options in
                options.retryPolicy = RetryPolicy(baseDelay: 1, maxDelay: 20, retryAfterCap: 30, maxAttempts: 8)
            }
        }
        let director = DemoDirector(steps: DemoStory.steps(origin: origin, uploadPath: uploadPath))
        try face.run(engine: engine, director: director, plainUntilStoryEnds: true)
    }

    /// Writes a deterministic file to upload (0600, in the demo's home).
    static func makeUploadFile(at path: String, size: Int, seed: UInt64) throws {
        var bytes = [UInt8](repeating: 0, count: size)
        bytes.withUnsafeMutableBytes { GeneratedContent.fill($0, offset: 0, seed: seed) }
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        guard
            FileManager.default.createFile(atPath: path, contents: Data(bytes), attributes: [.posixPermissions: 0o600])
        else { throw CLIError.failed("cannot write the demo's upload file \(path)") }
    }
}
