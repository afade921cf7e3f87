import Foundation
import Glibc
import OffstageTestSupport
import OffstageUI
import Synchronization
import Testing

@testable import OffstageTerminal

/// What a real terminal shows: the bytes the ncurses adapter writes, fed through pyte (an independent terminal
/// emulator, from PyPI; `.ci/setup` installs it), read back cell by cell.
enum RealTerminal {
    /// One cell as the emulator shows it.
    struct Cell: Decodable, Equatable, CustomStringConvertible {
        /// The characters (empty: the right half of a wide one).
        var char: String
        /// `default`, `n:<0…15>` for a named colour, `x:<rrggbb>` for one of the 256.
        var fg: String
        /// Same as `fg`.
        var bg: String
        var bold: Bool
        var reverse: Bool
        var underline: Bool

        var description: String {
            "\(char.debugDescription) fg \(fg) bg \(bg)\(bold ? " bold" : "")\(reverse ? " reverse" : "")"
                + (underline ? " underline" : "")
        }
    }

    /// What the emulator made of every capture: the screens, and its 256-colour table.
    struct Result: Decodable {
        /// Rows of cells, per capture, in the order given.
        var screens: [[[Cell]]]
        /// xterm colour n as the emulator names it (`rrggbb`).
        var palette: [String]
    }

    /// Why the emulator could not run.
    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    /// Presents `screen` on an xterm-256color pseudo-terminal of its size and returns every byte the adapter wrote
    /// from opening the terminal to the end of the frame.
    static func capture(_ screen: Screen) throws -> [UInt8] {
        let pty = try PseudoTerminal(columns: screen.width, rows: screen.height)
        let drain = Drain(master: pty.master, marker: marker)
        let terminal = try NCursesTerminal(
            input: pty.slave, output: pty.slave, terminalType: "xterm-256color", environment: [:], locale: "C.UTF-8")
        terminal.present(screen)
        // Behind everything the frame wrote (one descriptor keeps the order): the end of the capture.
        _ = marker.withUnsafeBufferPointer { write(pty.slave, $0.baseAddress, $0.count) }
        let bytes = drain.finish()
        terminal.close()
        guard let end = bytes.firstRange(of: marker) else { throw Unavailable(description: "the capture never ended") }
        return Array(bytes[..<end.lowerBound])
    }

    /// An OSC title no frame contains, written after the frame.
    static let marker = Array("\u{1B}]2;offstage-capture-end\u{7}".utf8)

    /// Runs pyte over `captures` (each with its size).
    static func emulate(_ captures: [(bytes: [UInt8], size: Size)]) throws -> Result {
        let temporary = try TemporaryHome(prefix: "offstage-real-terminal")
        defer { temporary.remove() }
        let folder = temporary.base
        var manifest: [[String: Any]] = []
        for (index, capture) in captures.enumerated() {
            let path = folder + "/\(index).bin"
            try Data(capture.bytes).write(to: URL(fileURLWithPath: path))
            manifest.append(["path": path, "columns": capture.size.width, "rows": capture.size.height])
        }
        try JSONSerialization.data(withJSONObject: manifest).write(to: URL(fileURLWithPath: folder + "/manifest.json"))
        try Data(script.utf8).write(to: URL(fileURLWithPath: folder + "/cells.py"))
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", folder + "/cells.py", folder + "/manifest.json"]
        let output = Pipe()
        let errors = Pipe()
        python.standardOutput = output
        python.standardError = errors
        do { try python.run() } catch { throw Unavailable(description: "python3 cannot run: \(error)") }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let problem = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        python.waitUntilExit()
        guard python.terminationStatus == 0 else {
            throw Unavailable(
                description: "pyte did not run (install it: .ci/setup does, or `pip install pyte`): \(problem)")
        }
        return try JSONDecoder().decode(Result.self, from: data)
    }

    /// The emulator's side: pyte, taught REP (ECMA-48 8.3.103, `CSI n b`: repeat the last character), which
    /// xterm-256color's terminfo offers and ncurses uses; everything else is pyte's own.
    static let script = #"""
        import json, sys
        import pyte
        from pyte import graphics

        class Screen(pyte.Screen):
            last = None
            def draw(self, data):
                super().draw(data)
                if data:
                    self.last = data[-1]
            def repeat_last(self, count=1, *args, **kwargs):
                if self.last is not None:
                    self.draw(self.last * max(1, count))

        class Stream(pyte.ByteStream):
            csi = dict(pyte.ByteStream.csi, b="repeat_last")

        named = {name: index for code, name in graphics.FG_ANSI.items() if code != 39 for index in [code - 30]}
        named.update({name: index + 8 for code, name in graphics.FG_AIXTERM.items() for index in [code - 90]})

        def color(value):
            if value == "default":
                return "default"
            if value in named:
                return "n:%d" % named[value]
            return "x:" + value.lower()

        screens = []
        for case in json.load(open(sys.argv[1])):
            screen = Screen(case["columns"], case["rows"])
            Stream(screen).feed(open(case["path"], "rb").read())
            rows = []
            for y in range(screen.lines):
                line = screen.buffer[y]
                rows.append([
                    {"char": line[x].data, "fg": color(line[x].fg), "bg": color(line[x].bg),
                     "bold": line[x].bold, "reverse": line[x].reverse, "underline": line[x].underscore}
                    for x in range(screen.columns)])
            screens.append(rows)
        print(json.dumps({"screens": screens, "palette": [c.lower() for c in graphics.FG_BG_256]}))
        """#

    /// How the emulator should name `color` after the adapter drew it on a 256-colour terminal.
    static func expected(_ color: Color, palette: [String]) -> String {
        let number = Int(ColorMapping.colorNumber(color, depth: 256))
        if number < 0 { return "default" }
        if number < 16 { return "n:\(number)" }
        return number < palette.count ? "x:" + palette[number] : "?"
    }

    /// Reads the master side on a thread of its own until the marker arrives (so a large frame never blocks the
    /// adapter's writes).
    final class Drain: Sendable {
        private let bytes = Mutex<[UInt8]>([])
        private let done = DispatchSemaphore(value: 0)

        init(master: Int32, marker: [UInt8]) {
            Thread { [self] in
                var buffer = [UInt8](repeating: 0, count: 65536)
                let deadline = ContinuousClock.now.advanced(by: .seconds(30))
                while ContinuousClock.now < deadline {
                    var ready = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                    guard poll(&ready, 1, 50) > 0 else { continue }
                    let got = read(master, &buffer, buffer.count)
                    if got <= 0 { continue }
                    let ended = self.bytes.withLock { all in
                        all += buffer[0..<got]
                        return all.firstRange(of: marker) != nil
                    }
                    if ended { break }
                }
                self.done.signal()
            }.start()
        }

        /// Waits until the marker came (or the thread gave up) and returns everything read.
        func finish() -> [UInt8] {
            done.wait()
            return bytes.withLock { $0 }
        }
    }
}

/// A golden screen file (`Tests/OffstageUITests/Golden`) read back into the `Screen` it was made from.
enum GoldenFile {
    /// The folder of the golden screens.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("OffstageUITests/Golden")

    /// Every golden screen's name (without `.txt`), sorted.
    static func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".txt") }
            .map { String($0.dropLast(4)) }.sorted()
    }

    /// The screen in golden file `name`: its `|…|` rows, then its style runs.
    static func screen(_ name: String) throws -> Screen {
        let text = try String(contentsOf: directory.appendingPathComponent(name + ".txt"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let rows = lines.prefix { $0.hasPrefix("|") }.map { String($0.dropFirst().dropLast()) }
        let width = rows.first.map { row in row.reduce(0) { $0 + DisplayWidth.of($1) } } ?? 0
        var screen = Screen(size: Size(width: width, height: rows.count))
        for (y, row) in rows.enumerated() { screen.put(row, x: 0, y: y) }
        for line in lines.dropFirst(rows.count) where line.hasPrefix("row ") {
            // row R col A-B fg=N bg=N bold dim reverse underline
            let words = line.split(separator: " ")
            guard words.count >= 4, let y = Int(words[1]) else { continue }
            let bounds = words[3].split(separator: "-").compactMap { Int($0) }
            guard bounds.count == 2 else { continue }
            var style = Style()
            for word in words.dropFirst(4) {
                if word.hasPrefix("fg="), let n = UInt8(word.dropFirst(3)) { style.foreground = color(n) }
                if word.hasPrefix("bg="), let n = UInt8(word.dropFirst(3)) { style.background = color(n) }
                if word == "bold" { style.bold = true }
                if word == "dim" { style.dim = true }
                if word == "reverse" { style.reverse = true }
                if word == "underline" { style.underline = true }
            }
            screen.restyle(x: bounds[0], y: y, count: bounds[1] - bounds[0] + 1) { _ in style }
        }
        return screen
    }

    /// A golden colour number: the eight ANSI colours below 8 (a 256-colour terminal draws `.indexed(n)` and
    /// `.ansi(n)` the same there), xterm's numbers above.
    static func color(_ number: UInt8) -> Color { number < 8 ? .ansi(number) : .indexed(number) }
}
