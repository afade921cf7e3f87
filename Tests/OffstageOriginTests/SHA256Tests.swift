import Foundation
import Testing

@testable import OffstageOrigin

@Suite struct SHA256Tests {
    private func digest(_ text: String) -> String {
        var hasher = SHA256()
        hasher.update(Array(text.utf8))
        return SHA256.hex(of: hasher.finalize())
    }

    @Test func knownVectors() {
        #expect(digest("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(digest("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            digest("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func millionAs() {
        var hasher = SHA256()
        let block = [UInt8](repeating: 0x61, count: 1000)
        for _ in 0..<1000 { block.withUnsafeBytes { hasher.update($0) } }
        #expect(
            SHA256.hex(of: hasher.finalize()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func incrementalUpdatesMatchOneShot() {
        let data = GeneratedContent.bytes(0..<10_000, seed: 3)
        var whole = SHA256()
        whole.update(data)
        let expected = whole.finalize()
        for step in [1, 7, 63, 64, 65, 1000] {
            var pieces = SHA256()
            var index = 0
            while index < data.count {
                let end = min(index + step, data.count)
                data[index..<end].withUnsafeBytes { pieces.update($0) }
                index = end
            }
            #expect(pieces.finalize() == expected, "step \(step)")
        }
    }

    @Test func digestOfFile() throws {
        let path = NSTemporaryDirectory() + "/sha-" + UUID().uuidString
        defer { unlink(path) }
        try Data("abc".utf8).write(to: URL(fileURLWithPath: path))
        #expect(try SHA256.hexDigest(ofFile: path) == digest("abc"))
        #expect(throws: OriginError.self) { try SHA256.hexDigest(ofFile: path + ".missing") }
    }
}
