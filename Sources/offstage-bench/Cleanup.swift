import Dispatch
import Foundation
import Glibc
import Synchronization

/// What must be undone if the bench is interrupted: the running child, long-running children, nginx, scratch paths.
///
/// SIGINT and SIGTERM are ignored by the process and handled by a dispatch source instead, so the
/// handler may take locks and stop nginx before exiting with 130.
final class Cleanup: Sendable {
    /// The one registry of the process.
    static let shared = Cleanup()

    private struct State {
        var child: pid_t?
        var background: Set<pid_t> = []
        var stopServer: (@Sendable () -> Void)?
        var scratch: Set<String> = []
        var interrupted = false
    }

    private let state = Mutex(State())

    /// Remembers the child being measured (nil once it has been waited for).
    func setChild(_ pid: pid_t?) {
        state.withLock { $0.child = pid }
    }

    /// Remembers a long-running child (an engine, a dashboard, the origin) until it is stopped.
    func addBackground(_ pid: pid_t) {
        _ = state.withLock { $0.background.insert(pid) }
    }

    /// Forgets a long-running child once it has been waited for.
    func removeBackground(_ pid: pid_t) {
        _ = state.withLock { $0.background.remove(pid) }
    }

    /// Remembers how to stop the server (nil once it is stopped).
    func setServerStopper(_ stop: (@Sendable () -> Void)?) {
        state.withLock { $0.stopServer = stop }
    }

    /// Paths to remove on interruption (temporary homes, outputs).
    func addScratch(_ path: String) {
        _ = state.withLock { $0.scratch.insert(path) }
    }

    func removeScratch(_ path: String) {
        _ = state.withLock { $0.scratch.remove(path) }
    }

    /// Installs the SIGINT/SIGTERM handlers: end the child, stop the server, remove scratch, exit 130.
    /// The caller keeps the returned sources alive for as long as the handlers should work.
    func install() -> [any DispatchSourceSignal] {
        [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [self] in interrupted(by: number) }
            source.resume()
            return source
        }
    }

    /// True once a signal arrived: a failure the main thread sees now is the child being stopped, not news.
    var isInterrupted: Bool { state.withLock { $0.interrupted } }

    /// Parks the calling thread while the signal handler finishes cleaning up and exits the process.
    func awaitInterruptedExit() -> Never {
        while true { sleep(1) }
    }

    private func interrupted(by number: Int32) {
        let (child, background, stop, scratch) = state.withLock {
            $0.interrupted = true
            return ($0.child, $0.background, $0.stopServer, $0.scratch)
        }
        FileHandle.standardError.write(Data("\noffstage-bench: interrupted; stopping nginx and cleaning up\n".utf8))
        if let child {
            kill(child, SIGINT)
            var status: Int32 = 0
            var gone = false
            for _ in 0..<50 {
                if waitpid(child, &status, WNOHANG) != 0 {
                    gone = true
                    break
                }
                usleep(100_000)
            }
            if !gone { kill(child, SIGKILL) }
        }
        for pid in background { kill(pid, SIGTERM) }
        for pid in background {
            var status: Int32 = 0
            var gone = false
            for _ in 0..<50 {
                if waitpid(pid, &status, WNOHANG) != 0 {
                    gone = true
                    break
                }
                usleep(100_000)
            }
            if !gone {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
            }
        }
        stop?()
        for path in scratch { try? FileManager.default.removeItem(atPath: path) }
        exit(number == SIGINT ? 130 : 143)
    }
}
