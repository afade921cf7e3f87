import Foundation

/// The rules for following a redirect: a hop limit, loop detection, http and https only, never a downgrade.
public struct RedirectPolicy: Codable, Sendable, Equatable {
    /// The most redirects followed for one request.
    public var maxRedirects: Int

    /// A policy following at most `maxRedirects` hops (curl and browsers use about 20; default 10).
    public init(maxRedirects: Int = 10) {
        self.maxRedirects = maxRedirects
    }

    /// The outcome of considering one redirect.
    public enum Decision: Sendable, Equatable {
        /// Follow to this absolute URL.
        case follow(String)
        /// Refuse, for this reason; the task fails.
        case refuse(String)
    }

    /// Decides whether to follow `location`, seen in a response to `current`, after the URLs already `visited`.
    public func decide(location: String, current: String, visited: [String]) -> Decision {
        guard let base = URL(string: current), let target = URL(string: location, relativeTo: base)?.absoluteURL else {
            return .refuse("redirect to an unreadable location")
        }
        let scheme = target.scheme?.lowercased() ?? ""
        guard scheme == "http" || scheme == "https" else {
            return .refuse("redirect to a \(scheme.isEmpty ? "scheme-less" : scheme) URL refused: only http and https")
        }
        if base.scheme?.lowercased() == "https" && scheme == "http" {
            return .refuse("redirect from https to http refused")
        }
        let absolute = target.absoluteString
        if visited.contains(absolute) || absolute == current {
            return .refuse("redirect loop at \(URLCredentials.masked(absolute))")
        }
        if visited.count >= maxRedirects {
            return .refuse("too many redirects (more than \(maxRedirects))")
        }
        return .follow(absolute)
    }
}
