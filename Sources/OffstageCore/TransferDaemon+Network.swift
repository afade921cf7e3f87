import Foundation

/// What the device's network and power allow a task: the session's cellular, expensive and constrained settings,
/// and the discretionary rules (a task created while the app was in the background is one).
extension TransferDaemon {
    /// How a task the app created in the background is described: iOS treats it as discretionary.
    public static let createdInBackground = "created in the background: discretionary"

    /// Why the device's network keeps `task` from transferring now, or nil when the network allows it. Background
    /// sessions always wait for a suitable network rather than fail (`waitsForConnectivity` is ignored: they
    /// always wait, platform-semantics §1.2).
    func networkBlock(for task: TransferTask) -> String? {
        let session = session(of: task)
        switch conditions.network {
        case .offline:
            return "waiting for a network"
        case .cellular where !session.allowsCellularAccess:
            return "waiting for Wi-Fi: the session does not allow cellular (allowsCellularAccess off)"
        case .cellular where !session.allowsExpensiveNetworkAccess:
            return "waiting for Wi-Fi: cellular is expensive and the session does not allow it "
                + "(allowsExpensiveNetworkAccess off)"
        default:
            break
        }
        if conditions.lowDataMode && !session.allowsConstrainedNetworkAccess {
            return "waiting for a network without Low Data Mode: the session does not allow constrained networks "
                + "(allowsConstrainedNetworkAccess off)"
        }
        if task.isDiscretionary && conditions.network != .wifi {
            return discretionary(task) + ": needs Wi-Fi"
        }
        return nil
    }

    /// Why the device conditions keep a task waiting, or nil when they allow it: the network first, then a
    /// discretionary task's need for external power.
    func conditionBlock(for task: TransferTask) -> String? {
        if let network = networkBlock(for: task) {
            return task.isDiscretionary && !conditions.charging && network.hasSuffix(": needs Wi-Fi")
                ? network + " and power" : network
        }
        if task.isDiscretionary && !conditions.charging { return discretionary(task) + ": needs power" }
        return nil
    }

    /// "discretionary", or why it is: created in the background.
    private func discretionary(_ task: TransferTask) -> String {
        task.createdInBackground ? Self.createdInBackground : "discretionary"
    }

    /// The device's conditions changed: a request in flight whose network went away, or is no longer one its
    /// session (or its discretion) allows, stops and waits with that reason; it resumes from its checkpoint with
    /// `If-Range` when a network it may use returns. A discretionary transfer that loses external power keeps going
    /// (an assumption: Apple says only that the system "might delay" such transfers).
    mutating func stopTransfersTheNetworkForbids(in transition: inout Transition) {
        for id in attempts.keys.sorted() {
            guard var task = tasks[id], let reason = networkBlock(for: task) else { continue }
            stopIfRunning(id, in: &transition)
            task.state = .queued
            update(task, in: &transition)
            waitReasons[id] = conditionBlock(for: task) ?? reason
            transition.log(
                .waiting, task.subject,
                "\(reason): stopped; it resumes from its checkpoint (If-Range) when the network allows")
        }
    }
}
