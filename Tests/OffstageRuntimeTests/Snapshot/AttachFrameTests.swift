import Foundation
import OffstageCore
import OffstageRuntime
import Testing

/// The attach channel's frames: a 4-byte big-endian length, then an update's JSON; a client's messages: pokes and
/// subscriptions.
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
        let frame = try AttachFrame.encode(SnapshotUpdate(whole: Self.snapshot))
        let length = frame.prefix(4).reduce(0) { $0 << 8 | Int($1) }
        #expect(length == frame.count - 4)
        var buffer = frame
        let body = try #require(try AttachFrame.take(from: &buffer))
        #expect(try JSONDecoder().decode(SnapshotUpdate.self, from: body).whole == Self.snapshot)
        #expect(buffer.isEmpty)
    }

    @Test func aPartialFrameWaitsAndTwoFramesComeApart() throws {
        let frame = try AttachFrame.encode(SnapshotUpdate(whole: Self.snapshot))
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

    @Test func aClientSendsPokesAndSubscriptionsThatComeApartWhole() throws {
        let window = SnapshotSubscription(
            transfers: .window(filter: "iso", first: 40, rows: 20, selected: 42))
        let message = try AttachFrame.encode(window)
        var buffer = Data([AttachFrame.poke]) + message.prefix(message.count - 1)
        #expect(try AttachFrame.message(from: &buffer) == .poke)
        #expect(try AttachFrame.message(from: &buffer) == nil, "half a subscription waits")
        buffer += message.suffix(1) + Data([AttachFrame.poke])
        #expect(try AttachFrame.message(from: &buffer) == .subscribe(window))
        #expect(try AttachFrame.message(from: &buffer) == .poke)
        #expect(buffer.isEmpty)
    }

    @Test func aSubscriptionTooLongIsABrokenStream() {
        var buffer = Data([AttachFrame.subscribe, 0x7F, 0, 0, 0])
        #expect(throws: AttachError.badFrame(length: 0x7F00_0000)) {
            try AttachFrame.message(from: &buffer)
        }
    }
}
