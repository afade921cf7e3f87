import Foundation
import OffstageCore
import OffstageRuntime
import Testing

/// The attach channel's frames: a 4-byte big-endian length, then the snapshot's JSON.
@Suite struct AttachFrameTests {
    static let snapshot = Snapshot(
        sequence: 7, clock: ClockSnapshot(now: Date(timeIntervalSince1970: 1_700_000_000)),
        engine: EngineSnapshot(role: .hosting, pid: 42, home: "/tmp/home"),
        transfers: [
            TransferSnapshot(
                id: 1, name: "a.bin", url: "http://127.0.0.1/a.bin", state: .retrying,
                status: .retrying(nextAttempt: nil, attempt: 2, maxAttempts: 8, lastError: "reset"))
        ])

    @Test func aFrameIsItsLengthBigEndianThenTheJSON() throws {
        let frame = try AttachFrame.encode(Self.snapshot)
        let length = frame.prefix(4).reduce(0) { $0 << 8 | Int($1) }
        #expect(length == frame.count - 4)
        var buffer = frame
        let body = try #require(try AttachFrame.take(from: &buffer))
        #expect(try JSONDecoder().decode(Snapshot.self, from: body) == Self.snapshot)
        #expect(buffer.isEmpty)
    }

    @Test func aPartialFrameWaitsAndTwoFramesComeApart() throws {
        let frame = try AttachFrame.encode(Self.snapshot)
        var buffer = frame.prefix(frame.count - 1)
        #expect(try AttachFrame.take(from: &buffer) == nil)
        buffer = frame + frame
        #expect(try AttachFrame.take(from: &buffer) != nil)
        #expect(try AttachFrame.take(from: &buffer) != nil)
        #expect(try AttachFrame.take(from: &buffer) == nil)
    }

    @Test func anImpossibleLengthIsABrokenStream() {
        var buffer = Data([0xFF, 0xFF, 0xFF, 0xFF, 0])
        #expect(throws: AttachError.badFrame(length: 0xFFFF_FFFF)) { try AttachFrame.take(from: &buffer) }
    }
}
