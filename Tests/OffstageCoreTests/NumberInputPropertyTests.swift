import Foundation
import OffstageCore
import OffstageTestSupport
import Testing

/// Seeded property tests: every parser of a number a user or a server gives, fed random and extreme text,
/// answers with a clear nil/error or a sane value, and never traps.
@Suite struct NumberInputPropertyTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// Text that has broken number parsers before, plus plain good values.
    static let extremes = [
        "", " ", "0", "-0", "+0", "00", "1", "-1", "+1", "1.5", ".5", "5.", ".", "..", "1..2", "1e308", "1E308",
        "-1e308",
        "1e309", "0x1p1023", "0x10", "inf", "-inf", "infinity", "nan", "NaN", "-nan", "99999999999999999999",
        "99999999999999999999999", "9223372036854775807", "9223372036854775808", "18446744073709551616",
        String(repeating: "9", count: 400), " 5", "5 ", "\t5", "5\n", "٣", "５", "१२", "1_000", "1,000", "10, 12",
        "1e3", "3651d", "3650d", "315360000", "315360001", "99999999999999999999d", "1s", "1m", "1h", "1d", "1w",
        "\u{0}", "5\u{0}", "\u{202E}5", "-", "--5", "0b101", "1/2",
    ]

    /// Random text over an alphabet that mixes digits, signs, units, exponents and odd characters.
    static func randomText(_ rng: inout SeededRandom) -> String {
        let alphabet = Array("0123456789012345678901234567890.-+eExXpPsmhdinfaNA ,\t\u{0}٣５_/")
        let length = Int(rng.next() % 40)
        if rng.next() % 10 == 0 { return String(repeating: "9", count: Int(rng.next() % 500)) }
        return String((0..<length).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] })
    }

    /// Random doubles: extremes, random bit patterns (so NaNs, infinities, subnormals), and ordinary values.
    static func randomDouble(_ rng: inout SeededRandom) -> Double {
        let specials: [Double] = [
            .nan, -.nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 0, -0.0,
            0x1p63, -0x1p63, 0x1p31, -0x1p31, 1e308, -1e308, .leastNonzeroMagnitude, 9.2e18, -9.3e18,
        ]
        switch rng.next() % 3 {
        case 0: return specials[Int(rng.next() % UInt64(specials.count))]
        case 1: return Double(bitPattern: rng.next())
        default: return (rng.unit() - 0.5) * 1e12
        }
    }

    /// Every case: the extremes, then a few thousand random ones from a fixed seed.
    static func cases(seed: UInt64, count: Int = 3000) -> [String] {
        var rng = SeededRandom(seed: seed)
        return extremes + (0..<count).map { _ in randomText(&rng) }
    }

    @Test func plainNumbersAreDigitsOnlyAndAlwaysFinite() {
        for text in Self.cases(seed: 1) {
            let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || $0 == "." }
            if let value = NumberText.decimal(Substring(text)) {
                #expect(plain && value.isFinite && value >= 0, "decimal(\(text.debugDescription)) = \(value)")
                #expect(text.filter { $0 == "." }.count <= 1)
            }
            if let value = NumberText.wholeNumber(Substring(text)) {
                #expect(text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) } && value >= 0)
                let significant = text.drop { $0 == "0" }
                #expect(String(value) == (significant.isEmpty ? "0" : String(significant)))
            }
            if let seconds = NumberText.seconds(Substring(text)) {
                #expect(seconds.isFinite && seconds >= 0, "seconds(\(text.debugDescription)) = \(seconds)")
            }
        }
        #expect(NumberText.seconds("1e308") == nil)
        #expect(NumberText.seconds("0x1p1023") == nil)
        #expect(NumberText.seconds("-0") == nil)
        #expect(NumberText.seconds("99999999999999999999d") == 1e20 * 86_400)
        #expect(NumberText.seconds("1.5m") == 90)
        #expect(NumberText.wholeNumber("+5") == nil)
        #expect(NumberText.wholeNumber("٣") == nil)
        #expect(NumberText.wholeNumber("9223372036854775808") == nil)
    }

    @Test func headerNumbersAreStrictAndNeverTrap() {
        for text in Self.cases(seed: 2) {
            if let number = ResponseFraming.digits(Substring(text)) {
                #expect(number >= 0 && text.utf8.allSatisfy { (48...57).contains($0) })
            }
            let head = ResponseHead(status: 200, fields: [("Content-Length", text)])
            let length = head.contentLength
            #expect((length == nil) == (head.framingProblem != nil), "Content-Length \(text.debugDescription)")
            if let length { #expect(length >= 0) }
            if let wait = ResponseHead(status: 503, fields: [("Retry-After", text)]).retryAfter(now: Self.now) {
                #expect(wait.isFinite && (0...ResponseHead.retryAfterLimit).contains(wait), "Retry-After \(text)")
            }
            for header in ["bytes \(text)-10/20", "bytes 0-\(text)/20", "bytes 0-10/\(text)", "bytes \(text)"] {
                if let range = ContentRange(header: header) {
                    if let first = range.first, let last = range.last { #expect(0 <= first && first <= last) }
                    if let total = range.total, let last = range.last { #expect(last < total) }
                }
            }
            _ = HTTPDate.parse("Fri, \(text) Jan 2027 08:02:00 GMT")
            _ = HTTPDate.parse("Fri, 15 Jan \(text) 08:02:00 GMT")
            _ = HTTPDate.parse("Fri, 15 Jan 2027 \(text):02:00 GMT")
        }
    }

    @Test func contentLengthFollowsRFC9112() {
        func problem(_ values: [String]) -> String? {
            ResponseHead(status: 200, fields: values.map { ("Content-Length", $0) }).framingProblem
        }
        #expect(problem(["10", "12"])?.contains("two different") == true)
        #expect(problem(["10,12"])?.contains("two different") == true)
        #expect(problem(["10", "10, 10"]) == nil)
        #expect(problem(["99999999999999999999999"])?.contains("unusable") == true)
        #expect(problem(["9223372036854775807"])?.contains("unusable") == true)  // 19 digits: beyond the 18 allowed
        #expect(problem(["999999999999999999"]) == nil)
        #expect(problem([""])?.contains("unusable") == true)
        #expect(problem(["10,"])?.contains("unusable") == true)
        #expect(problem([]) == nil)
    }

    @Test func conversionsOfDoublesAreTotal() {
        var rng = SeededRandom(seed: 3)
        for _ in 0..<5000 {
            let value = Self.randomDouble(&rng)
            let whole = Clamped.int(value)
            if value.isNaN { #expect(whole == 0) }
            if value.isFinite, abs(value) < 9e18 { #expect(whole == Int(value)) }
            if value >= 0x1p63 { #expect(whole == .max) }
            let small = Clamped.int32(value)
            if value.isFinite, abs(value) < 2e9 { #expect(small == Int32(value)) }
            _ = Clamped.int64(value)
            let within = Clamped.within(value, 0...1)
            #expect((0...1).contains(within))
            #expect(!DurationText.short(value).isEmpty)
            #expect(!TransferDaemon.duration(value).isEmpty)
        }
        #expect(DurationText.short(1e308) == "more than 10 years")
        #expect(TransferDaemon.duration(.infinity) == "more than 10 years")
        #expect(DurationText.short(.nan) == "0 s")
        #expect(DurationText.short(86_400 * 3) == "3 d")
    }
}
