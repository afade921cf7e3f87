import Foundation

/// What a user asks for when adding a transfer: the input of `offstage add` and `offstage upload`.
public struct TransferSpec: Codable, Sendable, Equatable {
    /// Download or upload.
    public var kind: TransferKind
    /// The URL, without credentials.
    public var url: String
    /// GET, PUT or POST.
    public var method: String
    /// The session to join; created with defaults when it does not exist.
    public var session: String
    /// Apple's `taskDescription`.
    public var taskDescription: String?
    /// For downloads: the file name to deliver under (sanitised).
    public var name: String?
    /// For downloads: the folder to deliver into; the home's `Documents/` when nil.
    public var destinationDirectory: String?
    /// For uploads: the file to send.
    public var uploadPath: String?
    /// Forces the task to wait for Wi-Fi and power.
    public var discretionary: Bool
    /// Seconds from creation before the task may start (at most `maximumDelay`; the daemon clamps any more).
    public var beginAfter: Double?
    /// The longest `beginAfter` (10 years): the command line refuses more, and the daemon clamps a stored one.
    public static let maximumDelay: Double = 3_650 * 86_400
    /// Priority hint from 0 to 1.
    public var priority: Double
    /// A rate limit, a checksum, headers, compression (none by default).
    public var options: TransferOptions

    /// A download or upload request.
    public init(
        kind: TransferKind = .download, url: String, method: String? = nil,
        session: String = SessionConfiguration.defaultIdentifier, taskDescription: String? = nil, name: String? = nil,
        destinationDirectory: String? = nil, uploadPath: String? = nil, discretionary: Bool = false,
        beginAfter: Double? = nil, priority: Double = 0.5, options: TransferOptions = TransferOptions()
    ) {
        self.kind = kind
        self.url = url
        self.method = method ?? (kind == .download ? "GET" : "PUT")
        self.session = session
        self.taskDescription = taskDescription
        self.name = name
        self.destinationDirectory = destinationDirectory
        self.uploadPath = uploadPath
        self.discretionary = discretionary
        self.beginAfter = beginAfter
        self.priority = priority
        self.options = options
    }

    private enum CodingKeys: String, CodingKey {
        case kind, url, method, session, taskDescription, name, destinationDirectory, uploadPath, discretionary
        case beginAfter, priority, options
    }

    /// Decodes a spec; one left in the inbox by an older Offstage has no options.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        kind = try c.decode(TransferKind.self, forKey: .kind)
        url = try c.decode(String.self, forKey: .url)
        method = try c.decode(String.self, forKey: .method)
        session = try c.decode(String.self, forKey: .session)
        taskDescription = try c.decodeIfPresent(String.self, forKey: .taskDescription)
        name = try c.decodeIfPresent(String.self, forKey: .name)
        destinationDirectory = try c.decodeIfPresent(String.self, forKey: .destinationDirectory)
        uploadPath = try c.decodeIfPresent(String.self, forKey: .uploadPath)
        discretionary = try c.decode(Bool.self, forKey: .discretionary)
        beginAfter = try c.decodeIfPresent(Double.self, forKey: .beginAfter)
        priority = try c.decode(Double.self, forKey: .priority)
        options = try c.decode(.options, default: TransferOptions())
    }
}
