import Foundation
import OffstageCore
import Testing

@Suite struct TransferDaemonTests {
    @Test func addingADownloadCommitsTheTaskThenStartsItFromZero() throws {
        var h = DaemonHarness()
        let actions = h.add(1)
        let changes = try #require(actions.commit)
        #expect(changes.tasks.count == 1)
        #expect(changes.tasks.first?.state == .running)
        #expect(changes.tasks.first?.destinationDirectory == documents)
        #expect(changes.sessions.map(\.identifier) == [SessionConfiguration.defaultIdentifier])
        #expect(actions.logged(.taskAdded, "task 1") != nil)
        let start = try #require(actions.starts.first)
        #expect(actions.starts.count == 1)
        #expect(start.taskID == 1)
        #expect(start.offset == 0)
        #expect(start.validator == nil)
        #expect(start.method == "GET")
        #expect(start.url == "https://files.example/big.iso")
        #expect(start.idleTimeout == 60)
        #expect(try h.task(1).state == .running)
        #expect(h.daemon.runningTaskIDs == [1])
    }

    @Test func addingAnExistingIdentifierIsRefused() {
        var h = DaemonHarness()
        h.add(1)
        let actions = h.add(1)
        #expect(actions.refusals == ["task 1 already exists"])
        #expect(actions.commit == nil)
    }

    @Test func taskIdentifiersCountUpWithinASession() throws {
        var h = DaemonHarness()
        h.add(10)
        h.add(11)
        h.add(12, spec: TransferSpec(url: "https://files.example/x", session: "other"))
        #expect(try h.task(10).taskIdentifier == 1)
        #expect(try h.task(11).taskIdentifier == 2)
        #expect(try h.task(12).taskIdentifier == 1)
    }

    @Test func acceptedResponseStoresExpectedLengthValidatorAndLogs() throws {
        var h = DaemonHarness()
        h.add(1)
        let actions = h.accept(1, total: 1000, validator: etag)
        let task = try h.task(1)
        #expect(task.bytesExpected == 1000)
        #expect(task.validator == etag)
        #expect(task.httpStatus == 200)
        #expect(task.effectiveURL == "https://files.example/big.iso")
        #expect(actions.commit?.tasks == [task])
        #expect(actions.logged(.started, "task 1")?.reason.hasPrefix("receiving 1.0 KB") == true)
    }

    @Test func acceptedResumeIsLoggedAsResumed() throws {
        var h = DaemonHarness()
        h.add(1)
        let actions = h.accept(1, offset: 400, total: 1000, validator: etag, status: 206)
        #expect(actions.logged(.resumed, "task 1")?.reason.hasPrefix("from 400 B of 1.0 KB (") == true)
    }

    @Test func checkpointUpdatesBytesWritten() throws {
        var h = DaemonHarness()
        h.add(1)
        h.accept(1)
        let actions = h.checkpoint(1, 512)
        #expect(try h.task(1).bytesWritten == 512)
        #expect(actions.commit?.tasks.map(\.bytesWritten) == [512])
    }

    @Test func progressIsLiveOnlyAndNotCommitted() {
        var h = DaemonHarness()
        h.add(1)
        let actions = h.send(.engine(.progressed(taskID: 1, bytes: 77)))
        #expect(actions.isEmpty)
        #expect(h.daemon.liveBytes[1] == 77)
    }

    @Test func completedDownloadGoesThroughFinishingExactlyOnce() throws {
        var h = DaemonHarness()
        h.add(1)
        h.accept(1, total: 1000)
        h.checkpoint(1, 1000)
        let done = h.end(1, .completed(bytes: 1000, status: 200, responseSummary: nil))
        let finishing = try h.task(1)
        #expect(finishing.state == .finishing)
        #expect(finishing.bytesWritten == 1000)
        let changes = try #require(done.commit)
        #expect(changes.outboxAdded == [OutboxItem(taskID: 1, kind: "didFinishDownloading")])
        #expect(done.logged(.finishing, "task 1") != nil)
        #expect(done.delivers == [finishing])
        #expect(h.daemon.runningTaskIDs.isEmpty)

        let chosen = h.send(.deliveryPathChosen(id: 1, path: "\(documents)/big.iso"))
        #expect(try h.task(1).deliveredPath == "\(documents)/big.iso")
        #expect(chosen.delivers.map(\.deliveredPath) == ["\(documents)/big.iso"])
        #expect(chosen.commit?.tasks.first?.deliveredPath == "\(documents)/big.iso")

        let delivered = h.send(.delivered(id: 1))
        #expect(try h.task(1).state == .completed)
        #expect(delivered.commit?.outboxRemoved == [1])
        #expect(delivered.logged(.delivered, "task 1")?.reason.contains("big.iso") == true)
        #expect(delivered.delivers.isEmpty)

        let again = h.send(.delivered(id: 1))
        #expect(again.isEmpty, "a second delivery report changes nothing")
        #expect(h.daemon.hasPendingWork == false)
    }

    @Test func unknownLengthIsFixedAtCompletion() throws {
        var h = DaemonHarness()
        h.add(1)
        h.accept(1, total: -1, validator: nil)
        h.end(1, .completed(bytes: 321, status: 200, responseSummary: nil))
        #expect(try h.task(1).bytesExpected == 321)
        #expect(try h.task(1).state == .finishing)
    }

    @Test(arguments: [Int64(999), 1001, 0])
    func bodyOfTheWrongLengthIsNeverACompletedTransfer(bytes: Int64) throws {
        var h = DaemonHarness()
        h.add(1)
        h.accept(1, total: 1000)
        let actions = h.end(1, .completed(bytes: bytes, status: 200, responseSummary: nil))
        let task = try h.task(1)
        #expect(task.state != .finishing && task.state != .completed)
        #expect(actions.delivers.isEmpty)
        #expect(actions.commit?.outboxAdded.isEmpty ?? true)
    }

    @Test func deliveryFailureFailsTheTaskAndResumeRetriesTheDelivery() throws {
        var h = DaemonHarness()
        h.add(1)
        h.accept(1)
        h.end(1, .completed(bytes: 1000, status: 200, responseSummary: nil))
        let failed = h.send(.deliveryFailed(id: 1, reason: "read-only folder"))
        #expect(try h.task(1).state == .failed)
        #expect(try h.task(1).error == "delivery failed: read-only folder")
        #expect(failed.logged(.failed, "task 1") != nil)
        let resumed = h.send(.resumeRequested(id: 1))
        #expect(try h.task(1).state == .finishing)
        #expect(resumed.delivers.count == 1)
        #expect(resumed.starts.isEmpty)
    }

    @Test func finishedUploadCompletesWithItsResponseSummary() throws {
        var h = DaemonHarness()
        let spec = TransferSpec(kind: .upload, url: "https://up.example/put", uploadPath: "/tmp/f.bin")
        let added = h.add(1, spec: spec)
        let start = try #require(added.starts.first)
        #expect(start.method == "PUT")
        #expect(start.uploadPath == "/tmp/f.bin")
        #expect(start.offset == 0)
        let done = h.end(1, .completed(bytes: 2048, status: 201, responseSummary: "sha256=ab\u{1B}[2J"))
        let task = try h.task(1)
        #expect(task.state == .completed)
        #expect(task.bytesWritten == 2048)
        #expect(done.delivers.isEmpty)
        let line = try #require(done.logged(.uploaded, "task 1"))
        #expect(!line.reason.unicodeScalars.contains("\u{1B}"))
        #expect(line.reason.contains("\\x1B[2J"))
    }

    @Test func diskFullPausesWithTheBytesKept() throws {
        var h = DaemonHarness()
        h.add(1)
        h.accept(1)
        h.end(1, .diskFull(bytes: 300))
        let task = try h.task(1)
        #expect(task.state == .paused)
        #expect(task.isPausedForFullDisk)
        #expect(task.bytesWritten == 300)
        #expect(task.error == "disk full: 300 B kept; resumes by itself when there is room, or offstage resume 1")
    }

    /// A task paused for a full disk is picked up again once the disk has room for the rest of its file (or 64 MiB
    /// when that is less, or the size is unknown); a user's pause is never resumed by itself.
    @Test func roomOnTheDiskAgainResumesTasksPausedForAFullDisk() throws {
        var h = DaemonHarness()
        h.add(1)
        h.accept(1, total: 10_000_000)
        h.checkpoint(1, 4_000_000)
        h.end(1, .diskFull(bytes: 4_000_000))
        h.add(2, url: "https://files.example/other.iso")
        h.accept(2, total: 10_000_000)
        h.send(.pauseRequested(id: 2))
        h.end(2, .stopped)
        #expect(try h.task(1).isPausedForFullDisk && !h.task(2).isPausedForFullDisk)

        // Not enough room for the 6 MB left (plus the engine's reserve): nothing happens.
        #expect(h.send(.diskSpaceChecked(freeBytes: 5_000_000)).starts.isEmpty)
        #expect(try h.task(1).state == .paused)

        let resumed = h.send(.diskSpaceChecked(freeBytes: 9_000_000))
        #expect(try h.task(1).state == .running && h.task(1).error == nil)
        #expect(resumed.starts.first?.offset == 4_000_000 && resumed.starts.first?.validator == etag)
        #expect(
            resumed.logged(.waiting, "task 1")?.reason
                == "room on the disk again (9.0 MB free): resuming from 4.0 MB")
        #expect(try h.task(2).state == .paused, "the user's pause stays")
        #expect(h.daemon.tasksPausedForFullDisk.isEmpty)
    }

    /// The daemon asks for the free space on a wake every 5 s while a task is paused for a full disk, and stops
    /// asking once none is.
    @Test func theFreeSpaceIsMeasuredEvery5SecondsWhileATaskWaitsForRoom() throws {
        var h = DaemonHarness()
        h.add(1)
        h.accept(1, total: 1000)
        let paused = h.end(1, .diskFull(bytes: 300), at: 10)
        #expect(paused.wakes == [t0 + 10])
        let first = h.send(.timerFired, at: 10)
        #expect(first.contains(.measureDiskSpace) && first.wakes == [t0 + 15])
        #expect(!h.send(.diskSpaceChecked(freeBytes: 100), at: 10).contains(.measureDiskSpace))
        #expect(!h.send(.timerFired, at: 12).contains(.measureDiskSpace), "not due yet")
        #expect(h.send(.timerFired, at: 15).contains(.measureDiskSpace))
        h.send(.diskSpaceChecked(freeBytes: 64 << 20), at: 15)
        #expect(try h.task(1).state == .running)
        #expect(!h.send(.timerFired, at: 30).contains(.measureDiskSpace))
    }

    @Test func anUnknownSizeWaitsFor64MiB() throws {
        var h = DaemonHarness()
        h.add(1)
        h.accept(1, total: -1)
        h.end(1, .diskFull(bytes: 300))
        #expect(h.daemon.tasksPausedForFullDisk == [1])
        #expect(h.send(.diskSpaceChecked(freeBytes: (64 << 20) - 1)).starts.isEmpty)
        #expect(h.send(.diskSpaceChecked(freeBytes: 64 << 20)).starts.count == 1)
    }

    @Test func permanentFailureFailsWithItsReason() throws {
        var h = DaemonHarness()
        h.add(1)
        let actions = h.end(1, .permanentFailure(reason: "certificate refused"))
        #expect(try h.task(1).state == .failed)
        #expect(try h.task(1).error == "certificate refused")
        #expect(actions.logged(.failed, "task 1")?.reason == "certificate refused")
    }

    @Test func sessionConfigurationIsCommitted() {
        var h = DaemonHarness()
        let configuration = SessionConfiguration(identifier: "s", isDiscretionary: true)
        let actions = h.send(.sessionConfigured(configuration))
        #expect(actions.commit?.sessions == [configuration])
        #expect(h.daemon.sessions["s"] == configuration)
    }

    @Test func conditionsChangeIsCommittedAndLoggedOnlyWhenDifferent() {
        var h = DaemonHarness()
        let cellular = DeviceConditions(network: .cellular, charging: false, batteryLevel: 40)
        let actions = h.send(.conditionsChanged(cellular))
        #expect(actions.commit?.conditions == cellular)
        #expect(actions.logged(.conditionsChanged, "device")?.reason == "cellular, on battery 40%")
        #expect(h.send(.conditionsChanged(cellular)).isEmpty)
    }

    @Test func timerWithNothingDueDoesNothing() {
        var h = DaemonHarness()
        #expect(h.send(.timerFired).isEmpty)
    }
}
