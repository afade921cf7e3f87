import Foundation
import OffstageCore

/// `user:password` for one origin. The engine sends them only while a request's URL has that origin.
public struct OriginCredentials: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    /// `user:password`, as in a URL's user information (percent-decoding is the caller's job).
    public var userInfo: String
    /// `scheme://host:port`, as `URLCredentials.origin(of:)` computes it.
    public var origin: String

    /// Credentials for an origin given as `scheme://host:port` (or any URL of that origin).
    public init(userInfo: String, origin: String) {
        self.userInfo = userInfo
        self.origin = URLCredentials.origin(of: origin) ?? origin
    }

    /// The credentials embedded in `url` (`scheme://user:password@host/…`), bound to that URL's origin.
    public init?(url: String) {
        guard let split = URLCredentials.split(url), !split.origin.isEmpty else { return nil }
        self.init(userInfo: split.userInfo, origin: split.origin)
    }

    /// Whether these credentials may be sent with a request for `url`.
    public func apply(to url: String) -> Bool {
        URLCredentials.origin(of: URLCredentials.stripped(url)) == origin
    }

    /// Masked: `***@origin`, so printing credentials never reveals them.
    public var description: String { "***@\(origin)" }
    /// Masked like `description`.
    public var debugDescription: String { description }

    /// Removes the user information and password from `text`, for reasons that leave the engine.
    func scrub(_ text: String) -> String {
        var result = text
        let password = userInfo.split(separator: ":", maxSplits: 1).dropFirst().first.map(String.init)
        for secret in [userInfo, password].compactMap({ $0 }) where secret.count >= 1 {
            result = result.replacingOccurrences(of: secret, with: "***")
        }
        return result
    }
}
