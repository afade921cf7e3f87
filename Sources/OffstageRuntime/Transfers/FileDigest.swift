import CCrypto
import Foundation
import Glibc
import OffstageCore

/// The digest of a file through OpenSSL's libcrypto (the EVP interface): SHA-256, SHA-512, SHA-1 or MD5.
enum FileDigest {
    /// Why a digest could not be computed.
    struct Failure: Error, CustomStringConvertible {
        /// One line.
        let description: String
    }

    /// The lowercase hexadecimal digest of the file at `path`, read in 1 MiB blocks.
    static func hex(of path: String, algorithm: ChecksumAlgorithm) throws(Failure) -> String {
        guard let context = EVP_MD_CTX_new() else { throw Failure(description: "libcrypto has no memory") }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestInit_ex(context, method(algorithm), nil) == 1 else {
            throw Failure(description: "libcrypto cannot compute \(algorithm.rawValue)")
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(description: "cannot open \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = read(fd, buffer.baseAddress, buffer.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(description: "cannot read \(path): \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            guard EVP_DigestUpdate(context, buffer.baseAddress, count) == 1 else {
                throw Failure(description: "libcrypto refused \(algorithm.rawValue) input")
            }
        }
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard EVP_DigestFinal_ex(context, &digest, &length) == 1 else {
            throw Failure(description: "libcrypto could not finish \(algorithm.rawValue)")
        }
        return digest.prefix(Int(length)).map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
    }

    /// libcrypto's method for an algorithm.
    private static func method(_ algorithm: ChecksumAlgorithm) -> OpaquePointer? {
        switch algorithm {
        case .sha256: EVP_sha256()
        case .sha512: EVP_sha512()
        case .sha1: EVP_sha1()
        case .md5: EVP_md5()
        }
    }
}
