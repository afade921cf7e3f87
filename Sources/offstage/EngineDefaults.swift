import Foundation
import OffstageCore
import OffstageHTTP

/// Engine settings the command line applies: the user's `~/.netrc` for credentials, and test overrides.
enum EngineDefaults {
    /// The transfer timings, with `OFFSTAGE_STALL_SECONDS` (a test's override, 0.5 to 3600) as the stall window.
    static func timings(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> TransferTimings {
        var timings = TransferTimings()
        if let text = environment["OFFSTAGE_STALL_SECONDS"], let seconds = Double(text),
            seconds.isFinite, seconds >= 0.5, seconds <= 3600
        {
            timings.stallWindow = seconds
        }
        return timings
    }

    /// Uses `~/.netrc` when it exists, and `OFFSTAGE_CA_BUNDLE` as the CA file when set (TLS is always verified).
    static func apply(_ configuration: inout EngineConfiguration) {
        let environment = ProcessInfo.processInfo.environment
        let netrc = (environment["HOME"] ?? NSHomeDirectory()) + "/.netrc"
        if FileManager.default.fileExists(atPath: netrc) { configuration.netrcFile = netrc }
        if let bundle = environment["OFFSTAGE_CA_BUNDLE"], !bundle.isEmpty { configuration.caBundle = bundle }
        if let text = environment["OFFSTAGE_CHECKPOINT_SECONDS"], let seconds = Double(text), seconds.isFinite,
            seconds > 0, seconds <= 86_400
        {
            // A test's override: a checkpoint every so many seconds, however little arrived.
            configuration.checkpointInterval = seconds
            configuration.checkpointMinimumBytes = 0
        }
    }
}
