import OffstageHTTP
import Testing

@Suite struct NetrcTests {
    static let text = """
        # a comment-like word is just a word to netrc, so none here
        machine example.com login alice password "p@ss word"
        macdef init
        cd /pub
        machine evil.example login mallory password nope

        machine Other.Example
            login bob
            password b0b
        default login anonymous password guest
        """

    @Test(
        arguments: [
            ("example.com", "alice", "p@ss word"),
            ("other.example", "bob", "b0b"),
            ("evil.example", "anonymous", "guest"),  // inside the macro, so not an entry
            ("unknown.test", "anonymous", "guest"),
        ] as [(String, String, String)])
    func entriesAreFoundByHost(host: String, login: String, password: String) throws {
        let entry = try #require(Netrc.lookup(host: host, in: Self.text))
        #expect(entry.login == login && entry.password == password)
    }

    @Test func noEntryAndNoDefaultIsNil() {
        #expect(Netrc.lookup(host: "x.test", in: "machine y.test login a password b") == nil)
        #expect(Netrc.lookup(host: "x.test", in: "") == nil)
    }
}
