import Foundation

/// A digest algorithm a download can be verified with (through libcrypto).
public enum ChecksumAlgorithm: String, Codable, Sendable, CaseIterable {
    /// SHA-256.
    case sha256 = "sha-256"
    /// SHA-512.
    case sha512 = "sha-512"
    /// SHA-1 (weak: it only catches accidents).
    case sha1 = "sha-1"
    /// MD5 (weak: it only catches accidents).
    case md5

    /// How many hexadecimal digits its digest has.
    public var hexLength: Int {
        switch self {
        case .sha256: 64
        case .sha512: 128
        case .sha1: 40
        case .md5: 32
        }
    }

    /// The algorithm a user named: `sha-256`, `sha256`, `SHA-256`, `md5`; nil for anything else.
    public init?(named name: String) {
        let key = name.lowercased()
        if let exact = Self(rawValue: key) {
            self = exact
            return
        }
        guard let match = Self.allCases.first(where: { $0.rawValue.replacingOccurrences(of: "-", with: "") == key })
        else { return nil }
        self = match
    }
}

/// The digest a download must have before it is delivered: `--checksum ALGO=HEX`.
public struct Checksum: Codable, Sendable, Equatable {
    /// The algorithm.
    public var algorithm: ChecksumAlgorithm
    /// The expected digest, lowercase hexadecimal.
    public var hex: String

    /// A checksum (the digest is lowercased).
    public init(algorithm: ChecksumAlgorithm, hex: String) {
        self.algorithm = algorithm
        self.hex = hex.lowercased()
    }

    /// `sha-256=9f86…`.
    public var description: String { "\(algorithm.rawValue)=\(hex)" }

    /// Parses `ALGO=HEX` (aria2's and curl's spelling), or says in one line why it cannot be used.
    public static func parse(_ text: String) -> Result<Checksum, OptionRefusal> {
        let names = ChecksumAlgorithm.allCases.map(\.rawValue).joined(separator: ", ")
        guard let equals = text.firstIndex(of: "=") else {
            return .failure(OptionRefusal("--checksum takes ALGO=HEX, such as sha-256=<64 hex digits> (\(names))"))
        }
        let name = String(text[..<equals])
        let hex = String(text[text.index(after: equals)...])
        guard let algorithm = ChecksumAlgorithm(named: name) else {
            return .failure(
                OptionRefusal("--checksum: unknown algorithm '\(TransferDaemon.printable(name))' (\(names))"))
        }
        guard let problem = problem(hex: hex, algorithm: algorithm) else {
            return .success(Checksum(algorithm: algorithm, hex: hex))
        }
        return .failure(OptionRefusal("--checksum: \(problem)"))
    }

    /// Why a stored or typed digest cannot be used with `algorithm`, or nil.
    public static func problem(hex: String, algorithm: ChecksumAlgorithm) -> String? {
        guard hex.utf8.allSatisfy({ isHexDigit($0) }) else {
            return "a \(algorithm.rawValue) digest is written in hexadecimal digits (0-9, a-f)"
        }
        guard hex.utf8.count == algorithm.hexLength else {
            return "a \(algorithm.rawValue) digest has \(algorithm.hexLength) hexadecimal digits, not \(hex.utf8.count)"
        }
        return nil
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (48...57).contains(byte) || (97...102).contains(byte) || (65...70).contains(byte)
    }
}

/// Where a download's checksum check is.
public enum ChecksumState: String, Codable, Sendable {
    /// The body is complete; its digest is being computed before delivery.
    case verifying
    /// The digest matched; delivery may proceed.
    case verified
    /// The digest did not match; nothing was delivered and the partial file was removed.
    case mismatch
}
