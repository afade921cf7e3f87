/// What a user asked of a transfer beyond its URL and what came of it, as views show it (nil on a transfer that
/// asked nothing and got no encoding): its limit, its checksum and where the check is, its headers with credentials
/// masked, and the encoding of its body.
public struct TransferExtras: Codable, Sendable, Equatable {
    /// Its own limit in bytes a second (nil: none of its own).
    public var rateLimit: Int64?
    /// The rate its running request has now, its own limit or its share of the engine's (nil: unlimited or idle).
    public var appliedRate: Int64?
    /// The checksum it must have, `sha-256=…` (nil: none asked for).
    public var checksum: String?
    /// Where the check is (nil: not yet, the body is not complete).
    public var checksumState: ChecksumState?
    /// Its request headers, `Name: value`, credentials as `Name: ***`.
    public var headers: [String]
    /// Whether it asked for compressed encodings and gets the decoded bytes (`--compressed`).
    public var compressed: Bool
    /// The `Content-Encoding` its body came with (`gzip`): decoded with `compressed`, else delivered as sent.
    public var contentEncoding: String?

    /// Extras as given (samples and tests).
    public init(
        rateLimit: Int64? = nil, appliedRate: Int64? = nil, checksum: String? = nil,
        checksumState: ChecksumState? = nil, headers: [String] = [], compressed: Bool = false,
        contentEncoding: String? = nil
    ) {
        self.rateLimit = rateLimit
        self.appliedRate = appliedRate
        self.checksum = checksum
        self.checksumState = checksumState
        self.headers = headers
        self.compressed = compressed
        self.contentEncoding = contentEncoding
    }

    /// The extras of a task; nil when there is nothing to show.
    public init?(_ task: TransferTask, appliedRate: Int64?) {
        let options = task.options
        guard !options.isEmpty || task.contentEncoding != nil || appliedRate != nil else { return nil }
        rateLimit = options.rateLimit
        self.appliedRate = appliedRate
        checksum = options.checksum?.description
        checksumState = task.checksumState
        headers = options.maskedHeaders
        compressed = options.compressed
        contentEncoding = task.contentEncoding
    }

    /// `gzip-encoded` when the body came encoded and was not decoded (delivered as the server sent it); nil otherwise.
    public var encodedNote: String? {
        guard let contentEncoding, !compressed else { return nil }
        return "\(contentEncoding)-encoded"
    }
}
