import Foundation
import OffstageCore
import Testing

@Suite struct TransferOptionsTests {
    @Test(arguments: [
        ("500k", Int64(512_000)), ("2m", Int64(2_097_152)), ("1.5M", Int64(1_572_864)), ("1g", Int64(1 << 30)),
        ("100000", Int64(100_000)), ("1024", Int64(1024)),
    ])
    func ratesAreReadAsCurlReadsThem(text: String, bytes: Int64) throws {
        #expect(try RateLimit.parse(text, what: "--limit-rate") == bytes)
    }

    @Test(arguments: ["off", "OFF", "0", "none"])
    func offMeansNoLimit(text: String) throws {
        #expect(try RateLimit.parse(text, what: "--limit-rate") == nil)
    }

    @Test(arguments: ["", "-5k", "1e9", "fast", "5x", "1023", "0.5k", "2t", "nan", "inf", "5 k", "１k"])
    func badOrOutOfRangeRatesAreRefusedInOneLine(text: String) {
        #expect(throws: OptionRefusal.self) { try RateLimit.parse(text, what: "--limit-rate") }
        do {
            _ = try RateLimit.parse(text, what: "--limit-rate")
        } catch {
            #expect(error.reason.hasPrefix("--limit-rate"))
            #expect(!error.reason.contains("\n"))
        }
    }

    @Test func limitsAreDescribedInTheBinaryUnitsTheSuffixesMean() {
        #expect(RateLimit.describe(512_000) == "500 KiB/s")
        #expect(RateLimit.describe(2_097_152) == "2 MiB/s")
        #expect(RateLimit.describe(1_572_864) == "1.5 MiB/s")
        #expect(RateLimit.describe(1000) == "1000 B/s")
    }

    @Test func anEngineLimitIsSharedEvenlyAndWhatALowOwnLimitLeavesGoesToTheOthers() {
        let none: Int64? = nil
        #expect(RateLimit.shares(total: nil, own: [1: 5000, 2: none]) == [1: 5000, 2: none])
        #expect(RateLimit.shares(total: 9000, own: [1: none, 2: none, 3: none]) == [1: 3000, 2: 3000, 3: 3000])
        // Task 1 wants only 1000: the other two share the remaining 8000.
        #expect(RateLimit.shares(total: 9000, own: [1: 1000, 2: none, 3: none]) == [1: 1000, 2: 4000, 3: 4000])
        // An own limit above its share is held to the share.
        #expect(RateLimit.shares(total: 4000, own: [1: 100_000, 2: none]) == [1: 2000, 2: 2000])
        #expect(RateLimit.shares(total: 4000, own: [:]) == [:])
    }

    @Test func headersAreParsedAsCurlTakesThem() throws {
        let header = try RequestHeader.parse("X-Token:   abc def  ").get()
        #expect(header == RequestHeader(name: "X-Token", value: "abc def"))
        #expect(!header.isCredential)
        let auth = try RequestHeader.parse("authorization: Bearer s3cret").get()
        #expect(auth.isCredential)
        #expect(auth.masked == "authorization: ***")
        #expect(try RequestHeader.parse("Cookie: a=b").get().isCredential)
        #expect(try RequestHeader.parse("Proxy-Authorization: Basic x").get().isCredential)
    }

    @Test(arguments: [
        ("X-A: b\r\nX-Evil: 1", "CR"), ("X-A: b\nc", "line feed"), ("X-A: b\u{0}", "control character"),
        ("No colon", "not a header"), (": value", "not a header name"), ("Bad Name: v", "not a header name"),
        ("Naïve: v", "not a header name"), ("X-Empty:", "no value"), ("X-Empty:   ", "no value"),
        ("Range: bytes=0-", "Offstage sets Range"), ("Accept-Encoding: gzip", "--compressed"),
        ("Host: evil", "Offstage sets Host"),
    ])
    func malformedOrReservedHeadersAreRefused(text: String, reason: String) {
        guard case .failure(let refusal) = RequestHeader.parse(text) else {
            Issue.record("\(text) was accepted")
            return
        }
        #expect(refusal.reason.contains(reason), "\(refusal.reason)")
        #expect(!refusal.reason.contains("\r") && !refusal.reason.contains("\n"))
    }

    @Test func checksumsNeedAKnownAlgorithmAndADigestOfItsLength() throws {
        let sha = String(repeating: "A", count: 64)
        let parsed = try Checksum.parse("SHA256=" + sha).get()
        #expect(parsed.algorithm == .sha256)
        #expect(parsed.hex == String(repeating: "a", count: 64))
        #expect(try Checksum.parse("md5=" + String(repeating: "0", count: 32)).get().algorithm == .md5)
        #expect(try Checksum.parse("sha-1=" + String(repeating: "f", count: 40)).get().algorithm == .sha1)
        #expect(try Checksum.parse("sha-512=" + String(repeating: "9", count: 128)).get().algorithm == .sha512)
        for bad in ["sha-256", "crc32=00", "sha-256=" + String(repeating: "g", count: 64), "md5=abc"] {
            guard case .failure(let refusal) = Checksum.parse(bad) else {
                Issue.record("\(bad) was accepted")
                continue
            }
            #expect(refusal.reason.hasPrefix("--checksum"))
        }
    }

    @Test func optionsWithACredentialHeaderValueOrABadLimitAreUnusable() {
        #expect(TransferOptions().problem == nil)
        #expect(TransferOptions(rateLimit: 10).problem != nil)
        #expect(TransferOptions(headers: [RequestHeader(name: "Authorization", value: "x")]).problem != nil)
        #expect(TransferOptions(headers: [RequestHeader(name: "X-A", value: "a\nb")]).problem != nil)
        #expect(
            TransferOptions(headers: [RequestHeader(name: "X-A", value: "1"), RequestHeader(name: "x-a", value: "2")])
                .problem != nil)
        #expect(TransferOptions(credentialHeaders: ["X-Not"]).problem != nil)
        #expect(TransferOptions(credentialHeaders: ["Cookie"]).problem == nil)
    }

    @Test func aSpecFromAnOlderOffstageDecodesWithNoOptions() throws {
        let old = #"{"kind":"download","url":"http://h/x","method":"GET","session":"s","discretionary":false,"priority":0.5}"#
        let spec = try JSONDecoder().decode(TransferSpec.self, from: Data(old.utf8))
        #expect(spec.options.isEmpty)
        var withOptions = TransferSpec(url: "http://h/x")
        withOptions.options = TransferOptions(rateLimit: 2048, compressed: true)
        let again = try JSONDecoder().decode(TransferSpec.self, from: JSONEncoder().encode(withOptions))
        #expect(again == withOptions)
    }
}
