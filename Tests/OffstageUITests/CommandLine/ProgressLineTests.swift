import Foundation
import OffstageCore
import OffstageUI
import Testing

/// `get`'s progress line as a pure function of one transfer, a width, the time and a frame.
@Suite struct ProgressLineTests {
    static let now = SnapshotSamples.now

    /// One case of the table: a transfer, how long no byte came, and what the line must say at 80 columns.
    struct Case: CustomTestStringConvertible, Sendable {
        /// The case's name.
        let label: String
        /// The transfer.
        let transfer: TransferSnapshot
        /// Seconds the engine has called it stalled (0: it moves).
        let idle: Double
        /// Text the 80- and 200-column lines contain.
        let wide: [String]
        /// Text the 40-column line still contains.
        let narrow: [String]
        /// Text no line may contain.
        let never: [String]

        /// The case's name in the test report.
        var testDescription: String { label }
    }

    static let known = TransferSnapshot(
        id: 1, name: "ubuntu.iso", url: "http://o/ubuntu.iso", state: .running, bytes: 1_200_000_000,
        bytesExpected: 2_500_000_000, speed: 12_400_000, eta: 105, status: .running)
    static let unknown = TransferSnapshot(
        id: 2, name: "stream.bin", url: "http://o/stream", state: .running, bytes: 340_000, speed: 880_000,
        status: .running)
    static let resumed = TransferSnapshot(
        id: 3, name: "big.bin", url: "http://o/big", state: .running, bytes: 600_000_000, bytesExpected: 1_000_000_000,
        resumedFrom: 400_000_000, speed: 10_000_000, eta: 40, status: .running)
    static let retrying = TransferSnapshot(
        id: 4, name: "flaky.zip", url: "http://o/flaky", state: .retrying, bytes: 5_000_000, bytesExpected: 10_000_000,
        status: .retrying(
            nextAttempt: now.addingTimeInterval(12), attempt: 2, maxAttempts: 10,
            lastError: "connection refused"))
    static let hostile = TransferSnapshot(
        id: 5, name: "evil\u{1B}[2J\u{202E}gpj.exe", url: "http://o/e", state: .running, bytes: 10, bytesExpected: 100,
        speed: 1, eta: 90, status: .running)
    static let curlError = TransferSnapshot(
        id: 7, name: "x.bin", url: "http://o/x", state: .retrying,
        status: .retrying(
            nextAttempt: now.addingTimeInterval(3), attempt: 1, maxAttempts: 4,
            lastError: "Failed to connect to 127.0.0.1 port 18499 after 0 ms: Couldn't connect to server"))
    static let waiting = TransferSnapshot(
        id: 6, name: "later.bin", url: "http://o/later", state: .queued,
        status: .earliestBegin(now.addingTimeInterval(30)))

    static let cases: [Case] = [
        Case(
            label: "known size", transfer: known, idle: 0,
            wide: ["ubuntu.iso", " 48% [", "1.2/2.5 GB", "12.4 MB/s", "ETA 1:45"], narrow: ["48%", "1.2/2.5 GB"],
            never: ["stalled"]),
        Case(
            label: "unknown size", transfer: unknown, idle: 0, wide: ["stream.bin", "340 KB", "880 KB/s", "█"],
            narrow: ["340 KB"], never: ["%", "ETA"]),
        Case(
            label: "resumed", transfer: resumed, idle: 0, wide: ["60% [", "0.6/1.0 GB", "resumed from 400 MB"],
            narrow: ["60%"], never: []),
        Case(
            label: "stalled", transfer: known, idle: 5, wide: ["1.2/2.5 GB", "stalled 5 s"], narrow: ["stalled 5 s"],
            never: ["MB/s", "ETA"]),
        Case(
            label: "retry countdown", transfer: retrying, idle: 0,
            wide: ["50% [", "connection refused, attempt 3 of 10 in 12 s", "5.0/10.0 MB"],
            narrow: ["attempt 3 of 10 in 12 s"],
            never: ["ETA"]),
        Case(
            label: "server name escaped", transfer: hostile, idle: 0, wide: ["evil\\x1B[2J\\u{202E}gpj.exe"],
            narrow: ["evil"], never: ["\u{1B}", "\u{202E}"]),
        Case(
            label: "long error keeps its countdown", transfer: curlError, idle: 0,
            wide: ["x.bin", "Failed to connect", ", attempt 2 of 4 in 3 s"],
            narrow: ["x.bin  Failed", ", attempt 2 of 4 in 3 s"],
            never: []),
        Case(
            label: "earliest begin", transfer: waiting, idle: 0, wide: ["earliest begin in 30 s", "later.bin"],
            narrow: ["earliest begin in 30 s"], never: ["%"]),
    ]

    @Test(arguments: cases, [20, 40, 80, 200])
    func theLineFitsItsWidthAndSaysWhatItMust(_ item: Case, width: Int) {
        for frame in [0, 1, 7, 33] {
            var transfer = item.transfer
            if item.idle > 0 { transfer.stalledSince = Self.now.addingTimeInterval(-item.idle) }
            let line = ProgressLine.render(transfer, width: width, now: Self.now, frame: frame)
            #expect(DisplayWidth.of(line) <= width, "\(width): \(line)")
            #expect(!line.isEmpty)
            #expect(!line.contains("\r") && !line.contains("\n"))
            for text in item.never { #expect(!line.contains(text), "\(width): \(line)") }
            if width >= 80 { for text in item.wide { #expect(line.contains(text), "\(width): \(line)") } }
            if width == 40 { for text in item.narrow { #expect(line.contains(text), "\(width): \(line)") } }
        }
    }

    @Test func aWideTerminalGetsALongerBarAndTheSameFacts() {
        let narrow = ProgressLine.render(Self.known, width: 80, now: Self.now, frame: 0)
        let wide = ProgressLine.render(Self.known, width: 200, now: Self.now, frame: 0)
        #expect(DisplayWidth.of(wide) == 200 && DisplayWidth.of(narrow) == 80)
        // 48 % of the bar's inner cells, rounded down, in eighth blocks: the bar is between the brackets.
        let bar = wide.split(separator: "[")[1].split(separator: "]")[0]
        let cells = bar.count
        let full = bar.filter { $0 == "█" }.count
        #expect(full == Int(Double(cells) * 0.48))
    }

    @Test func anUnknownSizeMovesItsBlockAndNeverShowsAPercentage() {
        let first = ProgressLine.render(Self.unknown, width: 80, now: Self.now, frame: 0)
        let later = ProgressLine.render(Self.unknown, width: 80, now: Self.now, frame: 5)
        #expect(first != later)
        #expect(!first.contains("%") && !later.contains("%"))
        // Stalled (the engine's word: under 1 kB in its window), the block stops: the bar is an empty track.
        var stalledTransfer = Self.unknown
        stalledTransfer.stalledSince = Self.now.addingTimeInterval(-30.6)
        let stalled = ProgressLine.render(stalledTransfer, width: 80, now: Self.now, frame: 5)
        #expect(!stalled.contains("█") && stalled.contains("stalled 30 s"), "\(stalled)")
        #expect(ProgressLine.plain(stalledTransfer, now: Self.now) == "stream.bin running 340 KB stalled 30 s")
    }

    @Test func plainLinesCarryTheFactsWithoutABarOrEscapes() {
        #expect(
            ProgressLine.plain(Self.known, now: Self.now)
                == "ubuntu.iso running 48% 1.2/2.5 GB 12.4 MB/s ETA 1:45")
        #expect(
            ProgressLine.plain(Self.retrying, now: Self.now)
                == "flaky.zip retrying 50% 5.0/10.0 MB connection refused, attempt 3 of 10 in 12 s")
        #expect(ProgressLine.plain(Self.unknown, now: Self.now) == "stream.bin running 340 KB 880 KB/s")
        let hostile = ProgressLine.plain(Self.hostile, now: Self.now)
        #expect(!hostile.contains("\u{1B}") && hostile.contains("\\x1B"))
    }

    @Test func theFinalLineSaysHowItEnded() {
        var done = Self.resumed
        done.state = .completed
        done.status = .completed
        done.bytes = 1_000_000_000
        #expect(
            ProgressLine.final(done, elapsed: 60)
                == "big.bin  100% 1.0 GB in 1:00 (10.0 MB/s), resumed from 400 MB")
        // A body saved as the server sent it says how it is encoded, as `ls` does.
        var encoded = done
        encoded.resumedFrom = 0
        encoded.extras = TransferExtras(contentEncoding: "gzip")
        #expect(ProgressLine.final(encoded, elapsed: 60) == "big.bin  100% 1.0 GB in 1:00 (16.7 MB/s), gzip-encoded")
        encoded.extras = TransferExtras(compressed: true, contentEncoding: "gzip")
        #expect(ProgressLine.final(encoded, elapsed: 60) == "big.bin  100% 1.0 GB in 1:00 (16.7 MB/s)")
        var failed = Self.known
        failed.state = .failed
        failed.status = .failed("HTTP 404")
        #expect(ProgressLine.final(failed, elapsed: nil) == "ubuntu.iso  failed at 1.2/2.5 GB")
        // A checksum mismatch removed the whole body: not "failed at 0.0/2.5 GB".
        var mismatched = failed
        mismatched.bytes = 0
        mismatched.extras = TransferExtras(checksumState: .mismatch)
        #expect(ProgressLine.final(mismatched, elapsed: nil) == "ubuntu.iso  failed: checksum mismatch; nothing kept")
        // Stopped by a signal while it ran: where it stopped.
        #expect(ProgressLine.final(Self.known, elapsed: 3) == "ubuntu.iso  stopped at 1.2/2.5 GB")
    }

    /// A download that started again from zero says so once, with why, and its last line says it too (it used to
    /// print `resumed from 50.3 MB` and count up from 0% as if nothing had happened).
    @Test func aRestartFromZeroIsSaidOnceWithWhyAndInTheFinalLine() {
        let reason = "the file changed on the server (ETag \"a\" → \"b\u{1B}\")"
        var restarted = Self.known
        restarted.bytes = 2_000_000
        restarted.restart = TransferRestart(reason: reason, droppedBytes: 50_300_000, at: Self.now)
        #expect(ProgressLine.restartNotice(Self.known) == nil)
        #expect(
            ProgressLine.restartNotice(restarted)
                == "ubuntu.iso: the file changed on the server (ETag \"a\" → \"b\\x1B\"): starting again from zero "
                + "(50.3 MB dropped)")
        let line = ProgressLine.render(restarted, width: 80, now: Self.now, frame: 0)
        #expect(!line.contains("resumed"), "\(line)")
        restarted.state = .completed
        restarted.status = .completed
        restarted.bytes = 2_500_000_000
        #expect(
            ProgressLine.final(restarted, elapsed: 100)
                == "ubuntu.iso  100% 2.5 GB in 1:40 (25.0 MB/s), started again from zero: the file changed on the "
                + "server (ETag \"a\" → \"b\\x1B\")")
    }

    @Test func thePacerDrawsTenTimesASecond() {
        var pacer = ProgressPacer(interval: 0.1, drawOnChange: false)
        var draws = 0
        for step in 0..<100 {  // 1 s in 10 ms steps, bytes moving
            var transfer = Self.known
            transfer.bytes += Int64(step)
            if pacer.shouldDraw(transfer, now: Self.now.addingTimeInterval(Double(step) / 100)) { draws += 1 }
        }
        #expect(draws == 10)
    }

    /// A plain log says at once when the engine calls the transfer stalled, and when it restarted.
    @Test func plainLinesComeAtOnceWhenItStallsOrRestarts() {
        var pacer = ProgressPacer(interval: 1, drawOnChange: true)
        var stalled = Self.known
        stalled.stalledSince = Self.now
        var restarted = Self.known
        restarted.restart = TransferRestart(reason: "x", droppedBytes: 1, at: Self.now)
        var drawn: [Bool] = []
        for (transfer, at) in [(Self.known, 0.0), (stalled, 0.2), (stalled, 0.3), (Self.known, 0.4), (restarted, 0.5)] {
            drawn.append(pacer.shouldDraw(transfer, now: Self.now.addingTimeInterval(at)))
        }
        #expect(drawn == [true, true, false, true, true])
    }

    @Test func plainLinesComeOnceASecondOrAtOnceOnAChange() {
        var pacer = ProgressPacer(interval: 1, drawOnChange: true)
        var drawn: [Bool] = []
        for (transfer, at) in [
            (Self.known, 0.0), (Self.known, 0.5), (Self.retrying, 0.6), (Self.retrying, 0.7), (Self.retrying, 1.7),
        ] {
            drawn.append(pacer.shouldDraw(transfer, now: Self.now.addingTimeInterval(at)))
        }
        #expect(drawn == [true, false, true, false, true])
    }
}
