import Foundation
import OffstageCore
import OffstageUI
import Testing

/// `events` and `run` lines: full off a terminal, cut at the display width on one, server text escaped.
@Suite struct EventTextTests {
    static let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current
    static let entry = LogEntry(
        time: SnapshotSamples.now, kind: .retryScheduled, subject: "task 7",
        reason: "HTTP 503 \u{1B}[31mService Unavailable 服务不可用; attempt 1 of 8; next in 1.3 s")

    @Test func offATerminalTheLineIsWholeAndEscaped() {
        let line = EventText.line(Self.entry, timeZone: Self.utc)
        #expect(line.hasPrefix("22:13:20 retry-scheduled "))
        #expect(line.hasSuffix("task 7  HTTP 503 \\x1B[31mService Unavailable 服务不可用; attempt 1 of 8; next in 1.3 s"))
        #expect(!line.contains("\u{1B}"))
    }

    @Test(arguments: [10, 20, 40, 60, 80, 200])
    func onATerminalTheLineFitsItsWidth(width: Int) {
        let line = EventText.line(Self.entry, timeZone: Self.utc, width: width)
        #expect(DisplayWidth.of(line) <= width, "\(width): \(line)")
        let whole = EventText.line(Self.entry, timeZone: Self.utc)
        #expect(line == whole || (line.hasSuffix("…") && whole.hasPrefix(String(line.dropLast()))), "\(line)")
        let banner = EventText.fit("offstage run on /h", width: width)
        #expect(DisplayWidth.of(banner) <= width && (width < 18 || banner == "offstage run on /h"), "\(banner)")
        #expect(EventText.fit("offstage run on /h", width: nil) == "offstage run on /h")
    }

    @Test func aSubjectFromAUserIsEscapedToo() {
        let entry = LogEntry(time: SnapshotSamples.now, kind: .command, subject: "session \u{202E}evil", reason: "")
        let line = EventText.line(entry, timeZone: Self.utc)
        #expect(line.hasSuffix("session \\u{202E}evil") && !line.contains("\u{202E}"))
    }
}
