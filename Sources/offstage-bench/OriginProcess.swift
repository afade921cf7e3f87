import Foundation
import Glibc

/// The project's own local origin, `offstage origin --port 0` on 127.0.0.1, run as a child of the bench.
///
/// The kernel picks the port; the bench reads it from the origin's banner ("offstage origin serving URL").
final class OriginProcess {
    /// The origin's base URL, e.g. `http://127.0.0.1:40123`.
    let baseURL: String
    /// The origin's process.
    private let child: RunningChild

    /// A started origin.
    private init(baseURL: String, child: RunningChild) {
        self.baseURL = baseURL
        self.child = child
    }

    /// Starts the origin with its output in `directory` and waits (up to 10 s) for its banner.
    static func start(offstage: String, directory: String) throws -> OriginProcess {
        let outputPath = directory + "/origin.stdout"
        let errorPath = directory + "/origin.stderr"
        let output = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        let errors = open(errorPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
        defer {
            for descriptor in [output, errors, null] where descriptor >= 0 { close(descriptor) }
        }
        guard output >= 0, errors >= 0, null >= 0 else {
            throw BenchError("cannot open the origin's logs in \(directory): \(String(cString: strerror(errno)))")
        }
        let child = try RunningChild.start(
            name: "offstage origin", [offstage, "origin", "--host", "127.0.0.1", "--port", "0"], environment: nil,
            input: null, output: output, errors: errors)
        let deadline = ChildProcess.monotonicSeconds() + 10
        let marker = "offstage origin serving "
        while ChildProcess.monotonicSeconds() < deadline {
            let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix(marker) }) {
                let url = String(line.dropFirst(marker.count)).trimmingCharacters(in: .whitespaces)
                guard url.hasPrefix("http://127.0.0.1:") else {
                    child.stop()
                    throw BenchError("the origin serves \(url), not 127.0.0.1")
                }
                return OriginProcess(baseURL: url, child: child)
            }
            if child.hasExited {
                let reason = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
                throw BenchError("offstage origin exited: \(reason.split(separator: "\n").last.map(String.init) ?? "no message")")
            }
            usleep(20_000)
        }
        child.stop()
        throw BenchError("offstage origin printed no banner within 10 s")
    }

    /// Stops the origin (SIGTERM; SIGKILL after 5 s).
    func stop() {
        child.stop(signal: SIGTERM, timeout: 5)
    }
}
