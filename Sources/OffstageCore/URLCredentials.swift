import Foundation

/// Credentials in URLs: found, removed and masked so they never reach logs, the store or the screen.
public enum URLCredentials {
    /// The URL with any `user:password@` replaced by `***@`.
    public static func masked(_ url: String) -> String {
        guard let range = userInfoRange(in: url) else { return url }
        return url.replacingCharacters(in: range, with: "***")
    }

    /// The URL without its user information.
    public static func stripped(_ url: String) -> String {
        guard let range = userInfoRange(in: url) else { return url }
        var result = url
        result.removeSubrange(range.lowerBound...range.upperBound)  // includes the "@"
        return result
    }

    /// Whether the URL carries user information.
    public static func hasCredentials(_ url: String) -> Bool { userInfoRange(in: url) != nil }

    /// The user information and the origin (scheme, host, port) it belongs to, if any.
    public static func split(_ url: String) -> (userInfo: String, origin: String)? {
        guard let range = userInfoRange(in: url) else { return nil }
        return (String(url[range]), origin(of: stripped(url)) ?? "")
    }

    /// `scheme://host:port` with the default port made explicit, for same-origin checks.
    public static func origin(of url: String) -> String? {
        guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(),
            let host = parsed.host?.lowercased()
        else { return nil }
        let port = parsed.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)://\(host):\(port)"
    }

    /// The range of the user information (without the "@") in `scheme://userinfo@host…`.
    private static func userInfoRange(in url: String) -> Range<String.Index>? {
        // No "@" anywhere, no user information: the common case, answered without a string search (the
        // snapshot masks every task's URL at every publication).
        guard url.utf8.contains(UInt8(ascii: "@")) else { return nil }
        guard let schemeEnd = url.range(of: "://") else { return nil }
        let authorityStart = schemeEnd.upperBound
        let authorityEnd =
            url[authorityStart...].firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? url.endIndex
        guard let at = url[authorityStart..<authorityEnd].lastIndex(of: "@") else { return nil }
        return authorityStart..<at
    }
}
