import Foundation
import OffstageCore
import Testing

@Suite struct LongDurationTests {
    @Test(
        arguments: [
            (86_399, nil), (86_400, "1 d"), (86_400 * 3 + 4 * 3600 + 59, "3 d 4 h"),
            (86_400 * 45, "1 mo 14 d"),
            (LongDuration.month * 2, "2 mo"), (LongDuration.year, "1 y"), (3_649 * 86_400, "9 y 11 mo"),
            (3_650 * 86_400, "9 y 11 mo"), (3_650 * 86_400 + 1, "more than 10 years"),
            (1e308, "more than 10 years"),
            (.infinity, "more than 10 years"), (.nan, nil), (-86_400, nil),
        ] as [(Double, String?)])
    func longDurationsReadInDaysMonthsAndYears(seconds: Double, text: String?) {
        #expect(LongDuration.text(seconds) == text)
    }

    @Test func theDashboardsDurationsPastADayReadInDaysMonthsAndYears() {
        // The "earliest in 87599:57:39": a date ten years out.
        #expect(TransferDaemon.duration(87_599 * 3600 + 57 * 60 + 39) == "9 y 11 mo")
        #expect(DurationText.short(87_599 * 3600) == "9 y 11 mo")
        #expect(TransferDaemon.duration(47 * 3600) == "47 h")
        #expect(TransferDaemon.duration(49 * 3600) == "2 d 1 h")
    }

    @Test(arguments: [
        (0, "0"), (7, "7"), (999, "999"), (1_000, "1,000"), (100_000, "100,000"),
        (-1_234_567, "-1,234,567"),
    ])
    func countsAreGroupedByThousands(count: Int, text: String) {
        #expect(Grouped.text(count) == text)
    }
}
