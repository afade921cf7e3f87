/// A failure the command line reports as one line on stderr, with a meaningful exit code.
enum CLIError: Error, CustomStringConvertible {
    /// Bad arguments (exit 2).
    case usage(String)
    /// A transfer or command failed (exit 1).
    case failed(String)
    /// The home or its store cannot be used: locked, damaged, foreign (exit 3).
    case store(String)
    /// The disk is full; what was stored is kept (exit 4).
    case diskFull(String)
    /// Interrupted by a signal; resumable (exit 130).
    case interrupted(String)
    /// A download's checksum did not match: nothing was delivered (exit 5).
    case checksumMismatch(String)

    /// `get`'s exit status when the checksum did not match.
    static let checksumMismatchStatus: Int32 = 5

    /// The line printed after `offstage: `.
    var description: String {
        switch self {
        case .usage(let m), .failed(let m), .store(let m), .diskFull(let m), .interrupted(let m),
            .checksumMismatch(let m):
            return m
        }
    }

    /// The process exit code.
    var exitCode: Int32 {
        switch self {
        case .usage: return 2
        case .failed: return 1
        case .store: return 3
        case .diskFull: return 4
        case .interrupted: return 130
        case .checksumMismatch: return Self.checksumMismatchStatus
        }
    }
}
