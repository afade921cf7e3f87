import Foundation

/// Deterministic pseudo-random bytes served under `/gen/<size>`.
///
/// Byte `i` of the content for `seed` depends only on `(seed, i)`: the content is a sequence of
/// little-endian 64-bit words, word `n` being splitmix64 of `(seed, n)`. Any range can therefore
/// be produced directly, and digests of whole objects are known without a server.
public enum GeneratedContent {
    /// The word at index `index` (covering bytes `8 * index ..< 8 * index + 8`).
    @inline(__always)
    static func word(_ index: UInt64, seed: UInt64) -> UInt64 {
        var z = (index &+ 1) &* 0x9E37_79B9_7F4A_7C15 &+ seed &* 0xD1B5_4A32_D192_ED03
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Fills `buffer` with the content bytes starting at absolute `offset` (must be >= 0).
    public static func fill(_ buffer: UnsafeMutableRawBufferPointer, offset: Int64, seed: UInt64) {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return }
        let count = buffer.count
        let start = UInt64(max(0, offset))
        var index = start >> 3
        var position = 0
        let misalignment = Int(start & 7)
        if misalignment != 0 {
            let value = word(index, seed: seed).littleEndian
            let take = min(8 - misalignment, count)
            withUnsafeBytes(of: value) { bytes in
                for i in 0..<take { base.storeBytes(of: bytes[misalignment + i], toByteOffset: i, as: UInt8.self) }
            }
            position = take
            index += 1
        }
        while position + 8 <= count {
            base.storeBytes(of: word(index, seed: seed).littleEndian, toByteOffset: position, as: UInt64.self)
            position += 8
            index += 1
        }
        if position < count {
            let value = word(index, seed: seed).littleEndian
            withUnsafeBytes(of: value) { bytes in
                for i in 0..<(count - position) {
                    base.storeBytes(of: bytes[i], toByteOffset: position + i, as: UInt8.self)
                }
            }
        }
    }

    /// The bytes of `range` of the content for `seed`, as an array (convenient in tests).
    public static func bytes(_ range: Range<Int64>, seed: UInt64) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: Int(range.count))
        out.withUnsafeMutableBytes { fill($0, offset: range.lowerBound, seed: seed) }
        return out
    }

    /// Hex SHA-256 of the first `size` bytes of the content for `seed`.
    public static func sha256Hex(size: Int64, seed: UInt64) -> String {
        let block = 1 << 20
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: block, alignment: 16)
        defer { buffer.deallocate() }
        var hasher = SHA256()
        var offset: Int64 = 0
        while offset < size {
            let count = Int(min(Int64(block), size - offset))
            let slice = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<count])
            fill(slice, offset: offset, seed: seed)
            hasher.update(UnsafeRawBufferPointer(slice))
            offset += Int64(count)
        }
        return SHA256.hex(of: hasher.finalize())
    }
}
