import Foundation
import Glibc
import Synchronization

/// A pseudo-terminal for a child that needs a real terminal (the dashboard), with its output drained.
///
/// The master is opened with `posix_openpt`, `grantpt`, `unlockpt` and `ptsname_r`. Swift's Glibc module hides
/// those four (they need `_XOPEN_SOURCE`), so they are looked up with `dlsym` as the C functions they are.
/// The window size is set with `TIOCSWINSZ` before the child starts. `startDraining()` reads the master on
/// its own thread until the child's side closes, so the child never blocks on a full terminal buffer.
final class PseudoTerminal: Sendable {
    /// The master side (close-on-exec: the child never inherits it).
    let master: Int32
    /// The slave side, for the child's standard input, output and error; closed by `closeSlave()`.
    let slave: Int32
    /// The slave's path, e.g. `/dev/pts/3`.
    let slavePath: String
    /// Bytes read from the master so far (shared with the draining thread).
    private let drained = Counter()
    /// Looks for a text in what the child draws, and notes when it first appears.
    let watch = MarkerWatch()

    /// Opens a pair and sets its window to `columns`×`rows`.
    init(columns: UInt16, rows: UInt16) throws {
        typealias OpenPT = @convention(c) (Int32) -> Int32
        typealias PTCall = @convention(c) (Int32) -> Int32
        typealias PTSName = @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32
        guard let openSymbol = dlsym(nil, "posix_openpt"), let grantSymbol = dlsym(nil, "grantpt"),
            let unlockSymbol = dlsym(nil, "unlockpt"), let nameSymbol = dlsym(nil, "ptsname_r")
        else { throw BenchError("posix_openpt, grantpt, unlockpt or ptsname_r not found in the C library") }
        let posixOpenPT = unsafeBitCast(openSymbol, to: OpenPT.self)
        let grantPT = unsafeBitCast(grantSymbol, to: PTCall.self)
        let unlockPT = unsafeBitCast(unlockSymbol, to: PTCall.self)
        let ptsName = unsafeBitCast(nameSymbol, to: PTSName.self)

        let master = posixOpenPT(O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { throw BenchError("posix_openpt: \(String(cString: strerror(errno)))") }
        var buffer = [CChar](repeating: 0, count: 256)
        guard grantPT(master) == 0, unlockPT(master) == 0, ptsName(master, &buffer, buffer.count) == 0 else {
            let reason = String(cString: strerror(errno))
            close(master)
            throw BenchError("cannot prepare the pseudo-terminal: \(reason)")
        }
        let path = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var window = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        guard ioctl(master, UInt(TIOCSWINSZ), &window) == 0 else {
            let reason = String(cString: strerror(errno))
            close(master)
            throw BenchError("TIOCSWINSZ on \(path): \(reason)")
        }
        let slave = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard slave >= 0 else {
            let reason = String(cString: strerror(errno))
            close(master)
            throw BenchError("open \(path): \(reason)")
        }
        self.master = master
        self.slave = slave
        slavePath = path
    }

    /// Starts the thread that reads and discards the master's output until end of file or `EIO` (the child's side
    /// is closed); it then closes the master.
    func startDraining() {
        let master = self.master
        let drained = self.drained
        let watch = self.watch
        let thread = Thread {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
                if count > 0 {
                    drained.add(count)
                    watch.feed(buffer[0..<count])
                } else if count < 0, errno == EINTR {
                    continue
                } else {
                    break
                }
            }
            close(master)
        }
        thread.name = "pty-drain"
        thread.start()
    }

    /// Bytes the child has written to the terminal so far.
    var bytesDrained: Int { drained.value }

    /// Closes the bench's copy of the slave once the child has its own (then the master reads EIO when it exits).
    func closeSlave() {
        close(slave)
    }
}

/// A thread-safe byte count.
final class Counter: Sendable {
    /// The count, behind its lock.
    private let count = Mutex(0)

    /// Adds `value`.
    func add(_ value: Int) { count.withLock { $0 += value } }

    /// The count so far.
    var value: Int { count.withLock { $0 } }
}
