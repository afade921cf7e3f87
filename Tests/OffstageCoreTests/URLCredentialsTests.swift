import OffstageCore
import Testing

@Suite struct URLCredentialsTests {
    @Test(arguments: [
        ("https://user:pass@host.example/x", "https://***@host.example/x", "https://host.example/x"),
        ("http://user@host.example:8080/x", "http://***@host.example:8080/x", "http://host.example:8080/x"),
        ("https://us%40er:p%3Ass@host.example", "https://***@host.example", "https://host.example"),
        ("https://user:p@ss@host.example/x?q=1", "https://***@host.example/x?q=1", "https://host.example/x?q=1"),
    ])
    func credentialsAreMaskedAndStripped(url: String, masked: String, stripped: String) {
        #expect(URLCredentials.hasCredentials(url))
        #expect(URLCredentials.masked(url) == masked)
        #expect(URLCredentials.stripped(url) == stripped)
        for secret in ["pass", "p%3Ass", "p@ss"] where url.contains(secret) {
            #expect(!URLCredentials.masked(url).contains(secret))
            #expect(!URLCredentials.stripped(url).contains(secret))
        }
    }

    @Test(arguments: [
        "https://host.example/users/@me",
        "https://host.example/a@b/c",
        "https://host.example?mail=a@b.example",
        "https://host.example#x@y",
        "https://host.example/plain",
        "not a url @ all",
    ])
    func atSignOutsideTheAuthorityIsNotUserInfo(url: String) {
        #expect(!URLCredentials.hasCredentials(url))
        #expect(URLCredentials.masked(url) == url)
        #expect(URLCredentials.stripped(url) == url)
        #expect(URLCredentials.split(url) == nil)
    }

    @Test func splitNamesTheOriginTheCredentialsBelongTo() throws {
        let parts = try #require(URLCredentials.split("https://user:pass@Host.Example/x"))
        #expect(parts.userInfo == "user:pass")
        #expect(parts.origin == "https://host.example:443")
    }

    @Test(arguments: [
        ("https://Host.Example/x", "https://host.example:443"),
        ("HTTP://host.example/x", "http://host.example:80"),
        ("http://host.example:8080/x", "http://host.example:8080"),
        ("https://host.example:443/", "https://host.example:443"),
        ("https://user:pass@host.example/", "https://host.example:443"),
    ])
    func originMakesTheDefaultPortExplicit(url: String, origin: String) {
        #expect(URLCredentials.origin(of: url) == origin)
    }

    @Test(arguments: ["", "relative/path", "mailto:someone@example.com"])
    func originOfAURLWithoutAHostIsNil(url: String) {
        #expect(URLCredentials.origin(of: url) == nil)
    }
}
