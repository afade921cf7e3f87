import Foundation

/// Background (silent) pushes: what the system does with one, the hourly budget, Low Power Mode, the force-quit
/// rule, and the push that waits (platform-semantics §4.4; the numbers are `BackgroundRules`').
extension AppLifecycle {
    /// What the system does with `push` now, at steady time `steady`, without changing anything.
    public func decide(_ push: SilentPush, steady: Double) -> PushDecision {
        guard SilentPush.priorities.contains(push.priority) else {
            return .refused("apns-priority \(push.priority): APNs takes 5 or 10")
        }
        guard push.contentAvailable else { return .alertOnly }
        // Apple: priority 10 "is an error" for a push whose payload has only content-available.
        guard push.priority == 5 else {
            return .refused(
                "APNs rejects priority 10 for a background (content-available) push: use priority 5")
        }
        return decideBackground(steady: steady)
    }

    /// What the system does with a background push now: the force-quit, the foreground, Background App Refresh,
    /// Low Power Mode and the hourly budget, in that order.
    func decideBackground(steady: Double) -> PushDecision {
        if state.forceQuit { return .notDelivered("the user force-quit the app") }
        if state.phase.isForeground { return .deliveredInForeground }
        if let off = state.pushGate.refreshOff {
            return .notDelivered("Background App Refresh is \(off)")
        }
        if state.pushGate.lowPowerMode {
            return .deferred("Low Power Mode is on; delivered when it ends")
        }
        let recent = recentPushes(steady: steady)
        if recent.count >= BackgroundRules.silentPushesPerHour, let oldest = recent.min() {
            let wait = oldest + BackgroundRules.silentPushWindow - steady
            return .deferred(
                "throttled: \(recent.count) background pushes in the last hour (the budget is about "
                    + "\(BackgroundRules.silentPushesPerHour) an hour); delivered in \(DurationText.short(wait))"
            )
        }
        return .deliveredInBackground
    }

    /// Background pushes delivered within the budget's window before `steady`.
    func recentPushes(steady: Double) -> [Double] {
        state.pushDeliveries.filter { $0 > steady - BackgroundRules.silentPushWindow && $0 <= steady }
    }

    /// A push arrives: refused, shown as an alert, delivered, deferred (replacing one already held) or dropped,
    /// each with its line.
    mutating func pushReceived(_ push: SilentPush, in t: inout AppLifecycleTransition) {
        let decision = decide(push, steady: t.steady)
        switch decision {
        case .refused(let why):
            return refuse("push: \(why)", in: &t)
        case .alertOnly, .notDelivered:
            t.log(.push, "app", "\(push.text) \(decision.text)")
        case .deliveredInForeground, .deliveredInBackground:
            deliver(push, decision, in: &t)
        case .deferred:
            let replaced =
                state.deferredPush != nil ? "; it replaces the push already held (coalesced)" : ""
            state.deferredPush = DeferredPush(push: push, reason: decision.text)
            t.log(.push, "app", "\(push.text) \(decision.text)\(replaced)")
        }
    }

    /// Hands the push to the app (`held`: the one that waited): in the foreground directly; else launches or
    /// resumes it in the background (the push's delivery counts in the budget and holds the app running for
    /// `silentPushAllowance`).
    private mutating func deliver(
        _ push: SilentPush, _ decision: PushDecision, held: Bool = false, in t: inout AppLifecycleTransition
    ) {
        let named = (held ? "the held " : "") + push.text
        guard decision == .deliveredInBackground else {
            return t.log(.push, "app", "\(named) \(decision.text)")
        }
        state.pushDeliveries = recentPushes(steady: t.steady) + [t.steady]
        let from = state.phase
        switch from {
        case .notRunning:
            t.actions += [
                .launchAppInBackground(reason: "a background push"),
                .callDelegate(.didFinishLaunching(inBackground: true)), .callDelegate(.didEnterBackground),
            ]
        case .suspended:
            t.actions.append(.resumeAppInBackground(reason: "a background push"))
        case .background, .active, .inactive:
            break
        }
        if from != .background { state.backgroundSince = t.steady }
        state.phase = .background
        state.pushHoldUntil = max(
            state.pushHoldUntil ?? t.steady, t.steady + BackgroundRules.silentPushAllowance)
        let how =
            switch from {
            case .notRunning: " (launched: not-running → background)"
            case .suspended: " (resumed: suspended → background)"
            default: ""
            }
        t.log(
            .push, "app",
            "\(named) \(decision.text)\(how); \(state.pushDeliveries.count) of about "
                + "\(BackgroundRules.silentPushesPerHour) this hour")
    }

    /// The device's facts changed: kept for the next push; a held push may go now.
    mutating func pushGateChanged(_ gate: PushGate, in t: inout AppLifecycleTransition) {
        guard gate != state.pushGate else { return }
        state.pushGate = gate
        t.changed = true
    }

    /// The push's background time is over: it no longer holds the app running.
    mutating func endPushHold(in t: inout AppLifecycleTransition) {
        guard let until = state.pushHoldUntil, until <= t.steady else { return }
        state.pushHoldUntil = nil
        t.changed = true
        if state.phase == .background {
            t.log(
                .push, "app",
                "the push's \(DurationText.short(BackgroundRules.silentPushAllowance)) of background time are over"
            )
        }
    }

    /// Delivers the held push once nothing holds it back any more (a force-quit drops it, the foreground takes it);
    /// held on for another reason (Low Power Mode ended with the budget spent), it says so, and when it goes.
    mutating func deliverDeferredPush(in t: inout AppLifecycleTransition) {
        guard let held = state.deferredPush else { return }
        let decision = decideBackground(steady: t.steady)
        switch decision {
        case .deferred:
            guard Self.holdKind(decision.text) != Self.holdKind(held.reason) else { return }
            state.deferredPush?.reason = decision.text
            t.log(.push, "app", "the held \(held.push.text) is still \(decision.text)")
        case .refused, .alertOnly:
            return
        case .notDelivered:
            state.deferredPush = nil
            t.log(.push, "app", "the held \(held.push.text) \(decision.text)")
        case .deliveredInForeground, .deliveredInBackground:
            state.deferredPush = nil
            deliver(held.push, decision, held: true, in: &t)
        }
    }

    /// What holds a push back, from its line's words without the figures: `Low Power Mode is on`, `throttled`.
    static func holdKind(_ text: String) -> Substring {
        let why = text.hasPrefix("deferred: ") ? text.dropFirst("deferred: ".count) : Substring(text)
        return why.prefix { $0 != ":" && $0 != ";" }
    }

    /// When the held push's budget slot opens, if the budget is all that holds it.
    func deferredPushSlot(after steady: Double) -> Double? {
        guard state.deferredPush != nil, !state.forceQuit, state.pushGate.refreshOff == nil,
            !state.pushGate.lowPowerMode, let oldest = recentPushes(steady: steady).min()
        else { return nil }
        return oldest + BackgroundRules.silentPushWindow
    }
}
