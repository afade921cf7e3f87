import Foundation
import OffstageCore
import OffstageUI
import Testing

/// Which transfers an open dashboard announces as ended, and in what words.
@Suite struct TransferNoticeTests {
    static func transfer(_ id: Int64, _ state: TransferState, kind: TransferKind = .download, error: String? = nil)
        -> TransferSnapshot
    {
        TransferSnapshot(
            id: id, name: "f\(id).bin", kind: kind, url: "http://o/f\(id)", state: state,
            status: state == .completed ? .completed : .running, error: error)
    }

    static func snapshot(_ transfers: [TransferSnapshot]) -> Snapshot {
        Snapshot(
            clock: ClockSnapshot(now: SnapshotSamples.now),
            engine: EngineSnapshot(role: .hosting, pid: 1, home: "/h"), transfers: transfers)
    }

    @Test func onlyTransfersSeenUnfinishedThatNowCompletedOrFailedAreAnnounced() {
        let before = Self.snapshot([
            Self.transfer(1, .running), Self.transfer(2, .running, kind: .upload), Self.transfer(3, .retrying),
            Self.transfer(4, .completed), Self.transfer(5, .running), Self.transfer(6, .running),
        ])
        let after = Self.snapshot([
            Self.transfer(1, .completed), Self.transfer(2, .completed, kind: .upload),
            Self.transfer(3, .failed, error: "checksum mismatch: expected sha-256 aa, got bb"),
            Self.transfer(4, .completed), Self.transfer(5, .cancelled), Self.transfer(6, .running),
            Self.transfer(7, .completed),
        ])
        #expect(
            TransferNotice.ended(from: before, to: after) == [
                "f1.bin: download completed", "f2.bin: upload completed",
                "f3.bin failed: checksum mismatch: expected sha-256 aa, got bb",
            ])
        #expect(TransferNotice.ended(from: nil, to: after).isEmpty)
    }

    @Test func aLongLineIsCut() {
        let long = String(repeating: "e", count: 500)
        let lines = TransferNotice.ended(
            from: Self.snapshot([Self.transfer(1, .running)]),
            to: Self.snapshot([Self.transfer(1, .failed, error: long)]))
        #expect(lines.count == 1 && lines[0].count == TransferNotice.maximumLength && lines[0].hasSuffix("…"))
    }
}
