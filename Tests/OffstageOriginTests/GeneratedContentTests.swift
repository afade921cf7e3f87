import Foundation
import Testing

@testable import OffstageOrigin

@Suite struct GeneratedContentTests {
    @Test func rangesEqualSlicesOfTheWhole() {
        let whole = GeneratedContent.bytes(0..<4096, seed: 42)
        for (start, end) in [(0, 1), (1, 2), (3, 11), (7, 8), (8, 16), (13, 4000), (4095, 4096), (100, 100)] {
            let part = GeneratedContent.bytes(Int64(start)..<Int64(end), seed: 42)
            #expect(part == Array(whole[start..<end]), "range \(start)..<\(end)")
        }
    }

    @Test func deterministicAndSeedDependent() {
        #expect(GeneratedContent.bytes(0..<64, seed: 1) == GeneratedContent.bytes(0..<64, seed: 1))
        #expect(GeneratedContent.bytes(0..<64, seed: 1) != GeneratedContent.bytes(0..<64, seed: 2))
    }

    @Test func farOffsetsNeedNoPrefix() {
        let offset: Int64 = 5 * 1024 * 1024 * 1024 + 3
        let a = GeneratedContent.bytes(offset..<(offset + 20), seed: 9)
        let b = GeneratedContent.bytes((offset + 5)..<(offset + 20), seed: 9)
        #expect(Array(a[5...]) == b)
    }

    @Test func sha256MatchesHashOfBytes() {
        for size in [0, 1, 1000, 1 << 20, (1 << 20) + 17] {
            var hasher = SHA256()
            hasher.update(GeneratedContent.bytes(0..<Int64(size), seed: 5))
            #expect(GeneratedContent.sha256Hex(size: Int64(size), seed: 5) == SHA256.hex(of: hasher.finalize()))
        }
    }

    @Test func parseSizes() {
        #expect(OriginServer.parseSize("123") == 123)
        #expect(OriginServer.parseSize("20m") == 20_971_520)
        #expect(OriginServer.parseSize("4K") == 4096)
        #expect(OriginServer.parseSize("1g") == 1 << 30)
        #expect(OriginServer.parseSize("2MiB") == 2 << 20)
        #expect(OriginServer.parseSize("0") == 0)
        #expect(OriginServer.parseSize("") == nil)
        #expect(OriginServer.parseSize("m") == nil)
        #expect(OriginServer.parseSize("-1") == nil)
        #expect(OriginServer.parseSize("1.5m") == nil)
        #expect(OriginServer.parseSize("99999999999999999999") == nil)
        #expect(OriginServer.parseSize("9000000000000t") == nil)
    }
}
