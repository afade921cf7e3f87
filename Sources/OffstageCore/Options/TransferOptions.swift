import Foundation

/// What a user asked of one transfer beyond its URL: a rate limit, a checksum, request headers, compression.
public struct TransferOptions: Codable, Sendable, Equatable {
    /// The transfer's own limit in bytes a second (`--limit-rate`); nil: none (the engine's may still apply).
    public var rateLimit: Int64?
    /// The digest the download must have before it is delivered (`--checksum`).
    public var checksum: Checksum?
    /// Headers sent with every request of the task, redirects included (never credentials).
    public var headers: [RequestHeader]
    /// The names of credential headers (`Authorization`, `Cookie`, `Proxy-Authorization`) whose values the process
    /// that added the task holds in memory only (`get -H`): never stored, sent to the task's own origin only.
    public var credentialHeaders: [String]
    /// Ask for the encodings libcurl can decode and deliver the decoded bytes (`--compressed`).
    public var compressed: Bool

    /// Options; none by default.
    public init(
        rateLimit: Int64? = nil, checksum: Checksum? = nil, headers: [RequestHeader] = [],
        credentialHeaders: [String] = [], compressed: Bool = false
    ) {
        self.rateLimit = rateLimit
        self.checksum = checksum
        self.headers = headers
        self.credentialHeaders = credentialHeaders
        self.compressed = compressed
    }

    /// Whether nothing was asked for.
    public var isEmpty: Bool { self == TransferOptions() }

    /// Why these options cannot be used (a limit out of range, a bad digest, a bad or credential header), or nil.
    /// The daemon asks this of every `add`, from whatever process it came.
    public var problem: String? {
        if let rateLimit, !(RateLimit.minimum...RateLimit.maximum).contains(rateLimit) {
            return "a rate limit is from 1k (1024 bytes a second) to 1t"
        }
        if let checksum, let problem = Checksum.problem(hex: checksum.hex, algorithm: checksum.algorithm) {
            return "checksum: \(problem)"
        }
        if let header = headers.first(where: \.isCredential) {
            return "\(header.name) is a credential and is never stored"
        }
        if let problem = RequestHeader.problem(in: headers) { return problem }
        if let name = credentialHeaders.first(where: { !RequestHeader.isCredential($0) }) {
            return "\(TransferDaemon.printable(name)) is not a credential header"
        }
        return nil
    }

    /// The headers as views show them: each one, credentials masked (`Authorization: ***`).
    public var maskedHeaders: [String] {
        headers.map(\.masked) + credentialHeaders.map { "\($0): *** (held in memory by the command that added it)" }
    }

    private enum CodingKeys: String, CodingKey {
        case rateLimit, checksum, headers, credentialHeaders, compressed
    }

    /// Decodes what is there; a missing key takes its default (options written by an older Offstage).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        rateLimit = try c.decodeIfPresent(Int64.self, forKey: .rateLimit)
        checksum = try c.decodeIfPresent(Checksum.self, forKey: .checksum)
        headers = try c.decode(.headers, default: [])
        credentialHeaders = try c.decode(.credentialHeaders, default: [])
        compressed = try c.decode(.compressed, default: false)
    }
}

/// Settings of the transfer engine as a whole, kept across restarts.
public struct TransferSettings: Codable, Sendable, Equatable {
    /// The engine-wide limit in bytes a second, shared by every running request (`offstage limit`); nil: none.
    public var rateLimit: Int64?

    /// Settings; none by default.
    public init(rateLimit: Int64? = nil) {
        self.rateLimit = rateLimit
    }
}
