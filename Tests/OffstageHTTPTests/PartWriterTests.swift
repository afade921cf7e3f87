import CCurl
import Foundation
import Glibc
import Testing

@testable import OffstageHTTP

/// The part writer gathers slices into large writes, and only `sync` makes them durable.
struct PartWriterTests {
    /// A fresh file and a writer on it, with fsyncs counted.
    final class Fixture {
        let path = NSTemporaryDirectory() + "partwriter-" + UUID().uuidString
        let fd: Int32
        let syncs = SyncCounter()

        init() {
            fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0o600)
        }

        deinit {
            close(fd)
            unlink(path)
        }

        func writer(offset: Int64 = 0, buffer: Int = 64) -> PartWriter {
            let counter = syncs
            return PartWriter(
                fd: fd, offset: offset, bufferSize: buffer, writebackWindow: 128,
                fileSync: { fd in
                    counter.add()
                    return fdatasync(fd)
                })
        }

        var fileBytes: [UInt8] { (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))) ?? [] }
    }

    /// Counts syncs from the writer's callback.
    final class SyncCounter: @unchecked Sendable {
        // Safety: only touched from the test's own thread (the writer calls back synchronously).
        var count = 0
        func add() { count += 1 }
    }

    private func append(_ writer: PartWriter, _ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            try writer.append(base, buffer.count)
        }
    }

    /// A download that ends starts its writeback first: what is in the file goes to the disk, the buffer stays, and
    /// nothing counts as durable until the sync.
    @Test func startingWritebackLeavesTheBufferAndDurabilityToTheSync() throws {
        let fixture = Fixture()
        let writer = fixture.writer(buffer: 64)
        try append(writer, Array(repeating: 1, count: 60))
        try append(writer, Array(repeating: 2, count: 30))
        #expect(writer.written == 60)
        writer.startWriteback()
        #expect(writer.written == 60)
        #expect(writer.position == 90)
        #expect(writer.durable == 0)
        #expect(fixture.syncs.count == 0)
        try writer.sync()
        #expect(writer.durable == 90)
        #expect(fixture.fileBytes == Array(repeating: 1, count: 60) + Array(repeating: 2, count: 30))
    }

    @Test func smallSlicesWaitInTheBufferUntilItFills() throws {
        let fixture = Fixture()
        let writer = fixture.writer(buffer: 64)
        try append(writer, Array(repeating: 1, count: 40))
        #expect(writer.position == 40)
        #expect(writer.written == 0)
        #expect(fixture.fileBytes.isEmpty)
        try append(writer, Array(repeating: 2, count: 40))
        #expect(writer.written == 40)
        #expect(writer.position == 80)
        #expect(fixture.fileBytes == Array(repeating: 1, count: 40))
    }

    /// A clock the test moves.
    final class StepClock: @unchecked Sendable {
        // Safety: only touched from the test's own thread (the writer reads it synchronously).
        var now = 0.0
    }

    @Test func aFastStreamGrowsTheBufferPastItsFirstMebibyteAndASlowOneKeepsItSmall() throws {
        let slice = [UInt8](repeating: 3, count: 16 << 10)
        for (step, grows) in [(0.0, true), (0.3, false)] {
            let fixture = Fixture()
            let clock = StepClock()
            let writer = PartWriter(
                fd: fixture.fd, offset: 0, bufferSize: 1 << 20, writebackWindow: 0, now: { clock.now },
                fileSync: { fdatasync($0) })
            #expect(writer.capacity == PartWriter.initialBufferSize)
            for index in 0..<256 {
                try append(writer, slice)
                clock.now += step
                if index == 60 {
                    #expect(writer.capacity == PartWriter.initialBufferSize, "not before 1 MiB")
                }
            }
            #expect(writer.capacity == (grows ? 1 << 20 : PartWriter.initialBufferSize), "step \(step)")
            try writer.sync()
            #expect(fixture.fileBytes.count == 4 << 20)
        }
    }

    @Test func syncFlushesThenMakesDurable() throws {
        let fixture = Fixture()
        let writer = fixture.writer()
        try append(writer, [1, 2, 3])
        #expect(writer.durable == 0)
        try writer.sync()
        #expect(writer.durable == 3)
        #expect(fixture.fileBytes == [1, 2, 3])
        #expect(fixture.syncs.count == 1)
        try writer.sync()
        #expect(fixture.syncs.count == 1, "nothing new, no second sync")
    }

    @Test func aSliceLargerThanTheBufferIsWrittenDirectlyInOrder() throws {
        let fixture = Fixture()
        let writer = fixture.writer(buffer: 16)
        try append(writer, [9, 9])
        try append(writer, Array(0..<100))
        try writer.sync()
        #expect(fixture.fileBytes == [9, 9] + Array(0..<100))
    }

    @Test func writesContinueAtTheGivenOffset() throws {
        let fixture = Fixture()
        _ = [UInt8](repeating: 7, count: 10).withUnsafeBytes {
            pwrite(fixture.fd, $0.baseAddress, 10, 0)
        }
        let writer = fixture.writer(offset: 10)
        try append(writer, [1, 2])
        try writer.sync()
        #expect(fixture.fileBytes == Array(repeating: 7, count: 10) + [1, 2])
    }

    @Test func discardCutsTheFileAndTheBufferBackDurably() throws {
        let fixture = Fixture()
        let writer = fixture.writer(buffer: 8)
        try append(writer, Array(repeating: 5, count: 20))
        try writer.sync()
        try append(writer, [6, 6])
        writer.discard(after: 4)
        #expect(writer.position == 4)
        #expect(writer.durable == 4)
        #expect(fixture.fileBytes == [5, 5, 5, 5])
    }

    @Test func aWriteThatWouldEatIntoTheReserveIsRefusedAsAFullDisk() throws {
        let fixture = Fixture()
        var info = statvfs()
        #expect(fstatvfs(fixture.fd, &info) == 0)
        let free = Int64(info.f_bavail) * Int64(info.f_frsize)
        let writer = PartWriter(
            fd: fixture.fd, offset: 0, bufferSize: 8, writebackWindow: 0, diskReserve: free
        ) { _ in
            0
        }
        #expect(throws: PartWriter.Failure.self) { try append(writer, Array(repeating: 1, count: 20)) }
        #expect(writer.written == 0)
    }

    @Test func freeSpaceIsMeasuredAgainAfterAnEighthOfTheRoomAboveTheReserve() throws {
        let fixture = Fixture()
        // 800 bytes above a 100-byte reserve: measured again only after 100 bytes; with 50 above it, before every
        // write; and a write that would leave less than the reserve is refused.
        let disk = Disk(free: 900)
        let writer = measuredWriter(fixture, disk: disk, reserve: 100)
        for _ in 0..<10 { try append(writer, Array(repeating: 1, count: 10)) }
        #expect(disk.measurements == 1)
        #expect(writer.written == 100)
        disk.free = 150
        try append(writer, Array(repeating: 2, count: 10))  // measured: 150 - 10 leaves 140, above the reserve
        #expect(disk.measurements == 2)
        for _ in 0..<6 { try append(writer, Array(repeating: 3, count: 10)) }  // 6 bytes allowed between looks
        #expect(disk.measurements == 8)
        disk.free = 105
        #expect(throws: PartWriter.Failure.self) { try append(writer, Array(repeating: 4, count: 10)) }
        #expect(disk.measurements == 9)
        #expect(writer.written == 170)
    }

    /// A disk whose free space a test sets, counting how often a writer measures it.
    final class Disk {
        var free: Int64
        var measurements = 0
        init(free: Int64) { self.free = free }
    }

    /// A writer on `fixture` with a one-byte buffer that measures `disk` against `reserve`.
    private func measuredWriter(_ fixture: Fixture, disk: Disk, reserve: Int64) -> PartWriter {
        PartWriter(
            fd: fixture.fd, offset: 0, bufferSize: 1, writebackWindow: 0, diskReserve: reserve,
            freeSpace: { _ in
                disk.measurements += 1
                return disk.free
            }
        ) { _ in 0 }
    }

    /// Whether the temporary directory's file system allocates blocks ahead (`fallocate`); ext4, xfs and tmpfs do.
    static let fileSystemPreallocates: Bool = {
        let fixture = Fixture()
        return offstage_preallocate(fixture.fd, 0, 4096) == 0
    }()

    /// The blocks the file holds, in bytes.
    private func allocated(_ fd: Int32) -> Int64 {
        var info = stat()
        return fstat(fd, &info) == 0 ? Int64(info.st_blocks) * 512 : -1
    }

    private func size(_ fd: Int32) -> Int64 {
        var info = stat()
        return fstat(fd, &info) == 0 ? Int64(info.st_size) : -1
    }

    /// A known length allocates the file's blocks up front; the file's size still says what was written, and the
    /// writes that follow fill those blocks rather than taking more.
    @Test(.enabled(if: fileSystemPreallocates))
    func reservingAllocatesTheBlocksButKeepsTheSize() throws {
        let fixture = Fixture()
        let writer = fixture.writer(buffer: 64 << 10)
        writer.reserve(through: 1 << 20)
        #expect(writer.reservedEnd == 1 << 20)
        #expect(size(fixture.fd) == 0)
        #expect(allocated(fixture.fd) >= 1 << 20)
        let body = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 * 7) }
        try append(writer, body)
        try writer.sync()
        #expect(fixture.fileBytes == body)
        #expect(allocated(fixture.fd) < (1 << 20) + (64 << 10))
    }

    /// Bytes that land in reserved blocks take no room, so they are not measured against the disk reserve; past the
    /// reservation, measuring starts again.
    @Test(.enabled(if: fileSystemPreallocates))
    func writesIntoReservedBlocksAreNotMeasuredAgainstTheReserve() throws {
        let fixture = Fixture()
        let disk = Disk(free: 10_000)
        let writer = measuredWriter(fixture, disk: disk, reserve: 4_000)
        writer.reserve(through: 5_000)  // 10,000 free less 5,000 leaves 5,000: above the reserve
        #expect(disk.measurements == 1)
        #expect(writer.reservedEnd == 5_000)
        disk.free = 4_100  // the disk after the reservation (and other writers): a write measured now would be refused
        for _ in 0..<500 { try append(writer, Array(repeating: 1, count: 10)) }
        #expect(writer.written == 5_000)
        #expect(disk.measurements == 1)
        #expect(throws: PartWriter.Failure.self) { try append(writer, Array(repeating: 2, count: 200)) }
        #expect(disk.measurements == 2)
        #expect(writer.written == 5_000)
    }

    /// A reservation that would leave less than the reserve free is not made: the writes would stop short anyway.
    @Test func noReservationThatWouldEatIntoTheReserve() throws {
        let fixture = Fixture()
        let writer = measuredWriter(fixture, disk: Disk(free: 8_000), reserve: 4_000)
        writer.reserve(through: 5_000)
        #expect(writer.reservedEnd == 0)
        #expect(allocated(fixture.fd) == 0)
    }

    /// Discarding cuts the reservation with the file: truncation frees the blocks past the new end.
    @Test(.enabled(if: fileSystemPreallocates))
    func discardGivesTheReservationBack() throws {
        let fixture = Fixture()
        let writer = fixture.writer(buffer: 1)
        writer.reserve(through: 1 << 20)
        try append(writer, Array(repeating: 3, count: 100))
        writer.discard(after: 0)
        #expect(writer.reservedEnd == 0)
        #expect(size(fixture.fd) == 0)
        #expect(allocated(fixture.fd) == 0)
        try append(writer, Array(repeating: 4, count: 10))
        #expect(fixture.fileBytes == Array(repeating: 4, count: 10))
    }

    /// The reservation runs at most `reservationAhead` past the writes and moves with them, so a server announcing a
    /// length it never sends holds no more than that of the disk.
    @Test(.enabled(if: fileSystemPreallocates))
    func theReservationRunsAFixedDistanceAheadOfTheWrites() throws {
        let fixture = Fixture()
        let writer = fixture.writer(buffer: 1 << 20)
        let ahead = PartWriter.reservationAhead
        writer.reserve(through: 1 << 40)
        #expect(writer.reservedEnd == ahead)
        let slice = Array(repeating: UInt8(9), count: 1 << 20)
        while writer.written < ahead / 2 + (1 << 20) { try append(writer, slice) }
        #expect(writer.reservedEnd == writer.written + ahead)
        #expect(allocated(fixture.fd) >= writer.reservedEnd)
        #expect(size(fixture.fd) == writer.written)
    }

    /// A download that stops short gives back the blocks it reserved and did not fill; what it wrote stays.
    @Test(.enabled(if: fileSystemPreallocates))
    func releaseGivesBackWhatTheWritesDidNotFill() throws {
        let fixture = Fixture()
        let writer = fixture.writer(buffer: 1)
        writer.reserve(through: 1 << 20)
        try append(writer, Array(repeating: 6, count: 5_000))
        writer.release()
        #expect(writer.reservedEnd == 5_000)
        #expect(allocated(fixture.fd) < 64 << 10)
        #expect(fixture.fileBytes == Array(repeating: 6, count: 5_000))
        try append(writer, [7])  // no reservation is made again after the release
        #expect(writer.reservedEnd == 5_000)
    }

    /// Where blocks cannot be allocated ahead, no reservation is counted and the writes go on as before.
    @Test func aFileThatCannotBeReservedIsWrittenAsBefore() throws {
        let fd = open("/dev/null", O_WRONLY)
        #expect(fd >= 0)
        defer { close(fd) }
        let writer = PartWriter(fd: fd, offset: 0, bufferSize: 1, writebackWindow: 0) { _ in 0 }
        writer.reserve(through: 1 << 20)
        #expect(writer.reservedEnd == 0)
        try append(writer, Array(repeating: 1, count: 100))
        #expect(writer.written == 100)
        #expect(writer.reservedEnd == 0)
    }
}
