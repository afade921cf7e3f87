import Foundation

/// One request as the origin saw it, for tests to assert on.
public struct OriginRequestRecord: Sendable, Equatable, CustomStringConvertible {
    /// The request method, e.g. `GET`.
    public var method: String
    /// The request target as sent: path plus query string.
    public var target: String
    /// The `Range` header, if any.
    public var range: String?
    /// The `If-Range` header, if any.
    public var ifRange: String?
    /// The status code sent (the final one; a `100 Continue` is not recorded).
    public var status: Int
    /// Every request header as received, `Name: value` in order (names as sent).
    public var headerLines: [String]

    /// Creates a record.
    public init(
        method: String, target: String, range: String?, ifRange: String?, status: Int,
        headers: [(String, String)] = []
    ) {
        self.method = method
        self.target = target
        self.range = range
        self.ifRange = ifRange
        self.status = status
        self.headerLines = headers.map { "\($0.0): \($0.1)" }
    }

    /// The first value of the request header `name` (case-insensitive), as received.
    public func header(_ name: String) -> String? {
        let prefix = name.lowercased() + ":"
        return headerLines.first { $0.lowercased().hasPrefix(prefix) }.map {
            String($0.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces)
        }
    }

    /// Path without the query string.
    public var path: String {
        target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? target
    }

    /// A one-line summary such as `GET /gen/1m range=bytes=0- -> 206`.
    public var description: String {
        var line = "\(method) \(target)"
        if let range { line += " range=\(range)" }
        if let ifRange { line += " if-range=\(ifRange)" }
        return line + " -> \(status)"
    }
}

/// A bounded log of the most recent requests.
struct RequestLog {
    static let capacity = 10_000
    private var records: [OriginRequestRecord] = []

    mutating func append(_ record: OriginRequestRecord) {
        records.append(record)
        if records.count >= Self.capacity + Self.capacity / 5 {
            records.removeFirst(records.count - Self.capacity)
        }
    }

    var recent: [OriginRequestRecord] {
        Array(records.suffix(Self.capacity))
    }
}
