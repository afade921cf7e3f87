import OffstageCore
import Testing

@Suite struct RedirectPolicyTests {
    let policy = RedirectPolicy()

    struct Row: Sendable, CustomTestStringConvertible {
        let location: String
        let current: String
        let follow: String?
        let refusalContains: String?
        var testDescription: String { "\(location) from \(current)" }
    }

    static let followed: [Row] = [
        Row(location: "/b", current: "https://a.example/x/y", follow: "https://a.example/b", refusalContains: nil),
        Row(location: "c", current: "https://a.example/x/y", follow: "https://a.example/x/c", refusalContains: nil),
        Row(
            location: "../up", current: "http://a.example/x/y/z", follow: "http://a.example/x/up", refusalContains: nil),
        Row(
            location: "?page=2", current: "https://a.example/list", follow: "https://a.example/list?page=2",
            refusalContains: nil),
        Row(
            location: "//cdn.example/f", current: "https://a.example/x", follow: "https://cdn.example/f",
            refusalContains: nil),
        Row(
            location: "https://b.example/f", current: "https://a.example/x", follow: "https://b.example/f",
            refusalContains: nil),
        Row(
            location: "https://b.example/f", current: "http://a.example/x", follow: "https://b.example/f",
            refusalContains: nil),
        Row(
            location: "http://b.example/f", current: "http://a.example/x", follow: "http://b.example/f",
            refusalContains: nil),
        Row(
            location: "HTTPS://b.example/f", current: "http://a.example/x", follow: "HTTPS://b.example/f",
            refusalContains: nil),
    ]

    static let refused: [Row] = [
        Row(
            location: "http://a.example/x", current: "https://a.example/x", follow: nil,
            refusalContains: "https to http"),
        Row(
            location: "HTTP://b.example/", current: "https://a.example/x", follow: nil, refusalContains: "https to http"
        ),
        Row(location: "ftp://a.example/f", current: "https://a.example/x", follow: nil, refusalContains: "ftp"),
        Row(location: "file:///etc/passwd", current: "http://a.example/x", follow: nil, refusalContains: "file"),
        Row(
            location: "javascript:alert(1)", current: "https://a.example/x", follow: nil, refusalContains: "javascript"),
        Row(location: "data:text/plain,hi", current: "https://a.example/x", follow: nil, refusalContains: "only http"),
        Row(location: "/x", current: "https://a.example/x", follow: nil, refusalContains: "loop"),
    ]

    @Test(arguments: followed)
    func redirectIsFollowedToAnAbsoluteURL(_ row: Row) {
        #expect(policy.decide(location: row.location, current: row.current, visited: []) == .follow(row.follow ?? ""))
    }

    @Test(arguments: refused)
    func redirectIsRefused(_ row: Row) {
        let decision = policy.decide(location: row.location, current: row.current, visited: [])
        guard case .refuse(let reason) = decision else {
            Issue.record("expected a refusal, got \(decision)")
            return
        }
        #expect(reason.contains(row.refusalContains ?? ""), "reason: \(reason)")
    }

    @Test func redirectBackToAVisitedURLIsALoop() {
        let decision = policy.decide(
            location: "https://a.example/start", current: "https://a.example/hop",
            visited: ["https://a.example/start"])
        guard case .refuse(let reason) = decision else {
            Issue.record("expected a loop refusal, got \(decision)")
            return
        }
        #expect(reason.contains("loop"))
    }

    @Test func loopReasonMasksCredentials() {
        let url = "https://user:secret@a.example/start"
        let decision = policy.decide(location: url, current: "https://a.example/hop", visited: [url])
        guard case .refuse(let reason) = decision else {
            Issue.record("expected a loop refusal, got \(decision)")
            return
        }
        #expect(!reason.contains("secret"))
    }

    @Test func theLimitAllowsExactlyMaxRedirectsHops() {
        let limited = RedirectPolicy(maxRedirects: 3)
        let visited = (0..<3).map { "https://a.example/\($0)" }
        #expect(
            limited.decide(location: "/next", current: "https://a.example/2b", visited: Array(visited.prefix(2)))
                == .follow("https://a.example/next"))
        let decision = limited.decide(location: "/next", current: "https://a.example/3", visited: visited)
        guard case .refuse(let reason) = decision else {
            Issue.record("expected a limit refusal, got \(decision)")
            return
        }
        #expect(reason.contains("too many redirects"))
    }

    @Test func defaultLimitIsTen() {
        #expect(policy.maxRedirects == 10)
        let nine = (0..<9).map { "https://a.example/\($0)" }
        #expect(
            policy.decide(location: "/z", current: "https://a.example/9", visited: nine)
                == .follow("https://a.example/z"))
        let ten = (0..<10).map { "https://a.example/\($0)" }
        #expect(
            policy.decide(location: "/z", current: "https://a.example/10", visited: ten)
                != .follow("https://a.example/z"))
    }
}
