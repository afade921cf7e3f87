import Foundation
import OffstageCore
import Testing

/// Keyed updates between the snapshots a view holds: what changed and nothing else, applied back to the same value.
@Suite struct SnapshotUpdateTests {
    static let t0 = Date(timeIntervalSince1970: 1_700_000_000)

    static func row(_ id: Int64, bytes: Int64 = 0, state: TransferState = .queued) -> TransferSnapshot {
        TransferSnapshot(
            id: id, name: "file-\(id).bin", url: "http://127.0.0.1/file-\(id).bin", state: state,
            bytes: bytes,
            bytesExpected: 1 << 20, status: .waiting(state.rawValue))
    }

    static func line(_ index: Int) -> LogEntry {
        LogEntry(
            time: t0.addingTimeInterval(Double(index)), kind: .waiting, subject: "task \(index)",
            reason: "r")
    }

    static func snapshot(rows: Int, events: Int = 10, now: Date = t0) -> Snapshot {
        Snapshot(
            sequence: 1, clock: ClockSnapshot(now: now),
            engine: EngineSnapshot(role: .hosting, pid: 1, home: "/h"),
            transfers: (1...Int64(rows)).map { row($0) }, events: (0..<events).map(line),
            eventsRecorded: events)
    }

    @Test func aPublicationWithNothingChangedCarriesNothingProportionalToTheTasks() throws {
        let small = Self.snapshot(rows: 10)
        let big = Self.snapshot(rows: 20_000)
        var later = big
        later.sequence = 2
        later.clock.now = Self.t0.addingTimeInterval(1)  // only the clock's second moved
        let update = SnapshotUpdate(from: big, to: later)
        #expect(update.transfers.isEmpty && update.removed.isEmpty && update.newEvents.isEmpty)
        #expect(update.clock == later.clock)
        let size = try JSONEncoder().encode(update).count
        var smallLater = small
        smallLater.sequence = 2
        smallLater.clock = later.clock
        let smallSize = try JSONEncoder().encode(SnapshotUpdate(from: small, to: smallLater)).count
        #expect(size == smallSize, "20,000 tasks cost the update what 10 do")
        #expect(size < 300, "\(size) bytes")
        #expect(
            try JSONEncoder().encode(later).count > 1_000_000, "the whole snapshot is what was not sent")
        #expect(big.applying(update) == later)

        var same = big
        same.sequence = 3
        #expect(SnapshotUpdate(from: big, to: same).isEmpty)
    }

    @Test func changedRowsAreSentByTheirIdAndRowsThatLeftByIdAlone() {
        let before = Self.snapshot(rows: 100)
        var after = before
        after.sequence = 9
        after.transfers[41] = Self.row(42, bytes: 512, state: .running)
        after.transfers.removeFirst()
        after.transfers.append(Self.row(101))
        let update = SnapshotUpdate(from: before, to: after)
        #expect(update.transfers.map(\.id) == [42, 101])
        #expect(update.removed == [1])
        #expect(before.applying(update) == after)
    }

    @Test func newEventLinesAreAppendedAndTheOldestDroppedBeyondTheLimit() {
        let before = Self.snapshot(rows: 1, events: Snapshot.eventLimit)
        var after = before
        after.events = Array((3..<(Snapshot.eventLimit + 3)).map(Self.line))
        after.eventsRecorded = Snapshot.eventLimit + 3
        let update = SnapshotUpdate(from: before, to: after)
        #expect(update.newEvents.count == 3 && update.droppedEvents == 3 && update.events == nil)
        #expect(before.applying(update) == after)

        // A log seeded anew cannot be told as lines added: it goes whole.
        var reseeded = before
        reseeded.events = [Self.line(7)]
        reseeded.eventsRecorded = 1
        let whole = SnapshotUpdate(from: before, to: reseeded)
        #expect(whole.events == [Self.line(7)])
        #expect(before.applying(whole) == reseeded)
    }

    @Test func aViewThatHoldsNothingGetsTheSnapshotWhole() {
        let snapshot = Self.snapshot(rows: 3)
        let update = SnapshotUpdate(from: nil, to: snapshot)
        #expect(update.whole == snapshot)
        #expect(Self.snapshot(rows: 50).applying(update) == snapshot)
    }

    @Test func totalsListingAndPartsThatBecomeNilTravelAsReplacements() {
        var before = Self.snapshot(rows: 2)
        before.totals = TransferTotals(rows: before.transfers)
        before.listing = TransferListing(
            query: .window(filter: nil, first: 0, rows: 2, selected: nil), offset: 0, count: 2)
        var after = before
        after.totals = nil
        after.listing = nil
        after.rateLimit = 4_096
        let update = SnapshotUpdate(from: before, to: after)
        #expect(update.totals != nil && update.listing != nil && update.rateLimit?.value == 4_096)
        #expect(before.applying(update) == after)
    }
}
