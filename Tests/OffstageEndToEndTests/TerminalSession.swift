import Foundation
import Glibc
import OffstageTestSupport

/// The real `offstage` on a pseudo-terminal of its own, as a terminal emulator (or tmux) runs a program: the child
/// leads a new session whose controlling terminal is the pty's slave side; the test holds the master side, reads
/// what is drawn, types, and can close it (the window goes away: the kernel hangs the terminal up).
final class TerminalSession {
    /// How the child ended.
    enum Ending: Equatable, CustomStringConvertible {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case signalled(Int32)

        var description: String {
            switch self {
            case .exited(let status): "exit \(status)"
            case .signalled(let signal): "killed by signal \(signal)"
            }
        }
    }

    /// Why a session could not start.
    struct Failure: Error, CustomStringConvertible {
        let call: String
        let code: Int32
        var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
    }

    /// The master side (-1 once closed).
    private(set) var master: Int32
    /// The child's pid.
    let pid: pid_t
    /// Everything read from the master side so far.
    private(set) var output: [UInt8] = []
    /// How the child ended, once known.
    private(set) var ending: Ending?

    /// Starts `path` with `arguments` and `environment` on a new `columns` × `rows` pseudo-terminal.
    init(path: String, arguments: [String], environment: [String: String], columns: Int = 100, rows: Int = 30) throws {
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { throw Failure(call: "open /dev/ptmx", code: errno) }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        // unlockpt and ptsname as the kernel offers them: Swift's Glibc imports neither the XOPEN calls nor these
        // _IOW/_IOR macros (Linux's generic encoding, the same on x86_64 and arm64).
        let setLock: UInt = 0x4004_5431  // TIOCSPTLCK
        let getNumber: UInt = 0x8004_5430  // TIOCGPTN
        guard withUnsafeMutablePointer(to: &unlock, { ioctl(master, setLock, $0) }) == 0,
            withUnsafeMutablePointer(to: &number, { ioctl(master, getNumber, $0) }) == 0
        else {
            let code = errno
            Glibc.close(master)
            throw Failure(call: "TIOCGPTN", code: code)
        }
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = withUnsafeMutablePointer(to: &size) { ioctl(master, UInt(TIOCSWINSZ), $0) }
        let slavePath = "/dev/pts/\(number)"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // After setsid (glibc does it before the file actions), the first terminal opened becomes the controlling one.
        posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)  // whatever this test thread blocks, the child starts clean
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGQUIT] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        let setsid: Int16 = 0x80  // POSIX_SPAWN_SETSID (glibc; not imported into Swift)
        posix_spawnattr_setflags(&attributes, setsid | Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var child: pid_t = 0
        let status = posix_spawn(&child, path, &actions, &attributes, argv, envp)
        guard status == 0 else {
            Glibc.close(master)
            throw Failure(call: "posix_spawn", code: status)
        }
        self.master = master
        pid = child
    }

    deinit {
        if ending == nil {
            kill(pid, SIGKILL)
            _ = waitFor(seconds: 10)
        }
        closeMaster()
    }

    /// Reads what the child draws until `done` holds for everything read so far, or `seconds` pass; whether it held.
    @discardableResult
    func read(seconds: Double, until done: ([UInt8]) -> Bool) -> Bool {
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int64(seconds * 1000)))
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !done(output) {
            guard master >= 0, ContinuousClock.now < deadline else { return false }
            var ready = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 50) > 0 else { continue }
            let got = Glibc.read(master, &buffer, buffer.count)
            if got <= 0 { return done(output) }  // EIO: the child closed its side
            output += buffer[0..<got]
        }
        return true
    }

    /// Whether the output so far contains `text`.
    func shows(_ text: String) -> Bool { Self.contains(output, text) }

    /// Types `text` into the terminal (reading what the child draws meanwhile, so neither side waits on the other).
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        var buffer = [UInt8](repeating: 0, count: 65536)
        while offset < bytes.count, master >= 0 {
            let written = bytes.withUnsafeBytes { Glibc.write(master, $0.baseAddress! + offset, $0.count - offset) }
            if written > 0 {
                offset += written
                continue
            }
            guard written < 0, errno == EAGAIN || errno == EINTR else { return }
            let got = Glibc.read(master, &buffer, buffer.count)
            if got > 0 { output += buffer[0..<got] }
            var ready = pollfd(fd: master, events: Int16(POLLOUT | POLLIN), revents: 0)
            _ = poll(&ready, 1, 50)
        }
    }

    /// Closes the master side: the terminal goes away under the child.
    func closeMaster() {
        guard master >= 0 else { return }
        Glibc.close(master)
        master = -1
    }

    /// Waits up to `seconds` for the child to end (reaping it); how it ended, or nil if it is still running.
    func waitFor(seconds: Double) -> Ending? {
        if let ending { return ending }
        var buffer = [UInt8](repeating: 0, count: 65536)
        Wait.until(timeout: seconds, poll: 0.01) {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                let signal = status & 0x7f
                ending = signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
                return true
            }
            // Keep its writes flowing.
            while master >= 0 {
                let got = Glibc.read(master, &buffer, buffer.count)
                guard got > 0 else { break }
                output += buffer[0..<got]
            }
            return false
        }
        return ending
    }

    /// Whether `bytes` contain `text`'s UTF-8 bytes in a row.
    static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard !needle.isEmpty, bytes.count >= needle.count else { return needle.isEmpty }
        return (0...(bytes.count - needle.count)).contains { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}
