import OffstageCore

/// The keys that ask the Android model for something: work, the app's process, the device, a foreground service.
///
/// Like `Actions`, each checks the snapshot first and says why instead of sending when the key would do nothing;
/// what only the engine knows (a force stop, a quota) comes back as its refusal on the key bar.
enum AndroidActions {
    /// The name `F` starts and stops.
    static let demoService = "demo-service"
    /// The notification `F` shows.
    static let demoNotification = "Offstage demo · started from the dashboard"

    /// The work the selection names, if it is in the snapshot.
    static func selectedWork(_ state: DashboardState, _ snapshot: Snapshot) -> WorkSnapshot? {
        state.selectedWork.flatMap { id in snapshot.android?.work.first { $0.id == id } }
    }

    /// `l` on a work row: `work run NAME`, bypassing constraints and delays, when the row is ENQUEUED.
    static func run(state: inout DashboardState, snapshot: Snapshot) -> [DashboardEffect] {
        guard let work = selectedWork(state, snapshot) else {
            state.message = "no work request selected: select one in the Scheduled pane"
            return []
        }
        let name = TransferDaemon.printable(work.name)
        switch work.state {
        case .enqueued: return Actions.send(.android(.run(name: work.name)), state: &state, snapshot: snapshot)
        case .running: state.message = "\(name) is already RUNNING"
        case .blocked:
            let by = work.reason.flatMap { reason -> [String]? in
                if case .blocked(let names) = reason { return names }
                return nil
            }
            let list = (by ?? []).map { TransferDaemon.printable($0) }.joined(separator: ", ")
            state.message =
                list.isEmpty
                ? "\(name) is BLOCKED: it runs when its prerequisites succeed"
                : "\(name) is BLOCKED by \(list): it runs when they succeed"
        case .succeeded, .failed, .cancelled: state.message = "\(name) is \(work.state.rawValue): nothing to run"
        }
        return []
    }

    /// `G` on a running work row: its worker calls `setForegroundAsync` (a foreground service with a notification).
    static func setForeground(state: inout DashboardState, snapshot: Snapshot) -> [DashboardEffect] {
        guard let work = selectedWork(state, snapshot) else {
            state.message = "no work request selected: select a RUNNING one in the Scheduled pane"
            return []
        }
        let name = TransferDaemon.printable(work.name)
        guard work.state == .running else {
            state.message =
                "\(name) is \(work.state.rawValue): only a running worker can call setForegroundAsync"
            return []
        }
        guard !work.foreground else {
            state.message = "\(name) already runs as a foreground service"
            return []
        }
        let request = AndroidRequest.setForeground(name: work.id, notification: "\(work.name) running")
        return Actions.send(.android(request), state: &state, snapshot: snapshot)
    }

    /// `c` on a work row: asks before cancelling it (`cancelWorkById`; its dependents are cancelled with it).
    static func confirmCancel(state: inout DashboardState, snapshot: Snapshot) {
        guard let work = selectedWork(state, snapshot) else {
            state.message = "no work request selected"
            return
        }
        let name = TransferDaemon.printable(work.name)
        guard !work.state.isFinished else {
            state.message = "\(name) is \(work.state.rawValue): nothing to cancel"
            return
        }
        state.overlay = .confirm(
            .init(
                question: "Cancel work \"\(name)\" (\(work.state.rawValue)) and what waits for it? y/n",
                effect: .send(.android(.cancel(.id(work.id))))))
    }

    /// `o`, `h`, `t`, `K` on Android: open, leave, low-memory kill, force-stop (confirmed).
    static func app(_ key: Character, state: inout DashboardState, snapshot: Snapshot) -> [DashboardEffect] {
        let phase = snapshot.android?.process.phase ?? .gone
        let services = snapshot.android?.foregroundServices ?? []
        switch key {
        case "o":
            guard phase != .foreground else {
                state.message = "the Android app is already in the foreground"
                return []
            }
            return Actions.send(.android(.appOpened), state: &state, snapshot: snapshot)
        case "h":
            guard phase == .foreground else {
                state.message = "the Android app is not in the foreground: o opens it"
                return []
            }
            return Actions.send(.android(.appLeft), state: &state, snapshot: snapshot)
        case "t":
            switch phase {
            case .gone: state.message = "the Android app has no process to kill"
            case .foreground:
                state.message = "the low-memory killer does not end the foreground app (h leaves it)"
            case .background:
                if let service = services.first {
                    state.message =
                        "foreground service \(TransferDaemon.printable(service.name)) keeps the process alive"
                    return []
                }
                return Actions.send(.android(.lowMemoryKill), state: &state, snapshot: snapshot)
            }
            return []
        default:
            let question = "Force-stop the Android app? Its work stops and nothing runs until it is opened. y/n"
            state.overlay = .confirm(.init(question: question, effect: .send(.android(.forceStop))))
            return []
        }
    }

    /// `R`: asks before rebooting the device.
    static func confirmReboot(state: inout DashboardState) {
        let question = "Reboot the device? Every process ends; WorkManager reschedules its work at boot. y/n"
        state.overlay = .confirm(.init(question: question, effect: .send(.android(.reboot))))
    }

    /// `F`: starts the demo foreground service, or stops it when it runs.
    static func foregroundService(state: inout DashboardState, snapshot: Snapshot) -> [DashboardEffect] {
        let running = snapshot.android?.foregroundServices.contains { $0.name == demoService } ?? false
        let request: AndroidRequest =
            running
            ? .stopForegroundService(name: demoService)
            : .startForegroundService(name: demoService, notification: demoNotification)
        return Actions.send(.android(request), state: &state, snapshot: snapshot)
    }
}
