import Foundation
import OffstageCore
import OffstageRuntime
import OffstageStore
import OffstageUI

/// A dashboard that hosts the engine: the runtime runs on its own thread in this process and publishes its
/// snapshots here; the keys' commands go through the inbox like any other process's, and wake it at once.
public final class HostedEngine: LinkedBackend {
    let link: EngineLink
    private let stopper = Locked<RuntimeStopper?>(nil)
    private let finished = DispatchSemaphore(value: 0)
    private var closed = false

    /// Starts the runtime that `make` builds on a new thread. `make` gets the function to publish snapshots with
    /// (it sets it as the options' `onSnapshot`); `wake` tells the dashboard a snapshot arrived.
    ///
    /// - Throws: when the home's store cannot be opened for the dashboard's commands.
    public init(
        home: OffstageHome, wake: @escaping @Sendable () -> Void,
        make: @escaping @Sendable (_ publish: @escaping @Sendable (Snapshot) -> Void) throws -> DaemonRuntime
    ) throws {
        link = try EngineLink(home: home)
        let latest = link.latest, outcome = link.outcome, stopper = self.stopper, finished = self.finished
        let thread = Thread {
            defer {
                finished.signal()
                wake()
            }
            do {
                let runtime = try make { snapshot in
                    latest.put(snapshot)
                    wake()
                }
                stopper.set(runtime.stopper)
                let result = try runtime.run()
                outcome.set(Self.describe(result))
            } catch {
                outcome.set("the engine stopped: \(error)")
            }
        }
        thread.name = "offstage.engine"
        thread.start()
    }

    /// Asks the engine to stop cleanly and waits for it (every request checkpoints; the next start resumes).
    public func close() {
        guard !closed else { return }
        closed = true
        // The runtime may still be starting (no stopper yet): ask again until it has stopped.
        while true {
            stopper.value?.requestShutdown(reason: "dashboard closed")
            if finished.wait(timeout: .now() + 0.2) == .success { break }
        }
        link.sender.close()
    }

    private static func describe(_ outcome: RunOutcome) -> String {
        switch outcome {
        case .idle: "the engine has nothing left to do"
        case .focusFinished: "the engine's tasks finished"
        case .interrupted(let reason): "the engine stopped (\(reason))"
        }
    }
}
