import CCrypto
import Glibc

/// SHA-256 (FIPS 180-4) through OpenSSL's libcrypto (the EVP digest interface), used to compute digests of
/// served and uploaded content. A value type: a copy hashes on independently of the original.
public struct SHA256: Sendable {
    private var context: DigestContext

    /// Creates a hasher in its initial state.
    public init() {
        context = DigestContext()
    }

    /// Adds `bytes` to the message.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        makeUnique()
        let updated = EVP_DigestUpdate(context.pointer, base, bytes.count)
        precondition(updated == 1, "libcrypto refused a SHA-256 update")
    }

    /// Adds the bytes of `data` to the message.
    public mutating func update(_ data: some Sequence<UInt8>) {
        let array = Array(data)
        array.withUnsafeBytes { update($0) }
    }

    /// Pads the message and returns the 32-byte digest; the hasher then starts over with an empty message.
    public mutating func finalize() -> [UInt8] {
        makeUnique()
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let finished = EVP_DigestFinal_ex(context.pointer, &digest, &length)
        precondition(finished == 1 && length == 32, "libcrypto could not finish a SHA-256 digest")
        context.restart()
        return Array(digest.prefix(Int(length)))
    }

    /// Lower-case hexadecimal spelling of `data`.
    public static func hex(of data: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for byte in data {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Hex SHA-256 of the file at `path`, read in 1 MiB blocks.
    public static func hexDigest(ofFile path: String) throws -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw OriginError.system("open \(path)", errno) }
        defer { close(fd) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        var hasher = SHA256()
        while true {
            let count = read(fd, buffer.baseAddress, buffer.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw OriginError.system("read \(path)", errno)
            }
            if count == 0 { break }
            hasher.update(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        }
        return hex(of: hasher.finalize())
    }

    /// Gives this value a context of its own before it changes one that a copy shares (copy on write).
    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&context) { context = context.copy() }
    }
}

/// One libcrypto digest context (`EVP_MD_CTX`) set up for SHA-256, freed with its owner.
private final class DigestContext: @unchecked Sendable {
    // Safety: `pointer` is only changed through SHA256's mutating methods, which first make the context unique
    // (copy on write), so two values never change one context; sharing one for a copy only reads it.
    /// The libcrypto context.
    let pointer: OpaquePointer

    /// A new context, initialised for SHA-256.
    init() {
        guard let made = EVP_MD_CTX_new() else { preconditionFailure("libcrypto could not allocate a digest context") }
        pointer = made
        restart()
    }

    /// A context holding a copy of `source`'s state.
    private init(copying source: OpaquePointer) {
        guard let made = EVP_MD_CTX_new() else { preconditionFailure("libcrypto could not allocate a digest context") }
        pointer = made
        precondition(EVP_MD_CTX_copy_ex(made, source) == 1, "libcrypto could not copy a SHA-256 context")
    }

    /// A copy of this context's state in a context of its own.
    func copy() -> DigestContext { DigestContext(copying: pointer) }

    /// Starts a new, empty message.
    func restart() {
        precondition(EVP_DigestInit_ex(pointer, EVP_sha256(), nil) == 1, "libcrypto has no SHA-256")
    }

    deinit { EVP_MD_CTX_free(pointer) }
}
