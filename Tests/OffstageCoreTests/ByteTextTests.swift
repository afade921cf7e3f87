import OffstageCore
import Testing

/// The one size formatter, as the event log, the views and the dashboard read sizes.
@Suite struct ByteTextTests {
    @Test(arguments: [
        (Int64(0), "0 B"), (512, "512 B"), (999, "999 B"), (2000, "2.0 KB"), (2_000_000, "2.0 MB"),
        (6_291_456, "6.3 MB"), (8_388_608, "8.4 MB"), (340_000_000, "340 MB"), (-5, "0 B"),
    ])
    func sizes(count: Int64, text: String) {
        #expect(ByteText.size(count) == text)
    }

    @Test func exactCountsAreGroupedWithTheRightNumber() {
        #expect(ByteText.exact(1) == "1 byte")
        #expect(ByteText.exact(0) == "0 bytes")
        #expect(ByteText.exact(999) == "999 bytes")
        #expect(ByteText.exact(1_999_990) == "1,999,990 bytes")
        #expect(ByteText.grouped(1_000) == "1,000" && ByteText.grouped(-12_345) == "-12,345")
    }

    @Test("a part reads in units, exactly when rounding would make it look whole")
    func parts() {
        #expect(ByteText.part(2_000_000, of: 6_291_456) == "2.0 MB of 6.3 MB")
        #expect(ByteText.part(6_291_446, of: 6_291_456) == "6,291,446 of 6,291,456 bytes")
        #expect(ByteText.part(6_291_456, of: 6_291_456) == "6.3 MB of 6.3 MB")
    }
}
