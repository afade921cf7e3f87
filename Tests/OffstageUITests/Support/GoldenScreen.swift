import Foundation
import OffstageUI
import Testing

/// Golden screens: a `Screen` as text (`|…|` rows, a blank line, then its style runs), compared with a file
/// under `Tests/OffstageUITests/Golden/`. `RECORD_GOLDEN=1` rewrites the file and fails, so a recording run
/// never passes.
enum GoldenScreen {
    /// The folder of the golden files, found from this source file (no bundle lookup).
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Golden")

    /// Whether this run records instead of comparing.
    static var recording: Bool { ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" }

    /// The golden text of `screen`.
    static func format(_ screen: Screen) -> String {
        var out = ""
        for row in 0..<screen.height { out += "|" + screen.text(row: row) + "|\n" }
        out += "\n"
        for row in 0..<screen.height {
            for run in StyleRun.of(row: row, in: screen) where run.style != .plain {
                out += "row \(row) col \(run.start)-\(run.start + run.columns - 1)" + describe(run.style) + "\n"
            }
        }
        return out
    }

    /// ` fg=2 bg=236 bold dim reverse underline` (only what differs from plain).
    static func describe(_ style: Style) -> String {
        var out = ""
        if let fg = color(style.foreground) { out += " fg=" + fg }
        if let bg = color(style.background) { out += " bg=" + bg }
        if style.bold { out += " bold" }
        if style.dim { out += " dim" }
        if style.reverse { out += " reverse" }
        if style.underline { out += " underline" }
        return out
    }

    /// `2` for ANSI colour 2, `214` for xterm colour 214, nil for the default.
    static func color(_ color: Color) -> String? {
        switch color {
        case .standard: nil
        case .ansi(let index): "\(index)"
        case .indexed(let index): "\(index)"
        }
    }

    /// Compares `screen` with the golden file `name`.txt (or records it when `RECORD_GOLDEN=1`).
    static func check(_ screen: Screen, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let file = directory.appendingPathComponent(name + ".txt")
        let actual = format(screen)
        if recording {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try Data(actual.utf8).write(to: file)
                Issue.record("recorded \(file.path); run again without RECORD_GOLDEN=1", sourceLocation: sourceLocation)
            } catch {
                Issue.record("could not record \(file.path): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let data = FileManager.default.contents(atPath: file.path), let expected = String(data: data, encoding: .utf8) else {
            Issue.record(
                "missing golden screen \(file.path); record it with RECORD_GOLDEN=1 swift test --filter OffstageUITests",
                sourceLocation: sourceLocation)
            return
        }
        if expected != actual {
            let message = "golden screen \(name) differs (re-record with RECORD_GOLDEN=1 if the change is intended):\n"
            Issue.record(Comment(rawValue: message + diff(expected, actual)), sourceLocation: sourceLocation)
        }
    }

    /// The first lines that differ, expected then actual.
    static func diff(_ expected: String, _ actual: String) -> String {
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var out: [String] = []
        for index in 0..<max(e.count, a.count) where out.count < 12 {
            let left = index < e.count ? String(e[index]) : "<none>"
            let right = index < a.count ? String(a[index]) : "<none>"
            if left != right { out.append("line \(index + 1):\n  expected \(left)\n  actual   \(right)") }
        }
        return out.joined(separator: "\n")
    }
}
