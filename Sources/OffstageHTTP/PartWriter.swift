import CCurl
import Glibc

/// Writes a download's body into its part file: gathered into large writes, written back to disk in
/// the background as it goes, and made durable on demand.
///
/// libcurl hands the body over in slices of what one `recv` read (16 to 64 KiB). Writing each slice costs a system
/// call and a file-time update; gathering them into larger writes (256 KiB by default: larger ones leave the CPU's
/// cache and cost the kernel more per byte) costs one memory copy and saves most of that kernel work. Bytes still
/// in the buffer are not in the file: `sync()` flushes them first.
///
/// The buffer is allocated with the first byte and starts small (`initialBufferSize`); once `growthAfter` bytes
/// went through, a buffer that fills within `growthWindow` doubles, up to `bufferSize`. A fast download gets its
/// full-size writes after a few milliseconds, while a thousand slow ones (whose servers may send a burst first)
/// hold 32 KiB each.
/// Not Sendable: used on the engine thread only.
final class PartWriter {
    /// Why a write or sync failed.
    enum Failure: Error {
        /// ENOSPC or EDQUOT.
        case diskFull
        /// Any other error, with errno.
        case file(Int32)
    }

    private let fd: Int32
    /// The buffer, once a byte needed it.
    private var storage: UnsafeMutableRawBufferPointer?
    /// The buffer's size now.
    private(set) var capacity: Int
    /// The most the buffer grows to.
    private let largest: Int
    /// When the buffer took its first byte since it was last written (monotonic seconds).
    private var filledSince = 0.0
    /// A buffer that fills faster than this many seconds doubles.
    static let growthWindow = 0.25
    /// Where a buffer starts.
    static let initialBufferSize = 32 << 10
    /// Bytes that go through before the buffer may grow: more than a server's first burst.
    static let growthAfter: Int64 = 1 << 20
    /// Where the writer started (the offset it was made with).
    private let start: Int64
    private var pending = 0
    private let writebackWindow: Int64
    private let diskReserve: Int64
    /// Bytes that may still be written before free space is measured again (`write`).
    private var writableBeforeCheck: Int64 = 0
    private let fileSync: @Sendable (Int32) -> Int32
    /// Monotonic seconds, for how fast the buffer fills (a test injects its own).
    private let now: () -> Double
    /// The free bytes of the file's disk for an unprivileged writer, nil when unknown (a test injects its own).
    private let freeSpace: (Int32) -> Int64?
    /// Absolute end of what is in the file (not counting the buffer).
    private(set) var written: Int64
    /// Absolute end of what is known to be on disk.
    private(set) var durable: Int64
    private var writebackStart: Int64
    /// Absolute end of the blocks `reserve(through:)` allocated (at most `written` when none are): writes below it
    /// take no new room on the disk.
    private(set) var reservedEnd: Int64
    /// Where the reservation is to reach: the body's announced end, or `reservedEnd` when there is none to make.
    private var reserveGoal: Int64
    /// How far ahead of the writes blocks are reserved: enough for the file system to allocate in large pieces, and
    /// all a server that announces a length it never sends can hold of the disk.
    static let reservationAhead: Int64 = 16 << 20

    /// A writer appending at `offset` (the file already holds exactly `offset` bytes).
    init(
        fd: Int32, offset: Int64, bufferSize: Int, writebackWindow: Int64, diskReserve: Int64 = 0,
        now: @escaping () -> Double = MonotonicClock.now, freeSpace: @escaping (Int32) -> Int64? = PartWriter.freeSpace,
        fileSync: @escaping @Sendable (Int32) -> Int32
    ) {
        self.fd = fd
        self.now = now
        self.freeSpace = freeSpace
        largest = max(1, bufferSize)
        start = offset
        capacity = min(largest, Self.initialBufferSize)
        self.writebackWindow = writebackWindow
        self.diskReserve = diskReserve
        self.fileSync = fileSync
        written = offset
        durable = offset
        writebackStart = offset
        reservedEnd = offset
        reserveGoal = offset
    }

    deinit {
        storage?.deallocate()
    }

    /// Absolute end of everything received: the file plus the buffer.
    var position: Int64 { written + Int64(pending) }

    /// Takes body bytes.
    func append(_ data: UnsafeRawPointer, _ count: Int) throws(Failure) {
        if pending + count > capacity {
            try flush()
            grow()
        }
        if count >= capacity {
            try write(data, count)
            return
        }
        let buffer = storage ?? allocate()
        if pending == 0 { filledSince = now() }
        (buffer.baseAddress.unsafelyUnwrapped + pending).copyMemory(from: data, byteCount: count)
        pending += count
    }

    /// Writes the buffer into the file and starts background writeback of each full window.
    func flush() throws(Failure) {
        guard pending > 0, let base = storage?.baseAddress else { return }
        let count = pending
        pending = 0
        try write(base, count)
    }

    /// The buffer, allocated at its current capacity.
    private func allocate() -> UnsafeMutableRawBufferPointer {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 4096)
        storage = buffer
        return buffer
    }

    /// Doubles the (empty) buffer when it filled within `growthWindow`, up to `largest`.
    private func grow() {
        guard capacity < largest, storage != nil, written - start >= Self.growthAfter,
            now() - filledSince < Self.growthWindow
        else { return }
        storage?.deallocate()
        storage = nil
        capacity = min(largest, capacity * 2)
    }

    /// Flushes and makes everything in the file durable; when the flush fails (a full disk), what did
    /// reach the file is still synced before the error is thrown.
    func sync() throws(Failure) {
        var flushFailure: Failure?
        do { try flush() } catch { flushFailure = error }
        if written > durable {
            if fileSync(fd) != 0 { throw Self.failure(errno) }
            durable = written
            writebackStart = max(writebackStart, written)
        }
        if let flushFailure { throw flushFailure }
    }

    /// Starts writing back what the file holds past the last window, without waiting and without the buffer: the
    /// sync that follows finds it on its way. Downloads that end in the same turn then sync together, not one
    /// after another.
    func startWriteback() {
        guard fd >= 0, written > writebackStart else { return }
        _ = offstage_start_writeback(fd, writebackStart, written - writebackStart)
        writebackStart = written
    }

    /// Allocates the file's blocks ahead of the writes, up to `end` (the body's announced length), without changing
    /// its size: the writes that follow fill blocks already there, which costs the file system less than allocating
    /// them as they come (ext4's delayed allocation: about 40 % of a buffered write's CPU), and the file lies in fewer
    /// pieces. At most `reservationAhead` past the writes at a time, extended as they go. Not made when it would leave
    /// the disk with less than `diskReserve` free (the writes would stop short of it anyway) or when free space
    /// cannot be measured, nor after `fallocate` fails (a file system without it): from then on, the writes go on as
    /// before.
    func reserve(through end: Int64) {
        reserveGoal = end
        extendReservation()
    }

    /// Gives back the reserved blocks the writes did not fill (a download that ends short, fails or is stopped):
    /// truncating the file to its own size frees the blocks past its end.
    func release() {
        reserveGoal = min(reserveGoal, written)
        guard fd >= 0, reservedEnd > written else { return }
        _ = ftruncate(fd, off_t(written))
        reservedEnd = written
    }

    /// Reserves up to `reservationAhead` past the writes, toward `reserveGoal`.
    private func extendReservation() {
        let start = max(written, reservedEnd)
        let end = min(reserveGoal, written + Self.reservationAhead)
        guard fd >= 0, end > start else { return }
        let roomy = diskReserve <= 0 || freeSpace(fd).map { $0 - (end - start) >= diskReserve } ?? false
        if roomy, offstage_preallocate(fd, start, end - start) == 0 {
            reservedEnd = end
        } else {
            reserveGoal = reservedEnd  // no more tries
        }
    }

    /// Drops everything after `offset` (buffer and file), durably.
    func discard(after offset: Int64) {
        pending = 0
        guard written > offset else { return }
        _ = ftruncate(fd, off_t(offset))
        written = offset
        reservedEnd = min(reservedEnd, offset)  // truncating frees the blocks past the new end, reserved ones too
        writebackStart = min(writebackStart, offset)
        if durable > offset {
            _ = fileSync(fd)
            durable = offset
        }
    }

    private func write(_ data: UnsafeRawPointer, _ count: Int) throws(Failure) {
        // Stop short of a truly full disk, so the store still has room to record where the download got to. Bytes
        // that land in reserved blocks take no more room.
        if diskReserve > 0, written + Int64(count) > reservedEnd {
            if Int64(count) > writableBeforeCheck, let free = freeSpace(fd) {
                if free - Int64(count) < diskReserve { throw .diskFull }
                // Measured again after an eighth of the room above the reserve, at most every 8 MiB: a roomy disk is
                // looked at every few megabytes, not before each write; one near the reserve before every write.
                writableBeforeCheck = min(Self.longestUnmeasured, (free - diskReserve) / 8)
            }
            writableBeforeCheck -= Int64(count)
        }
        var done = 0
        while done < count {
            let n = pwrite(fd, data + done, count - done, off_t(written))
            if n < 0 {
                if errno == EINTR { continue }
                throw Self.failure(errno)
            }
            done += n
            written += Int64(n)
        }
        if reserveGoal > reservedEnd, written + Self.reservationAhead / 2 > reservedEnd { extendReservation() }
        if writebackWindow > 0, written - writebackStart >= writebackWindow {
            _ = offstage_start_writeback(fd, writebackStart, written - writebackStart)
            writebackStart = written
        }
    }

    /// The most bytes written between two measurements of free space.
    static let longestUnmeasured: Int64 = 8 << 20

    /// `fstatvfs`'s free bytes for an unprivileged writer, nil when it fails.
    static func freeSpace(_ fd: Int32) -> Int64? {
        var info = statvfs()
        return fstatvfs(fd, &info) == 0 ? Int64(info.f_bavail) * Int64(info.f_frsize) : nil
    }

    private static func failure(_ code: Int32) -> Failure {
        code == ENOSPC || code == EDQUOT ? .diskFull : .file(code)
    }
}
