import Foundation
import OffstageCore
import Testing

@Suite struct BucketRuleTests {
    static let h = 3600.0, d = 86_400.0

    /// (now, opens, in the foreground, expected bucket).
    static let rows: [(Double, [Double], Bool, StandbyBucket?)] = [
        (10 * d, [], false, nil),
        (10 * d, [10 * d - 2 * h], true, .active),
        (10 * d, [10 * d - 59 * 60], false, .active),
        (10 * d, [10 * d - 20 * h, 10 * d - 10 * h, 10 * d - 2 * h], false, .workingSet),
        (10 * d, [10 * d - 25 * h, 10 * d - 10 * h, 10 * d - 2 * h], false, .frequent),
        (10 * d, [10 * d - 47 * h], false, .frequent),
        (10 * d, [10 * d - 49 * h], false, .rare),
        (10 * d, [10 * d - 7 * d - 23 * h], false, .rare),
        (10 * d, [10 * d - 8 * d], false, .restricted),
    ]

    @Test(arguments: rows.indices)
    func usageDecidesTheBucket(index: Int) {
        let (now, opens, foreground, expected) = Self.rows[index]
        let bucket = BucketRule().bucket(at: now, opens: opens, inForeground: foreground, restrictAfter: 8 * Self.d)
        #expect(bucket == expected)
    }

    @Test func withoutTheUnusedRuleTheAppStaysRare() {
        let bucket = BucketRule().bucket(at: 30 * Self.d, opens: [0], inForeground: false, restrictAfter: nil)
        #expect(bucket == .rare)
    }

    @Test func changesComeAtEachThreshold() {
        let rule = BucketRule()
        #expect(
            rule.changes(after: 100, restrictAfter: 8 * Self.d) == [
                100 + Self.h, 100 + Self.d, 100 + 2 * Self.d, 100 + 8 * Self.d,
            ])
    }
}
