import Foundation
import OffstageCore
import Testing

@Suite struct TransferDaemonChecksumTests {
    private static let good = String(repeating: "ab", count: 32)
    private static let bad = String(repeating: "cd", count: 32)

    private func finished(session: String = SessionConfiguration.defaultIdentifier) -> (DaemonHarness, [DaemonAction]) {
        var h = DaemonHarness()
        h.daemon.appSessions = ["app.session"]
        let spec = TransferSpec(
            url: "https://files.example/big.iso", session: session,
            options: TransferOptions(checksum: Checksum(algorithm: .sha256, hex: Self.good)))
        h.add(1, spec: spec)
        h.accept(1, total: 1000)
        h.checkpoint(1, 1000)
        let actions = h.end(1, .completed(bytes: 1000, status: 200, responseSummary: nil))
        return (h, actions)
    }

    @Test func aFinishedDownloadIsVerifiedBeforeAnythingIsDelivered() throws {
        let (h, actions) = finished()
        let task = try h.task(1)
        #expect(task.state == .finishing)
        #expect(task.checksumState == .verifying)
        #expect(actions.delivers.isEmpty)
        #expect(actions.commit?.outboxAdded.isEmpty == true)
        #expect(actions.contains { if case .verifyChecksum(let t) = $0 { t.id == 1 } else { false } })
        #expect(actions.logged(.checksum)?.reason == "verifying its sha-256 before delivery")
    }

    @Test func aMatchingDigestIsDelivered() throws {
        var (h, _) = finished()
        let actions = h.send(.checksumComputed(id: 1, digest: Self.good.uppercased()))
        #expect(try h.task(1).checksumState == .verified)
        #expect(actions.delivers.map(\.id) == [1])
        #expect(actions.commit?.outboxAdded == [OutboxItem(taskID: 1, kind: OutboxItem.didFinishDownloading)])
        #expect(actions.logged(.checksum)?.reason == "sha-256 verified: \(Self.good)")
    }

    @Test func aMismatchFailsForGoodDeliversNothingAndRemovesThePartialFile() throws {
        var (h, _) = finished()
        let actions = h.send(.checksumComputed(id: 1, digest: Self.bad))
        let task = try h.task(1)
        #expect(task.state == .failed)
        #expect(task.checksumState == .mismatch)
        #expect(task.error == "checksum mismatch: expected sha-256 \(Self.good), got \(Self.bad)")
        #expect(task.bytesWritten == 0)
        #expect(task.validator == nil)
        #expect(actions.delivers.isEmpty)
        #expect(actions.removedParts == [1])
        #expect(actions.contains { if case .announce(let t) = $0 { t.state == .failed } else { false } })
        #expect(actions.logged(.failed)?.reason.hasPrefix("checksum mismatch") == true)
    }

    @Test func anAppSessionsMismatchReachesTheAppAsAFailure() throws {
        var (h, _) = finished(session: "app.session")
        let actions = h.send(.checksumComputed(id: 1, digest: Self.bad))
        #expect(actions.commit?.outboxAdded == [OutboxItem(taskID: 1, kind: OutboxItem.didComplete)])
    }

    @Test func aResumedTaskDownloadsAgainAndIsVerifiedAgain() throws {
        var (h, _) = finished()
        h.send(.checksumComputed(id: 1, digest: Self.bad))
        let resumed = h.send(.resumeRequested(id: 1))
        #expect(resumed.starts.first?.offset == 0)
        #expect(try h.task(1).checksumState == nil)
    }

    @Test func aKillDuringVerificationVerifiesAgainAtStart() throws {
        let (h, _) = finished()
        var restarted = DaemonHarness()
        let actions = restarted.send(.started(sessions: [], tasks: [try h.task(1)], conditions: DeviceConditions()))
        #expect(actions.contains { if case .verifyChecksum(let t) = $0 { t.id == 1 } else { false } })
        #expect(actions.delivers.isEmpty)
    }

    @Test func anUnreadablePartialFileIsADeliveryFailureTheUserCanRetry() throws {
        var (h, _) = finished()
        h.send(.checksumUnreadable(id: 1, reason: "EIO"))
        #expect(try h.task(1).state == .failed)
        #expect(try h.task(1).error?.hasPrefix("delivery failed: cannot verify its checksum") == true)
        let retried = h.send(.resumeRequested(id: 1))
        #expect(retried.contains { if case .verifyChecksum = $0 { true } else { false } })
    }

    @Test func deliveriesAndPermanentFailuresAreAnnounced() throws {
        var h = DaemonHarness()
        h.add(1)
        h.accept(1, total: 10)
        h.end(1, .completed(bytes: 10, status: 200, responseSummary: nil))
        h.send(.deliveryPathChosen(id: 1, path: "/x/big.iso"))
        let delivered = h.send(.delivered(id: 1))
        #expect(delivered.contains { if case .announce(let t) = $0 { t.state == .completed } else { false } })
        h.add(2)
        let failed = h.end(2, .permanentFailure(reason: "no"))
        #expect(failed.contains { if case .announce(let t) = $0 { t.id == 2 && t.state == .failed } else { false } })
        h.add(3)
        let cancelled = h.send(.cancelRequested(id: 3))
        #expect(!cancelled.contains { if case .announce = $0 { true } else { false } })
    }

    @Test func anUploadWithAChecksumIsRefused() {
        var h = DaemonHarness()
        let spec = TransferSpec(
            kind: .upload, url: "https://u.example/x", uploadPath: "/tmp/x",
            options: TransferOptions(checksum: Checksum(algorithm: .md5, hex: String(repeating: "0", count: 32))))
        #expect(h.add(1, spec: spec).refusals == ["a checksum or --compressed applies to downloads only"])
    }
}
