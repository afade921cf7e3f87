import Foundation

/// The redirect routes: `/redirect/<n>/<rest>`, `/loop/a` ⇄ `/loop/b`, `/redirect-to?url=`.
extension OriginServer {
    /// The `Location` for a redirect route, or `nil` when `head` is not one.
    func redirectLocation(for head: RequestHead) -> String? {
        let path = head.path
        let query = head.rawQuery.map { "?" + $0 } ?? ""
        if path.hasPrefix("/redirect/") {
            let rest = path.dropFirst("/redirect/".count)
            let parts = rest.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
            guard let hops = Int(parts[0]), hops >= 0 else { return nil }
            let remainder = parts.count == 2 ? String(parts[1]) : ""
            if hops > 1 { return "/redirect/\(hops - 1)/\(remainder)\(query)" }
            return "/\(remainder)\(query)"
        }
        switch path {
        case "/loop/a": return "/loop/b\(query)"
        case "/loop/b": return "/loop/a\(query)"
        case "/redirect-to":
            guard let url = head.query["url"], !url.isEmpty,
                !url.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7f })
            else { return nil }
            return url
        default: return nil
        }
    }
}
