import OffstageCore
import OffstageUI
import Testing

/// The queue's totals in words: `ls`'s last line, the header's parts, and what a view says while a big home loads.
@Suite struct TotalsTextTests {
    static var queue: TransferTotals {
        var totals = TransferTotals()
        totals.running = 2
        totals.queued = 99_990
        totals.retrying = 5
        totals.completed = 3
        totals.failed = 1
        totals.bytesDone = 1_200_000_000
        totals.bytesTotal = 4_800_000_000
        totals.speed = 2_400_000
        return totals
    }

    @Test func lsEndsWithTheWholeQueueAddedUp() {
        #expect(
            TotalsText.line(Self.queue)
                == "total: 100,001 tasks · 2 active · 99,995 waiting · 3 done · 1 failed · 1.2/4.8 GB · "
                + "2.4 MB/s ETA 25:00")
    }

    @Test func theHeaderNamesActiveDoneBytesAndTheRate() {
        #expect(TotalsText.parts(Self.queue) == ["2 active", "3 done", "1.2/4.8 GB", "2.4 MB/s ETA 25:00"])
        #expect(TotalsText.short(Self.queue) == "2 active 25%")
    }

    @Test func nothingMovingHasNoRateAndUnknownSizesAreSaid() {
        var totals = TransferTotals()
        totals.queued = 1
        totals.unknownSizes = 1
        totals.bytesDone = 512
        #expect(TotalsText.line(totals) == "total: 1 task · 0 active · 1 waiting · 0 done · 512 B + 1 of unknown size")
        #expect(TotalsText.short(totals) == "0 active")
    }

    @Test func aBigHomeThatLoadsSaysHowManyTasksItReads() {
        #expect(TotalsText.loading(100_000) == "reading 100,000 tasks…")
        #expect(TotalsText.loading(1, ellipsis: "~") == "reading 1 task~")
        #expect(TotalsText.loading(nil) == "reading the home's tasks…")
    }
}
