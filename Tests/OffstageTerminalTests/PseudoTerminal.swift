import CNCurses
import Glibc
import OffstageUI

/// A pseudo-terminal for driving `NCursesTerminal` in tests: the terminal runs on the slave side, the test reads
/// what it writes and types into it on the master side.
final class PseudoTerminal {
    /// Why a pseudo-terminal could not be made.
    struct Failure: Error {
        /// The call that failed.
        var call: String
        /// Its errno.
        var code: Int32
    }

    /// The master side (the test's end), non-blocking.
    let master: Int32
    /// The slave side (the terminal's end).
    let slave: Int32

    /// A pseudo-terminal of `columns` × `rows`.
    init(columns: Int, rows: Int) throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        guard offstage_open_pty(&master, &slave) == 0 else { throw Failure(call: "posix_openpt", code: errno) }
        self.master = master
        self.slave = slave
        try resize(columns: columns, rows: rows)
    }

    deinit {
        Glibc.close(slave)
        Glibc.close(master)
    }

    /// Sets the window size (as a terminal emulator does when its window changes).
    func resize(columns: Int, rows: Int) throws {
        guard offstage_set_winsize(master, UInt16(rows), UInt16(columns)) == 0 else {
            throw Failure(call: "TIOCSWINSZ", code: errno)
        }
    }

    /// Types `text` (as the user's keyboard would).
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = write(master, base + offset, buffer.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }

    /// Everything the terminal wrote: reads until nothing more comes for `quiet` seconds (at most `limit`).
    func output(quiet: Double = 0.15, limit: Double = 3) -> [UInt8] {
        var bytes: [UInt8] = []
        let clock = ContinuousClock()
        let end = clock.now.advanced(by: .milliseconds(Int64(limit * 1000)))
        var buffer = [UInt8](repeating: 0, count: 4096)
        while clock.now < end {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, Int32(quiet * 1000)) <= 0 { break }
            let got = read(master, &buffer, buffer.count)
            if got <= 0 { break }
            bytes += buffer[0..<got]
        }
        return bytes
    }

    /// The slave's device path (`/dev/pts/N`), for another process to open.
    var slavePath: String? {
        var name = [CChar](repeating: 0, count: 128)
        guard ttyname_r(slave, &name, name.count) == 0 else { return nil }  // not ttyname: tests run in parallel
        return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The slave's terminal modes now.
    func modes() -> termios {
        var modes = termios()
        _ = tcgetattr(slave, &modes)
        return modes
    }
}

/// Whether two `termios` agree on everything that decides a terminal's behaviour (flags and control characters).
func sameModes(_ a: termios, _ b: termios) -> Bool {
    var left = a.c_cc
    var right = b.c_cc
    let controlsEqual = withUnsafeBytes(of: &left) { l in withUnsafeBytes(of: &right) { r in l.elementsEqual(r) } }
    return a.c_iflag == b.c_iflag && a.c_oflag == b.c_oflag && a.c_cflag == b.c_cflag && a.c_lflag == b.c_lflag
        && controlsEqual
}

/// Whether `bytes` contain `text`'s UTF-8 bytes in a row.
func contains(_ bytes: [UInt8], _ text: String) -> Bool {
    let needle = Array(text.utf8)
    guard !needle.isEmpty else { return true }
    guard bytes.count >= needle.count else { return false }
    return (0...(bytes.count - needle.count)).contains { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
}

/// One cell of an ncurses window as the test reads it back.
struct CursesCell: Equatable, CustomStringConvertible {
    /// The characters stored there (a base character and its marks).
    var text: String
    /// The attribute bits (bold, dim, reverse, underline), no colour.
    var attributes: attr_t
    /// The colour pair.
    var pair: Int16

    /// The cell for a failing expectation.
    var description: String { "\(text.debugDescription) attributes \(attributes) pair \(pair)" }
}

/// Reads cell (`x`, `y`) of `window` (stdscr: what was drawn; curscr: what ncurses believes the terminal shows).
func cursesCell(_ window: UnsafeMutablePointer<WINDOW>?, x: Int, y: Int) -> CursesCell {
    var stored = cchar_t()
    _ = mvwin_wch(window, Int32(y), Int32(x), &stored)
    var characters = [wchar_t](repeating: 0, count: 8)
    var attributes: attr_t = 0
    var pair: Int16 = 0
    _ = getcchar(&stored, &characters, &attributes, &pair, nil)
    var text = ""
    for value in characters.prefix(while: { $0 != 0 }) {
        if let scalar = Unicode.Scalar(UInt32(bitPattern: value)) { text.unicodeScalars.append(scalar) }
    }
    return CursesCell(text: text, attributes: attributes & offstage_a_attributes(), pair: pair)
}

/// The colours of ncurses pair `pair`.
func pairColors(_ pair: Int16) -> (foreground: Int16, background: Int16) {
    var foreground: Int16 = 0
    var background: Int16 = 0
    _ = pair_content(pair, &foreground, &background)
    return (foreground, background)
}

/// Reads inputs from `terminal` until `count` have come or `limit` seconds passed.
func collectInputs(from terminal: any TerminalDevice, count: Int, limit: Double = 3) -> [TerminalInput] {
    var inputs: [TerminalInput] = []
    let clock = ContinuousClock()
    let end = clock.now.advanced(by: .milliseconds(Int64(limit * 1000)))
    while inputs.count < count, clock.now < end {
        inputs += terminal.readInputs(timeout: 0.2)
    }
    return inputs
}
