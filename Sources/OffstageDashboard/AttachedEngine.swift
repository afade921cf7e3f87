import Foundation
import OffstageCore
import OffstageRuntime
import OffstageStore
import OffstageUI

/// A dashboard attached to an engine another process runs (`offstage run` in another shell): its snapshots
/// arrive over the home's socket, the keys' commands go through the inbox. Quitting leaves that engine running.
public final class AttachedEngine: LinkedBackend {
    let link: EngineLink
    private let stopping = Locked(false)
    private let finished = DispatchSemaphore(value: 0)
    private var closed = false

    /// Connects to the engine of `home` and receives its snapshots on a thread of its own.
    ///
    /// - Throws: `AttachError.notRunning` when no engine listens there.
    public init(home: OffstageHome, wake: @escaping @Sendable () -> Void) throws {
        let probe = try SnapshotClient(home: home.path)
        probe.close()
        link = try EngineLink(home: home)
        let latest = link.latest, outcome = link.outcome, stopping = self.stopping, finished = self.finished
        let path = home.path
        let thread = Thread {
            defer {
                finished.signal()
                wake()
            }
            do {
                let client = try SnapshotClient(home: path)
                defer { client.close() }
                while !stopping.value {
                    if let snapshot = try client.next(timeout: 0.5) {
                        latest.put(snapshot)
                        wake()
                    }
                }
            } catch {
                if !stopping.value {
                    outcome.set("the engine of \(path) stopped (\(error))")
                }
            }
        }
        thread.name = "offstage.attach"
        thread.start()
    }

    /// Detaches; the engine goes on.
    public func close() {
        guard !closed else { return }
        closed = true
        stopping.set(true)
        finished.wait()
        link.sender.close()
    }
}
