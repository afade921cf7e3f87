import Foundation
import OffstageOrigin

/// `offstage-bench digest`: the origin's upload digest (SHA-256) before and after it moved to libcrypto.
///
/// Hashes `--size` MiB of generated content, fed in 64 KiB pieces as an upload's body arrives, with the former
/// hand-written Swift SHA-256 (`HandWrittenSHA256`, kept only in this target) and with `SHA256` (libcrypto's
/// EVP interface); one warm-up pass each, then `--rounds` alternating timed rounds. Both must give the same
/// digest; prints the median MB/s (10^6 bytes per second) of each and the ratio.
enum DigestBenchmark {
    /// The piece size fed to the hasher: the origin reads an upload's body in pieces of about this size.
    static let pieceBytes = 64 << 10

    /// Runs `rounds` rounds over `mebibytes` MiB and prints the figures.
    static func run(mebibytes: Int, rounds: Int) throws {
        let data = GeneratedContent.bytes(0..<Int64(mebibytes) << 20, seed: 7)
        print("offstage-bench digest: SHA-256 of \(mebibytes) MiB in \(pieceBytes >> 10) KiB pieces, \(rounds) rounds")
        let (handDigest, _) = time(data) { hashHandWritten($0) }
        let (cryptoDigest, _) = time(data) { hashLibcrypto($0) }
        guard handDigest == cryptoDigest else {
            throw BenchError("the two implementations disagree: \(handDigest) and \(cryptoDigest)")
        }
        var hand: [Double] = []
        var crypto: [Double] = []
        for round in 1...rounds {
            hand.append(time(data) { hashHandWritten($0) }.1)
            crypto.append(time(data) { hashLibcrypto($0) }.1)
            print(
                String(
                    format: "round %d/%d: hand-written %.0f MB/s, libcrypto %.0f MB/s", round, rounds,
                    hand[round - 1], crypto[round - 1]))
        }
        let handMedian = Measurement.median(hand)
        let cryptoMedian = Measurement.median(crypto)
        print(
            String(
                format: "median: hand-written %.0f MB/s, libcrypto %.0f MB/s, libcrypto/hand-written %.2fx",
                handMedian, cryptoMedian, cryptoMedian / handMedian) + " (both give " + cryptoDigest + ")")
    }

    /// The digest `body` computes of `data` and the speed in MB/s.
    private static func time(_ data: [UInt8], _ body: (UnsafeRawBufferPointer) -> String) -> (String, Double) {
        let start = ChildProcess.monotonicSeconds()
        let digest = data.withUnsafeBytes { body($0) }
        let seconds = max(ChildProcess.monotonicSeconds() - start, 1e-9)
        return (digest, Double(data.count) / seconds / 1e6)
    }

    /// The hand-written implementation's digest of `bytes`, fed piece by piece.
    private static func hashHandWritten(_ bytes: UnsafeRawBufferPointer) -> String {
        var hasher = HandWrittenSHA256()
        forEachPiece(of: bytes) { hasher.update($0) }
        return SHA256.hex(of: hasher.finalize())
    }

    /// libcrypto's digest of `bytes`, fed piece by piece.
    private static func hashLibcrypto(_ bytes: UnsafeRawBufferPointer) -> String {
        var hasher = SHA256()
        forEachPiece(of: bytes) { hasher.update($0) }
        return SHA256.hex(of: hasher.finalize())
    }

    /// Calls `body` with consecutive pieces of `bytes`, `pieceBytes` long (the last one shorter).
    private static func forEachPiece(of bytes: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> Void) {
        var offset = 0
        while offset < bytes.count {
            let end = min(offset + pieceBytes, bytes.count)
            body(UnsafeRawBufferPointer(rebasing: bytes[offset..<end]))
            offset = end
        }
    }
}
