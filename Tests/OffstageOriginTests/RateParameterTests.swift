import Foundation
import Testing

@testable import OffstageOrigin

/// `?rate=` takes the units `origin --rate` takes, on every path with a body: downloads and uploads.
@Suite struct RateParameterTests {
    @Test(arguments: [
        ("1000", 1000), ("500k", 512_000), ("2m", 2_097_152), ("2MiB", 2_097_152), ("64kb", 65_536),
    ])
    func aRateTakesSizeUnits(text: String, bytes: Int) {
        #expect(FaultOptions(query: ["rate": text]).rate == bytes)
    }

    @Test(arguments: ["0", "-5", "fast", "", "99999999999999999999"])
    func aRateThatIsNotASizeIsIgnored(text: String) {
        #expect(FaultOptions(query: ["rate": text]).rate == nil)
    }

    @Test func aPacedUploadIsStoredWhole() throws {
        let origin = try TestOrigin()
        let body = GeneratedContent.bytes(0..<40_000, seed: 5)
        let client = try origin.client()
        client.request("PUT", "/upload/paced.bin?rate=4m", body: body)
        let response = try client.readResponse()
        #expect(response.status == 201)
        #expect(
            try SHA256.hexDigest(ofFile: origin.uploads + "/paced.bin")
                == GeneratedContent.sha256Hex(size: 40_000, seed: 5))
    }

    @Test func everyParameterTheResponderReadsIsListed() {
        let listed = Set(OriginServer.queryParameters.map { String($0.name.prefix { $0 != "=" }) })
        for name in [
            "rate", "seed", "drop", "stall", "trickle", "status", "ignoreRange", "badRangeStart",
            "changeValidator",
            "noValidators", "weakETag", "short", "long", "chunked", "noLength", "filename", "times",
        ] {
            #expect(listed.contains(name), "\(name) is not in origin --help")
        }
    }
}
