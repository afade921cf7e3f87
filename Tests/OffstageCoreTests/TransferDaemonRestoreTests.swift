import Foundation
import OffstageCore
import Testing

@Suite struct TransferDaemonRestoreTests {
    static func stored(_ id: Int64, _ state: TransferState, bytes: Int64 = 0) -> TransferTask {
        var task = TransferTask(
            id: id, session: SessionConfiguration.defaultIdentifier, taskIdentifier: Int(id),
            kind: .download, url: "https://a.example/\(id)", destinationDirectory: documents,
            createdAt: t0)
        task.state = state
        task.bytesWritten = bytes
        task.bytesExpected = 1000
        task.validator = bytes > 0 ? etag : nil
        return task
    }

    @Test func restartPutsRunningTasksBackInTheQueueAndResumesThem() throws {
        var h = DaemonHarness()
        let actions = h.send(
            .started(
                sessions: [], tasks: [Self.stored(1, .running, bytes: 300)],
                conditions: DeviceConditions()), at: 50)
        let changes = try #require(actions.commit)
        let line = try #require(changes.log.first { $0.subject == "task 1" })
        #expect(line.kind == .waiting)
        #expect(line.reason == "interrupted by a restart; resumes from its checkpoint at 300 B")
        let started = changes.log.first { $0.kind == .daemonStarted }?.reason
        #expect(started == "1 open task, 1 interrupted by the restart")
        let start = try #require(actions.starts.first)
        #expect(start.offset == 300)
        #expect(start.validator == etag)
        #expect(try h.task(1).state == .running)
    }

    @Test("a restart with nothing open says so in words, not \"0 open task(s)\"")
    func restartWithNothingOpen() throws {
        var h = DaemonHarness()
        let actions = h.send(.started(sessions: [], tasks: [], conditions: DeviceConditions()), at: 50)
        let changes = try #require(actions.commit)
        let started = changes.log.first { $0.kind == .daemonStarted }?.reason
        #expect(started == "no open tasks")
    }

    @Test func restartWhileOfflineLeavesRunningTasksQueued() throws {
        var h = DaemonHarness()
        let actions = h.send(
            .started(
                sessions: [], tasks: [Self.stored(1, .running, bytes: 300)],
                conditions: DeviceConditions(network: .offline)))
        #expect(actions.starts.isEmpty)
        #expect(try h.task(1).state == .queued)
        #expect(actions.commit?.tasks.map(\.state) == [.queued])
    }

    @Test func restartDeliversFinishingTasksAgain() throws {
        var h = DaemonHarness()
        var finishing = Self.stored(2, .finishing, bytes: 1000)
        finishing.deliveredPath = "\(documents)/2"
        let actions = h.send(.started(sessions: [], tasks: [finishing], conditions: DeviceConditions()))
        #expect(actions.first?.commit != nil)
        #expect(actions.delivers == [finishing])
        #expect(actions.starts.isEmpty)
        h.send(.delivered(id: 2))
        #expect(try h.task(2).state == .completed)
    }

    @Test func restartLeavesOtherStatesAloneAndRearmsRetries() throws {
        var h = DaemonHarness()
        var retrying = Self.stored(3, .retrying, bytes: 10)
        retrying.retryAt = t0 + 30
        let tasks = [Self.stored(1, .paused), Self.stored(2, .completed), retrying, Self.stored(4, .failed)]
        let sessions = [SessionConfiguration(identifier: "x", httpMaximumConnectionsPerHost: 2)]
        let actions = h.send(.started(sessions: sessions, tasks: tasks, conditions: DeviceConditions()))
        #expect(actions.starts.isEmpty)
        #expect(actions.wakes == [t0 + 30])
        #expect(actions.commit?.tasks.isEmpty == true)
        #expect(h.daemon.sessions["x"] == sessions[0])
        #expect(try h.task(1).state == .paused)
        #expect(h.send(.timerFired, at: 30).starts.map(\.taskID) == [3])
    }

    @Test func credentialsInAnAddedURLNeverReachTheStoreOrTheEngine() throws {
        var h = DaemonHarness()
        let spec = TransferSpec(url: "https://user:pass@files.example/secret.bin")
        var all = h.add(1, spec: spec)
        all += h.accept(1)
        all += h.end(1, .interrupted(reason: "reset", stalled: false))
        all += h.send(.pauseRequested(id: 1))
        all += h.send(.resumeRequested(id: 1))
        all += h.end(1, .completed(bytes: 1000, status: 200, responseSummary: nil))
        all += h.send(.delivered(id: 1))
        let encoder = JSONEncoder()
        for action in all {
            let text = String(describing: action)
            #expect(!text.contains("pass"), "\(text)")
            if let changes = action.commit {
                for task in changes.tasks {
                    let json = String(decoding: try encoder.encode(task), as: UTF8.self)
                    #expect(!json.contains("pass"))
                }
                let log = String(decoding: try encoder.encode(changes.log), as: UTF8.self)
                #expect(!log.contains("pass"))
            }
        }
        #expect(try h.task(1).url == "https://files.example/secret.bin")
    }

    @Test func credentialsInARedirectLocationNeverReachTheStore() throws {
        var h = DaemonHarness()
        h.add(1, url: "https://a.example/file")
        var all = h.end(1, .rejected(.redirect(location: "https://u:pass@cdn.example/file")))
        all += h.accept(1)
        #expect(!String(describing: all).contains("pass"))
        #expect(try h.task(1).effectiveURL == "https://cdn.example/file")
    }

    @Test func controlCharactersInServerTextAreEscapedInTheLog() throws {
        var h = DaemonHarness()
        h.add(1, url: "https://a.example/file")
        let actions = h.end(1, .rejected(.redirect(location: "https://a.example/\u{1B}[31mred\u{7}")))
        let line = try #require(actions.logged(.redirected))
        #expect(!line.reason.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
        #expect(actions.starts.count == 1)
    }

    @Test(arguments: [
        ("plain text", "plain text"),
        ("\u{1B}[31mred", "\\x1B[31mred"),
        ("bell\u{7}", "bell\\x07"),
        ("nul\u{0}", "nul\\x00"),
        ("del\u{7F}", "del\\x7F"),
        ("c1\u{85}", "c1\\x85"),
        ("rlo\u{202E}x", "rlo\\u{202E}x"),
        ("iso\u{2066}x", "iso\\u{2066}x"),
        ("line\nbreak", "line\\x0Abreak"),
        ("café ✓", "café ✓"),
    ])
    func printableEscapesControlAndBidiCharacters(raw: String, expected: String) {
        #expect(TransferDaemon.printable(raw) == expected)
    }

    @Test func printableCapsLongText() {
        let text = TransferDaemon.printable(String(repeating: "x", count: 1_000))
        #expect(text == String(repeating: "x", count: 300) + "…")
    }
}
