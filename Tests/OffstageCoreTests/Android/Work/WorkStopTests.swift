import Foundation
import OffstageCore
import Testing

@Suite("Work stops, timeout and foreground")
struct WorkStopTests {
    @Test(
        "the system's gate closing stops a regular worker with the matching reason",
        arguments: [
            (AndroidJobGate.closed(.doze, opensAt: nil), WorkStopReason.deviceState),
            (.closed(.batterySaver, opensAt: nil), .deviceState),
            (.closed(.bucketWindow, opensAt: nil), .appStandby),
            (.closed(.restrictedBucket, opensAt: nil), .appStandby),
            (.closed(.backgroundRestricted, opensAt: nil), .backgroundRestriction),
            (.closed(.networkDisabled, opensAt: nil), .constraintConnectivity),
            (.open(closesAt: nil, networkAllowed: false), .constraintConnectivity),
        ])
    func gate(_ row: (AndroidJobGate, WorkStopReason)) throws {
        var harness = WorkHarness()
        let spec = WorkRequestSpec(worker: minuteWork, constraints: WorkConstraints(network: .connected))
        let id = try harness.add("g", spec, at: 0)
        #expect(harness.started == [id])
        harness.environment({ $0.gate = row.0 }, at: 10)
        #expect(harness.stopped == [row.1])
        #expect(harness.request(id)?.state == .enqueued)
        #expect(harness.request(id)?.stopReason == row.1)
    }

    @Test("the bucket window's end stops the worker (APP_STANDBY) at the wake the model asked for")
    func windowEnds() throws {
        var harness = WorkHarness(environment: WorkEnvironment(gate: .open(closesAt: at(300), networkAllowed: true)))
        let id = try harness.add("w", at: 0)
        #expect(harness.actions.last == .scheduleWake(at: at(300)))
        harness.send(.timerFired, at: 300)
        #expect(harness.stopped == [.appStandby])
        #expect(harness.reason(id) == .deferred(.bucketWindow, opensAt: nil))
    }

    @Test("a system stop (QUOTA) goes back to ENQUEUED without backoff")
    func quota() throws {
        var harness = WorkHarness()
        let id = try harness.add("q", at: 0)
        harness.send(.systemStopped(id: id, reason: .quota), at: 20)
        #expect(harness.stopped == [.quota])
        let request = try #require(harness.request(id))
        #expect(request.state == .enqueued && !request.backedOff && request.earliestRunAt == at(20))
        #expect(harness.actions.last == .scheduleWake(at: at(20)))
        harness.send(.timerFired, at: 21)
        #expect(harness.started == [id])
    }

    @Test("a worker is stopped at 10 minutes (TIMEOUT) and backs off")
    func timeout() throws {
        var harness = WorkHarness()
        let id = try harness.add("t", WorkRequestSpec(worker: .shell("sleep 9999")), at: 0)
        #expect(harness.actions.last == .scheduleWake(at: at(600)))
        harness.send(.timerFired, at: 599)
        #expect(harness.stopped.isEmpty)
        harness.send(.timerFired, at: 600)
        #expect(harness.stopped == [.timeout])
        let request = try #require(harness.request(id))
        #expect(request.stopReason == .timeout && request.earliestRunAt == at(630))
        #expect(harness.reason(id) == .backoff(until: at(630), attempt: 2))
    }

    @Test("setForegroundAsync lifts the 10-minute limit and shows a notification until the worker ends")
    func foreground() throws {
        var harness = WorkHarness()
        let id = try harness.add("f", WorkRequestSpec(worker: .download("http://x/big")), at: 0)
        harness.send(.setForeground(id: id, notification: "Downloading big"), at: 5)
        #expect(harness.actions.contains(.startForegroundNotification(id: id, notification: "Downloading big")))
        #expect(harness.model.snapshots(now: at(5)).first?.foreground == true)
        #expect(harness.model.snapshots(now: at(5)).first?.runDeadline == nil)
        harness.send(.timerFired, at: 3600)
        #expect(harness.stopped.isEmpty)
        // Doze does not stop a foreground worker either.
        harness.environment({ $0.gate = .closed(.doze, opensAt: nil) }, at: 3700)
        #expect(harness.stopped.isEmpty)
        harness.send(.workerFinished(id: id, result: .success), at: 4000)
        #expect(harness.actions.contains(.stopForegroundNotification(id: id)))
        #expect(harness.request(id)?.state == .succeeded)
    }

    @Test("setForegroundAsync the system refuses (API 31+, from the background) leaves the worker as it was")
    func foregroundRefusedBySystem() throws {
        var harness = WorkHarness()
        let id = try harness.add("f", WorkRequestSpec(worker: .download("http://x/big")), at: 0)
        let deadline = harness.model.snapshots(now: at(1)).first?.runDeadline
        let why = "ForegroundServiceStartNotAllowedException: setForegroundAsync() not allowed"
        harness.environment({ $0.foregroundServiceRefusal = why }, at: 1)
        harness.send(.setForeground(id: id, notification: "Downloading big"), at: 5)
        #expect(harness.actions.contains(.workerCallRefused(id: id, reason: why)))
        #expect(!harness.actions.contains(.startForegroundNotification(id: id, notification: "Downloading big")))
        #expect(harness.model.snapshots(now: at(5)).first?.foreground == false)
        #expect(deadline != nil && harness.model.snapshots(now: at(5)).first?.runDeadline == deadline)
        harness.send(.timerFired, at: 601)
        #expect(harness.stopped == [.timeout])
    }

    @Test("setForegroundAsync on work that is not running is refused")
    func foregroundRefused() throws {
        var harness = WorkHarness()
        let id = try harness.add("f", WorkRequestSpec(worker: minuteWork, initialDelay: 60))
        harness.send(.setForeground(id: id, notification: "n"))
        #expect(harness.refusals.count == 1)
    }

    @Test("cancel stops a running worker (CANCELLED_BY_APP); its late result is ignored")
    func cancelRunning() throws {
        var harness = WorkHarness()
        let id = try harness.add("c", at: 0)
        harness.send(.cancel(.name("c")), at: 10)
        #expect(harness.stopped == [.cancelledByApp])
        #expect(harness.request(id)?.state == .cancelled)
        harness.send(.workerFinished(id: id, result: .success), at: 20)
        #expect(harness.refusals.count == 1)
        #expect(harness.request(id)?.state == .cancelled)
    }

    @Test("cancel by tag and by id; cancelling nothing is refused")
    func cancelSelectors() throws {
        var harness = WorkHarness()
        let tagged = WorkRequestSpec(worker: minuteWork, initialDelay: 60, tags: ["sync"])
        let a = try harness.add("a", tagged)
        let b = try harness.add("b", tagged)
        let c = try harness.add("c", WorkRequestSpec(worker: minuteWork, initialDelay: 60))
        harness.send(.cancel(.tag("sync")))
        #expect(harness.request(a)?.state == .cancelled && harness.request(b)?.state == .cancelled)
        #expect(harness.request(c)?.state == .enqueued)
        harness.send(.cancel(.id(c)))
        #expect(harness.request(c)?.state == .cancelled)
        harness.send(.cancel(.tag("nothing")))
        #expect(harness.refusals == ["no work tagged nothing"])
    }

    @Test(
        "a process death puts running work back to ENQUEUED and it survives",
        arguments: [(WorkProcessEnd.lowMemoryKiller, WorkStopReason.unknown), (.reboot, .unknown), (.forceStop, .user)])
    func processDied(_ row: (WorkProcessEnd, WorkStopReason)) throws {
        var harness = WorkHarness()
        let id = try harness.add("p", at: 0)
        harness.send(.processDied(row.0), at: 30)
        #expect(harness.stopped == [row.1])
        let request = try #require(harness.request(id))
        #expect(request.stopReason == row.1)
        // WorkManager reschedules it with the next process: it runs again, attempt 2.
        #expect(request.state == .running && request.runAttemptCount == 2)
    }

    @Test("requests restored from the store survive a reboot: RUNNING rows restart as UNKNOWN stops")
    func restoredAfterReboot() throws {
        var first = WorkHarness()
        let running = try first.add("r", at: 0)
        let waiting = try first.add("w", WorkRequestSpec(worker: minuteWork, initialDelay: 3600))
        var second = WorkHarness(requests: first.model.state.requests)
        second.send(.started, at: 100)
        #expect(second.request(running)?.stopReason == .unknown)
        #expect(second.request(running)?.state == .running)
        #expect(second.request(waiting)?.state == .enqueued)
        #expect(second.reason(waiting) == .initialDelay(until: at(3600)))
        #expect(second.stopped.isEmpty)
        // Sequence numbers continue after the restored ones.
        let next = try second.add("n", WorkRequestSpec(worker: minuteWork, initialDelay: 60))
        #expect(second.request(next)?.sequence == 3)
    }

    @Test("work run bypasses delay, constraints and the gate, like the test driver")
    func workRun() throws {
        var harness = WorkHarness(environment: WorkEnvironment(gate: .closed(.doze, opensAt: nil)))
        let spec = WorkRequestSpec(
            worker: minuteWork, initialDelay: 3600, constraints: WorkConstraints(requiresDeviceIdle: true))
        let id = try harness.add("x", spec, at: 0)
        #expect(harness.reason(id) == .initialDelay(until: at(3600)))
        harness.send(.workRun(name: "x"), at: 10)
        #expect(harness.started == [id])
        #expect(harness.request(id)?.run?.bypassed == true)
        harness.send(.workRun(name: "x"), at: 11)
        #expect(harness.refusals == ["x is already RUNNING"])
        harness.send(.workRun(name: "nope"), at: 12)
        #expect(harness.refusals == ["no work named nope"])
    }
}

@Suite("Work illegal calls")
struct WorkIllegalCallTests {
    @Test("calls about unknown or finished work are refused and change nothing")
    func refusals() throws {
        var harness = WorkHarness()
        let id = try harness.add("a", at: 0)
        harness.send(.workerFinished(id: id, result: .success), at: 10)
        let before = harness.model
        let events: [WorkEvent] = [
            .workerFinished(id: id, result: .failure), .workerFinished(id: "ghost", result: .success),
            .setForeground(id: "ghost", notification: "n"), .systemStopped(id: id, reason: .quota),
            .cancel(.id("ghost")), .workRun(name: "a"),
        ]
        for event in events {
            harness.send(event, at: 20)
            #expect(harness.refusals.count == 1, "\(event)")
            #expect(harness.model == before, "\(event)")
        }
        #expect(harness.refusals == ["a is finished"])
    }
}
