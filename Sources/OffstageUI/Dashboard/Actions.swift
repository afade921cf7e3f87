import Foundation
import OffstageCore

/// The keys that ask the engine or the clock for something: transfers, BG tasks, the app, the clock.
///
/// Each checks the snapshot first and, when the key would do nothing, says why instead of sending.
enum Actions {
    /// The transfer the selection names, if it is in the snapshot.
    static func selectedTransfer(_ state: DashboardState, _ snapshot: Snapshot) -> TransferSnapshot? {
        state.selectedTransfer.flatMap { id in snapshot.transfers.first { $0.id == id } }
    }

    /// `p`: pauses a queued, running or retrying transfer; resumes a paused or failed one.
    static func pauseOrResume(state: inout DashboardState, snapshot: Snapshot) -> [DashboardEffect] {
        guard let transfer = selectedTransfer(state, snapshot) else {
            state.message = "no transfer selected"
            return []
        }
        let command: DaemonCommand
        switch transfer.state {
        case .queued, .running, .retrying: command = .pause(id: transfer.id)
        case .paused, .failed: command = .resume(id: transfer.id)
        case .finishing, .completed, .cancelled:
            state.message = "task \(transfer.id) is \(transfer.state.rawValue): nothing to pause"
            return []
        }
        return send(command, state: &state, snapshot: snapshot)
    }

    /// `c`: asks before cancelling the selected transfer, unless it has finished.
    static func confirmCancel(state: inout DashboardState, snapshot: Snapshot) {
        guard let transfer = selectedTransfer(state, snapshot) else {
            state.message = "no transfer selected"
            return
        }
        if transfer.state.isTerminal {
            state.message = "task \(transfer.id) is \(transfer.state.rawValue): nothing to cancel"
        } else if transfer.state == .finishing {
            state.message = "task \(transfer.id) is finishing: its body is complete and it can no longer be cancelled"
        } else {
            let name = TransferDaemon.printable(transfer.name)
            state.overlay = .confirm(
                .init(question: "Cancel task \(transfer.id) \"\(name)\"? y/n", effect: .send(.cancel(id: transfer.id))))
        }
    }

    /// `l`: simulates the launch of the selected pending request; when the selection is not a pending request (a
    /// running task, or nothing), of the first pending request whose task is not running.
    static func launch(state: inout DashboardState, snapshot: Snapshot) -> [DashboardEffect] {
        let running = Set(snapshot.runningTasks.map(\.identifier))
        let pending = snapshot.requests.map(\.id)
        if let selected = state.selectedRequest, pending.contains(selected) {
            guard !running.contains(selected) else {
                state.message = "\(TransferDaemon.printable(selected)) is already running: x expires it"
                return []
            }
            return send(.launchTask(identifier: selected), state: &state, snapshot: snapshot)
        }
        guard !pending.isEmpty else {
            state.message = "no BG task request to launch: press s to schedule one"
            return []
        }
        guard let first = pending.first(where: { !running.contains($0) }) else {
            state.message = "every pending request's task is already running: x expires one"
            return []
        }
        return send(.launchTask(identifier: first), state: &state, snapshot: snapshot)
    }

    /// `x`: simulates the expiration of the selected running task, or of the only one running.
    static func expire(state: inout DashboardState, snapshot: Snapshot) -> [DashboardEffect] {
        let running = snapshot.runningTasks
        guard !running.isEmpty else {
            state.message = "no BG task is running: launch one with l first"
            return []
        }
        let task: RunningTaskSnapshot
        if let selected = running.first(where: { $0.identifier == state.selectedRequest }) {
            task = selected
        } else if running.count == 1 {
            task = running[0]
        } else {
            state.message = "\(running.count) BG tasks are running: select one in the Scheduled pane"
            return []
        }
        guard !task.expirationCalled else {
            state.message = "the expiration handler of \(TransferDaemon.printable(task.identifier)) was already called"
            return []
        }
        return send(.expireTask(identifier: task.identifier), state: &state, snapshot: snapshot)
    }

    /// `o`, `h`, `t`, `K`, `r`: the user's gestures and the system's decisions about the model app.
    static func app(_ key: Character, state: inout DashboardState, snapshot: Snapshot) -> [DashboardEffect] {
        let app = snapshot.app
        let refusal: String?
        switch key {
        case "o": refusal = app.phase.isForeground ? "the app is already in the foreground" : nil
        case "h": refusal = app.phase.isForeground ? nil : "the app is not in the foreground"
        case "t":
            refusal =
                !app.phase.hasProcess
                ? "the app is not running"
                : app.phase.isForeground
                    ? "the app is in the foreground: the system terminates only a background app (h sends it home)"
                    : nil
        case "K": refusal = app.phase.hasProcess ? nil : "the app is not running"
        default:
            refusal =
                app.phase.runsCode
                ? "the app is already running (\(app.phase.rawValue))"
                : app.forceQuit
                    ? "the user force-quit the app: the system does not relaunch it until it is opened (o)"
                    : app.waitingDeliveries == 0 ? "no session events wait for the app: o opens it instead" : nil
        }
        if let refusal {
            state.message = refusal
            return []
        }
        switch key {
        case "o": return send(.app(.open), state: &state, snapshot: snapshot)
        case "h": return send(.app(.home), state: &state, snapshot: snapshot)
        case "t": return send(.app(.kill(reason: "memory pressure")), state: &state, snapshot: snapshot)
        case "K":
            let question = "Force-quit the app, as a swipe in the app switcher does? y/n"
            state.overlay = .confirm(.init(question: question, effect: .send(.app(.forceQuit))))
            return []
        default:
            let effects = send(.app(.relaunch), state: &state, snapshot: snapshot)
            let wait = app.relaunchAvailableIn
            if wait > 0, wait.isFinite, wait < 1e9 {
                state.message =
                    "background relaunch sent to the engine: the rate limiter holds it for "
                    + DurationText.short(wait)
            }
            return effects
        }
    }

    /// The warp cycle `w` walks: ×1, ×10, ×60, ×600, then ×1 again.
    static let warpCycle: [ClockRate] = [.real, .warped(10), .warped(60), .warped(600)]

    /// `w`, `f`, `n`: the clock's warp, its freeze, and the jump to the next deadline.
    static func clock(_ key: Character, state: inout DashboardState, snapshot: Snapshot) -> [DashboardEffect] {
        let rate = snapshot.clock.rate
        switch key {
        case "w":
            guard rate != .frozen else {
                state.message = "the clock is frozen: f unfreezes it"
                return []
            }
            let next = warpCycle.first { $0.factor > rate.factor } ?? .real
            state.message = "clock \(RateText.of(next))"
            return [.setClockRate(next)]
        case "f":
            if rate == .frozen {
                let back = state.rateBeforeFreeze ?? .real
                state.rateBeforeFreeze = nil
                state.message = "clock unfrozen: \(RateText.of(back))"
                return [.setClockRate(back)]
            }
            state.rateBeforeFreeze = rate
            state.message = "clock frozen: n jumps to the next deadline"
            return [.setClockRate(.frozen)]
        default:
            guard let deadline = snapshot.clock.nextDeadline else {
                state.message = "no deadline ahead"
                return []
            }
            let wait = deadline.timeIntervalSince(snapshot.clock.now)
            let ahead = wait.isFinite && wait < 1e9 ? "\(DurationText.short(wait)) " : ""
            state.message = "jumping \(ahead)ahead to the next deadline"
            return [.jumpToNextDeadline]
        }
    }

    /// Sends a command and says so on the key bar.
    static func send(_ command: DaemonCommand, state: inout DashboardState, snapshot: Snapshot) -> [DashboardEffect] {
        state.message = SentMessage.of(command, role: snapshot.engine.role)
        return [.send(command)]
    }
}

/// A clock rate in words, as the header shows it: `×1`, `×10`, `frozen`.
enum RateText {
    /// The words.
    static func of(_ rate: ClockRate) -> String {
        switch rate {
        case .real: "×1"
        case .warped(let factor):
            factor == factor.rounded() && abs(factor) < 1e9 ? "×\(Int(factor))" : "×\(factor)"
        case .frozen: "frozen"
        }
    }
}
