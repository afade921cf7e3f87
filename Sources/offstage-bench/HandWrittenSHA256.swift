/// The origin's former pure Swift SHA-256 (FIPS 180-4), kept only so `offstage-bench digest` can compare it
/// with libcrypto's: it processes whole blocks straight from the caller's buffer and keeps the message schedule
/// on the stack.
struct HandWrittenSHA256 {
    private var state: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]
    private var pending: [UInt8] = []
    private var totalBytes: UInt64 = 0

    /// Creates a hasher in its initial state.
    init() {
        pending.reserveCapacity(64)
    }

    /// Adds `bytes` to the message.
    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        totalBytes &+= UInt64(bytes.count)
        var position = 0
        if !pending.isEmpty {
            let take = min(64 - pending.count, bytes.count)
            pending.append(contentsOf: UnsafeRawBufferPointer(start: base, count: take))
            position = take
            if pending.count == 64 {
                pending.withUnsafeBytes { block in
                    if let blockBase = block.baseAddress { compress(blockBase, blocks: 1) }
                }
                pending.removeAll(keepingCapacity: true)
            }
        }
        let wholeBlocks = (bytes.count - position) / 64
        if wholeBlocks > 0 {
            compress(base + position, blocks: wholeBlocks)
            position += wholeBlocks * 64
        }
        if position < bytes.count {
            pending.append(contentsOf: UnsafeRawBufferPointer(start: base + position, count: bytes.count - position))
        }
    }

    /// Adds the bytes of `data` to the message.
    mutating func update(_ data: some Sequence<UInt8>) {
        let array = Array(data)
        array.withUnsafeBytes { update($0) }
    }

    /// Pads the message and returns the 32-byte digest. The hasher must not be used afterwards.
    mutating func finalize() -> [UInt8] {
        let bitLength = totalBytes &* 8
        var padding: [UInt8] = [0x80]
        let afterMarker = (pending.count + 1) % 64
        let zeros = afterMarker <= 56 ? 56 - afterMarker : 120 - afterMarker
        padding.append(contentsOf: repeatElement(0, count: zeros))
        for shift in stride(from: 56, through: 0, by: -8) {
            padding.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        let savedTotal = totalBytes
        padding.withUnsafeBytes { update($0) }
        totalBytes = savedTotal
        var digest: [UInt8] = []
        digest.reserveCapacity(32)
        for word in state {
            digest.append(contentsOf: [
                UInt8(truncatingIfNeeded: word >> 24), UInt8(truncatingIfNeeded: word >> 16),
                UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word),
            ])
        }
        return digest
    }

    private mutating func compress(_ data: UnsafeRawPointer, blocks: Int) {
        state.withUnsafeMutableBufferPointer { hash in
            HandWrittenSHA256.roundConstants.withUnsafeBufferPointer { k in
                withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
                    guard let hashBase = hash.baseAddress, let kBase = k.baseAddress, let wBase = w.baseAddress else {
                        return
                    }
                    HandWrittenSHA256.compress(data, blocks: blocks, hash: hashBase, k: kBase, w: wBase)
                }
            }
        }
    }

    @inline(__always)
    private static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 {
        (x &>> n) | (x &<< (32 &- n))
    }

    /// One round with the working variables renamed instead of shifted (unrolled by eight above).
    @inline(__always)
    private static func round(
        _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32,
        _ e: UInt32, _ f: UInt32, _ g: UInt32, _ h: inout UInt32, _ kw: UInt32
    ) {
        let t1 = h &+ rotr(e ^ rotr(e ^ rotr(e, 14), 5), 6) &+ (g ^ (e & (f ^ g))) &+ kw
        d &+= t1
        h = t1 &+ rotr(a ^ rotr(a ^ rotr(a, 9), 11), 2) &+ ((a & b) ^ (c & (a ^ b)))
    }

    private static func compress(
        _ data: UnsafeRawPointer,
        blocks: Int,
        hash: UnsafeMutablePointer<UInt32>,
        k: UnsafePointer<UInt32>,
        w: UnsafeMutablePointer<UInt32>
    ) {
        var h0 = hash[0]
        var h1 = hash[1]
        var h2 = hash[2]
        var h3 = hash[3]
        var h4 = hash[4]
        var h5 = hash[5]
        var h6 = hash[6]
        var h7 = hash[7]
        for block in 0..<blocks {
            let p = data + block * 64
            for i in 0..<16 {
                w[i] = UInt32(bigEndian: p.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self))
            }
            for i in 16..<64 {
                let x = w[i &- 15]
                let y = w[i &- 2]
                let s0 = rotr(x ^ rotr(x, 11), 7) ^ (x &>> 3)
                let s1 = rotr(y ^ rotr(y, 2), 17) ^ (y &>> 10)
                w[i] = w[i &- 16] &+ s0 &+ w[i &- 7] &+ s1
            }
            var a = h0
            var b = h1
            var c = h2
            var d = h3
            var e = h4
            var f = h5
            var g = h6
            var h = h7
            var i = 0
            while i < 64 {
                round(a, b, c, &d, e, f, g, &h, k[i] &+ w[i])
                round(h, a, b, &c, d, e, f, &g, k[i &+ 1] &+ w[i &+ 1])
                round(g, h, a, &b, c, d, e, &f, k[i &+ 2] &+ w[i &+ 2])
                round(f, g, h, &a, b, c, d, &e, k[i &+ 3] &+ w[i &+ 3])
                round(e, f, g, &h, a, b, c, &d, k[i &+ 4] &+ w[i &+ 4])
                round(d, e, f, &g, h, a, b, &c, k[i &+ 5] &+ w[i &+ 5])
                round(c, d, e, &f, g, h, a, &b, k[i &+ 6] &+ w[i &+ 6])
                round(b, c, d, &e, f, g, h, &a, k[i &+ 7] &+ w[i &+ 7])
                i &+= 8
            }
            h0 &+= a
            h1 &+= b
            h2 &+= c
            h3 &+= d
            h4 &+= e
            h5 &+= f
            h6 &+= g
            h7 &+= h
        }
        hash[0] = h0
        hash[1] = h1
        hash[2] = h2
        hash[3] = h3
        hash[4] = h4
        hash[5] = h5
        hash[6] = h6
        hash[7] = h7
    }

    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]
}
