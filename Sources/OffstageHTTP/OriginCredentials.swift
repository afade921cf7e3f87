import Foundation
import OffstageCore

/// `user:password` for one origin. The engine sends them only while a request's URL has that origin.
public struct OriginCredentials: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    /// `user:password`, as in a URL's user information: percent-encoded (`p%40ss` is sent as `p@ss`).
    public var userInfo: String
    /// `scheme://host:port`, as `URLCredentials.origin(of:)` computes it.
    public var origin: String
    /// Credential headers (`Authorization`, `Cookie`, `Proxy-Authorization`) sent to this origin only; with an empty
    /// `userInfo`, no user name or password is sent.
    public var headers: [RequestHeader] = []

    /// Credentials for an origin given as `scheme://host:port` (or any URL of that origin).
    public init(userInfo: String, origin: String) {
        self.userInfo = userInfo
        self.origin = URLCredentials.origin(of: origin) ?? origin
    }

    /// Credentials from a plain (not percent-encoded) user name and password, such as `.netrc` holds.
    public init(user: String, password: String, origin: String) {
        var allowed = CharacterSet.urlUserAllowed
        allowed.remove(charactersIn: ":%@")
        let encode = { (text: String) in text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text }
        self.init(userInfo: encode(user) + ":" + encode(password), origin: origin)
    }

    /// The user name to send: the user information before its first `:`, percent-decoded.
    public var user: String { Self.decoded(String(userInfo.prefix(while: { $0 != ":" }))) }
    /// The password to send: the user information after its first `:`, percent-decoded; nil when there is no `:`.
    public var password: String? {
        guard let colon = userInfo.firstIndex(of: ":") else { return nil }
        return Self.decoded(String(userInfo[userInfo.index(after: colon)...]))
    }

    /// Percent-decoded text; the text itself when it holds a malformed escape.
    private static func decoded(_ text: String) -> String { text.removingPercentEncoding ?? text }

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

    /// Credential headers only, for an origin given as `scheme://host:port` (or any URL of that origin).
    public init(headers: [RequestHeader], origin: String) {
        self.init(userInfo: "", origin: origin)
        self.headers = headers
    }

    /// Whether a user name and password are sent (not only headers).
    public var hasUser: Bool { !userInfo.isEmpty }

    /// Removes the user information, password and credential header values from `text`, for reasons that leave the
    /// engine.
    func scrub(_ text: String) -> String {
        var result = text
        let raw = userInfo.split(separator: ":", maxSplits: 1).dropFirst().first.map(String.init)
        let values = headers.map(\.value)
        for secret in [userInfo, raw, hasUser ? password : nil].compactMap({ $0 }) + values where secret.count >= 1 {
            result = result.replacingOccurrences(of: secret, with: "***")
        }
        return result
    }
}
