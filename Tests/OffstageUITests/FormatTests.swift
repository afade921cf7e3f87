import OffstageCore
import OffstageUI
import Testing

@Suite struct FormatTests {
    @Test func bytes() {
        #expect(Format.bytes(0) == "0 B")
        #expect(Format.bytes(512) == "512 B")
        #expect(Format.bytes(340_000) == "340 KB")
        #expect(Format.bytes(1_200_000) == "1.2 MB")
        #expect(Format.bytes(2_500_000_000) == "2.5 GB")
        #expect(Format.bytes(999_960) == "1.0 MB")
    }

    @Test func bytesOfATotalShareTheUnit() {
        #expect(Format.bytes(1_200_000_000, of: 2_500_000_000) == "1.2/2.5 GB")
        #expect(Format.bytes(30_000_000, of: 120_000_000) == "30.0/120 MB")
        #expect(Format.bytes(500, of: 1000) == "0.5/1.0 KB")
        #expect(Format.bytes(10_000, of: 2_500_000_000) == "10.0 KB/2.5 GB")
        #expect(Format.bytes(3, of: 7) == "3/7 B")
    }

    @Test func speed() {
        #expect(Format.speed(12_400_000) == "12.4 MB/s")
        #expect(Format.speed(100) == "100 B/s")
    }

    @Test func durationsRoundUp() {
        #expect(Format.duration(105) == "1:45")
        #expect(Format.duration(7) == "0:07")
        #expect(Format.duration(7384) == "2:03:04")
        #expect(Format.duration(0.2) == "0:01")
        #expect(Format.duration(-5) == "0:00")
        #expect(Format.countdown(12) == "12 s")
        #expect(Format.countdown(750) == "12:30")
    }

    @Test func elapsedTimesAreAsPreciseAsTheRateFromThem() {
        #expect(Format.elapsed(0.143) == "0.14 s")
        #expect(Format.elapsed(0.004) == "0.00 s")
        #expect(Format.elapsed(0.999) == "1.0 s")
        #expect(Format.elapsed(2.34) == "2.3 s")
        #expect(Format.elapsed(59.96) == "1:00")
        #expect(Format.elapsed(62) == "1:02")
        #expect(Format.elapsed(-1) == "0.00 s" && Format.elapsed(.infinity) == "∞")
        // The line `get` ends with: the rate and the time agree.
        let done = TransferSnapshot(
            id: 1, name: "tiny.txt", url: "http://o/tiny.txt", state: .completed, bytes: 13, bytesExpected: 13,
            status: .completed)
        #expect(ProgressLine.final(done, elapsed: 0.143) == "tiny.txt  100% 13 B in 0.14 s (91 B/s)")
    }

    @Test func clockAndPercent() {
        #expect(Format.clock(1_700_000_000) == "22:13:20")
        #expect(Format.clock(0) == "00:00:00")
        #expect(Format.percent(0.479) == "47%")
        #expect(Format.percent(0.9999) == "99%")
        #expect(Format.percent(1) == "100%")
    }

    @Test func truncateAndPadMeasureColumns() {
        #expect(TextFit.truncate("ubuntu.iso", to: 6) == "ubunt…")
        #expect(TextFit.truncate("漢字漢字", to: 5) == "漢字…")
        #expect(TextFit.truncate("short", to: 10) == "short")
        #expect(TextFit.pad("漢字", to: 6) == "漢字  ")
        #expect(TextFit.padLeft("ab", to: 4) == "  ab")
        #expect(TextFit.wrap("the quick brown fox", width: 10) == ["the quick", "brown fox"])
    }
}
