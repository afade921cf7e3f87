import Foundation

/// Launching tasks, their expiration, completion, deadlines and penalties.
extension TaskScheduler {
    /// Apple's message for a simulated launch of an identifier with no pending request.
    public static func notScheduledMessage(_ identifier: String) -> String {
        "No task request with identifier \(identifier) has been scheduled"
    }

    /// Launches a pending request: pays for it, asks the life cycle to launch or resume the app (which counts it
    /// for the one relaunch limiter), and calls its handler when it can.
    mutating func launch(_ pending: PendingTaskRequest, simulated: Bool, in t: inout SchedulerTransition) {
        let request = pending.request
        if !simulated {
            state.budget.spend(policy.launchCost(request, state: state))
            if policy.usesCellularData(request, device: state.device) {
                state.dataBudget.spend(parameters.dataLaunchCost)
            }
        }
        state.pending.removeAll { $0.identifier == pending.identifier }
        let requestedAt = max(request.earliestBeginDate ?? pending.submittedAt, pending.submittedAt)
        let allowance = parameters.allowance(request.kind)
        let task = RunningTask(
            number: state.nextRunNumber, request: pending, launchedAt: t.now, launchedSteady: t.steady,
            handlerCalled: false, expirationAt: t.steady + allowance - parameters.expirationLead,
            deadline: t.steady + allowance, expirationHandlerSet: false, expirationCalled: false,
            delay: max(0, t.now.timeIntervalSince(requestedAt)), simulated: simulated)
        state.nextRunNumber += 1
        state.running.append(task)
        t.log(
            .bgLaunched, request.identifier,
            (simulated ? "simulated launch" : "launched by the scheduler")
                + ", \(DurationText.short(allowance)) allowed")
        t.actions.append(.launchApp(forTask: request.identifier, counted: !simulated))
        // A process that is launching, or about to be launched, calls the handler once it finished launching.
        guard state.app.phase.hasProcess, !state.launching else {
            if !state.app.phase.hasProcess { state.launching = true }
            return
        }
        guard state.registered.contains(request.identifier) else {
            return crash(Self.noHandlerException(request.identifier), in: &t)
        }
        callHandler(request.identifier, in: &t)
    }

    /// Calls the launch handler of a launched task; its allowance starts now.
    mutating func callHandler(_ identifier: String, in t: inout SchedulerTransition) {
        guard let index = state.running.firstIndex(where: { $0.identifier == identifier }) else { return }
        let allowance = parameters.allowance(state.running[index].request.request.kind)
        state.running[index].handlerCalled = true
        state.running[index].expirationAt = t.steady + allowance - parameters.expirationLead
        state.running[index].deadline = t.steady + allowance
        let task = state.running[index]
        t.changed = true
        t.actions.append(
            .runLaunchHandler(
                BGTaskLaunch(
                    identifier: identifier, kind: task.request.request.kind,
                    work: configuration.handler(identifier)?.work,
                    expirationAt: task.expirationAt - state.clock.offset, deadline: task.deadline - state.clock.offset,
                    simulated: task.simulated)))
    }

    /// The app set the task's expiration handler.
    mutating func setExpirationHandler(_ identifier: String, in t: inout SchedulerTransition) {
        guard let index = state.running.firstIndex(where: { $0.identifier == identifier && $0.handlerCalled }) else {
            t.actions.append(.refuse("no task with identifier \(identifier) is running"))
            return
        }
        state.running[index].expirationHandlerSet = true
        t.changed = true
    }

    /// `setTaskCompleted(success:)`.
    mutating func complete(_ identifier: String, success: Bool, in t: inout SchedulerTransition) {
        guard let task = state.running.first(where: { $0.identifier == identifier && $0.handlerCalled }) else {
            t.actions.append(.refuse("setTaskCompleted: no task with identifier \(identifier) is running"))
            return
        }
        endRun(task, outcome: success ? .completed : .failed, in: &t)
        let ranFor = t.steady - task.launchedSteady
        t.log(.bgCompleted, identifier, "setTaskCompleted(success: \(success)) after \(DurationText.short(ranFor))")
        if success && !task.expirationCalled, let penalty = state.penalties[identifier], penalty.until <= t.steady {
            state.penalties[identifier] = nil
        }
    }

    /// The debugger's simulated launch: bypasses the policy, not the rules.
    mutating func simulateLaunch(_ identifier: String, in t: inout SchedulerTransition) {
        guard let pending = state.pendingRequest(identifier) else {
            t.log(.command, identifier, Self.notScheduledMessage(identifier))
            t.actions.append(.refuse(Self.notScheduledMessage(identifier)))
            return
        }
        guard state.runningTask(identifier) == nil else {
            t.actions.append(.refuse("a task with identifier \(identifier) is already running"))
            return
        }
        record(SchedulerDecision(time: t.now, identifier: identifier, launched: true, reason: nil), in: &t)
        launch(pending, simulated: true, in: &t)
    }

    /// The debugger's simulated expiration: the expiration handler is called now; the deadline stays.
    mutating func simulateExpiration(_ identifier: String, in t: inout SchedulerTransition) {
        guard let index = state.running.firstIndex(where: { $0.identifier == identifier && $0.handlerCalled }),
            !state.running[index].expirationCalled
        else {
            t.actions.append(
                .refuse(
                    "no task with identifier \(identifier) is running (or its expiration handler was already called)"))
            return
        }
        state.running[index].expirationAt = t.steady
        t.changed = true
    }

    /// Calls due expiration handlers; marks expired tasks without one complete-unsuccessful; kills the app for
    /// a task past its deadline.
    mutating func enforceDeadlines(in t: inout SchedulerTransition) {
        for task in state.running where task.handlerCalled && !task.expirationCalled && task.expirationAt <= t.steady {
            if task.expirationHandlerSet {
                if let index = state.running.firstIndex(where: { $0.number == task.number }) {
                    state.running[index].expirationCalled = true
                }
                let left = task.deadline - t.steady
                t.log(.bgExpired, task.identifier, "expiration handler called, \(DurationText.short(left)) left")
                t.actions.append(.callExpirationHandler(identifier: task.identifier))
            } else {
                var ended = task
                ended.expirationCalled = true
                endRun(ended, outcome: .expiredWithoutHandler, in: &t)
                penalise(task.identifier, in: &t)
                t.log(.bgExpired, task.identifier, "no expiration handler: marked complete and unsuccessful; penalised")
                t.actions.append(.stopHandler(identifier: task.identifier))
            }
        }
        guard let late = state.running.first(where: { $0.handlerCalled && $0.deadline <= t.steady }) else { return }
        let reason = "\(late.identifier) did not call setTaskCompleted before its time expired"
        t.log(.bgKilled, late.identifier, "\(WatchdogCode.backgroundTask): \(reason); penalised")
        endRun(late, outcome: .killed, in: &t)
        penalise(late.identifier, in: &t)
        endProcess(outcome: .interrupted, why: "killed by the watchdog (\(WatchdogCode.backgroundTask))", in: &t)
        t.actions.append(.killApp(code: WatchdogCode.backgroundTask, reason: reason))
    }

    /// Defers an identifier's launches (doubling with each strike) and raises its launch cost.
    mutating func penalise(_ identifier: String, in t: inout SchedulerTransition) {
        let strikes = (state.penalties[identifier]?.strikes ?? 0) + 1
        let duration = min(parameters.maxPenaltyDuration, parameters.penaltyDuration * pow(2, Double(strikes - 1)))
        state.penalties[identifier] = TaskPenalty(until: t.steady + duration, strikes: strikes)
        t.changed = true
    }

    /// Moves a running task to the history with its outcome.
    mutating func endRun(_ task: RunningTask, outcome: TaskRunOutcome, in t: inout SchedulerTransition) {
        state.running.removeAll { $0.number == task.number }
        let request = task.request
        let run = TaskRun(
            number: task.number, identifier: task.identifier, kind: request.request.kind,
            requestedAt: max(request.request.earliestBeginDate ?? request.submittedAt, request.submittedAt),
            launchedAt: task.launchedAt, endedAt: t.now, outcome: outcome, delay: task.delay,
            simulated: task.simulated, expirationCalled: task.expirationCalled)
        state.history.append(run)
        let overflow = state.history.count - parameters.runHistoryLimit
        if overflow > 0 { state.history.removeFirst(overflow) }
        t.finishedRuns.append(run)
        t.changed = true
    }
}
