import Foundation
import OffstageCore
import OffstageOrigin
import OffstageStore
import OffstageTestSupport
import Testing

/// `add --input-file FILE` (aria2's `-i`): one download per URL, blank lines and `#` comments skipped, all or none.
@Suite struct AddListTests {
    /// The tasks `ls --json` lists: id, URL and state.
    static func listed(_ binary: OffstageBinary) throws -> [(id: Int, url: String, state: String)] {
        let result = try binary.run(["ls", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        return rows.map { ($0["id"] as? Int ?? 0, $0["url"] as? String ?? "", $0["state"] as? String ?? "") }
    }

    @Test func everyURLOfTheListBecomesATaskWithTheOptionsGiven() throws {
        let folder = try TemporaryFolder("add-list")
        let binary = try OffstageBinary(home: folder.path + "/home")
        #expect(try binary.run(["add", "http://127.0.0.1:9/first"]).status == 0)
        let list = folder.path + "/list.txt"
        let text =
            "# mirrors of the nightly\r\n\r\n  http://127.0.0.1:9/a.iso  \r\n\t# indented comment\n"
            + "http://127.0.0.2:9/b.iso\nhttps://127.0.0.3:9/c.iso"
        try text.write(toFile: list, atomically: true, encoding: .utf8)
        let result = try binary.run(["add", "-i", list, "--priority", "0.9", "--description", "nightly"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "added 3 downloads from \(list): tasks 2 to 4\n")
        let tasks = try Self.listed(binary)
        #expect(tasks.map(\.id) == [1, 2, 3, 4])
        #expect(
            tasks.map(\.url) == [
                "http://127.0.0.1:9/first", "http://127.0.0.1:9/a.iso", "http://127.0.0.2:9/b.iso",
                "https://127.0.0.3:9/c.iso",
            ])
        let store = try Store.open(home: OffstageHome(path: folder.path + "/home"), readOnly: true)
        let stored = try store.loadTasks()
        #expect(stored.dropFirst().allSatisfy { $0.priority == 0.9 && $0.taskDescription == "nightly" })
        #expect(stored.map(\.taskIdentifier) == [1, 2, 3, 4])
        let added = try store.latestEvents(limit: 10).map(\.entry).filter { $0.kind == .taskAdded }
        #expect(added.last?.subject == "tasks 2 to 4")
        #expect(added.last?.reason == "3 downloads from \(list) in \(SessionConfiguration.defaultIdentifier)")
    }

    @Test(arguments: [
        ("http://127.0.0.1:9/a\n\nnot-a-url\n", "LIST:3: not a URL: not-a-url"),
        ("http://127.0.0.1:9/a\n# c\nftp://127.0.0.1/b\n", "LIST:3: only http and https URLs are supported, not ftp"),
        ("http://127.0.0.1:9/a\thttp://127.0.0.2:9/a\n", "LIST:1: one URL per line, but this line has more than one"),
        // Unicode white space: trimmed around a URL (line 1), refused inside one (line 2).
        ("\u{00A0}http://127.0.0.1:9/a\u{00A0}\nhttp://127.0.0.1:9/a\u{2003}b\n", "LIST:2: one URL per line, but"),
        ("http://127.0.0.1:9/a\nhttp://u:pw@127.0.0.1:9/b\n", "LIST:2: credentials in URLs are never stored"),
        ("http://127.0.0.1:0/a\n", "LIST:1: the URL's port must be from 1 to 65535, not 0"),
        ("# nothing\n\n", "LIST: no URLs in it (only blank lines and comments)"),
    ])
    func aBadLineRefusesTheWholeListNamingItsLine(text: String, message: String) throws {
        let folder = try TemporaryFolder("add-list-bad")
        let home = folder.path + "/home"
        let binary = try OffstageBinary(home: home)
        let list = folder.path + "/list.txt"
        try text.write(toFile: list, atomically: true, encoding: .utf8)
        let result = try binary.run(["add", "--input-file", list])
        #expect(result.status == 2, "\(result.stderr)")
        let expected = "offstage: " + message.replacingOccurrences(of: "LIST", with: list)
        #expect(result.stderr.hasPrefix(expected), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(!result.stderr.contains("pw@"))
        #expect(try Self.listed(binary).isEmpty)
        if FileManager.default.fileExists(atPath: OffstageHome(path: home).databasePath) {
            let store = try Store.open(home: OffstageHome(path: home), readOnly: true)
            #expect(try store.pendingCommands().isEmpty)
        }
    }

    @Test func standardInputIsAListAndAURLBesideTheListIsRefused() throws {
        let folder = try TemporaryFolder("add-list-stdin")
        let binary = try OffstageBinary(home: folder.path + "/home")
        let both = try binary.run(["add", "http://127.0.0.1:9/x", "-i", "-"], input: "http://127.0.0.1:9/y\n")
        #expect(both.status == 2)
        #expect(both.stderr == "offstage: give a URL or --input-file, not both (found http://127.0.0.1:9/x)\n")
        let named = try binary.run(["add", "-i", "-", "--name", "x.bin"], input: "http://127.0.0.1:9/y\n")
        #expect(named.status == 2 && named.stderr.contains("--name names one file"))
        let bad = try binary.run(["add", "-i", "-"], input: "http://127.0.0.1:9/y\nhttp://\n")
        #expect(bad.stderr.hasPrefix("offstage: (standard input):2: "), "\(bad.stderr)")
        let piped = try binary.run(["add", "-i", "-"], input: "http://127.0.0.1:9/y\n")
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout == "added 1 download from (standard input): task 1\n")
        #expect(try Self.listed(binary).map(\.url) == ["http://127.0.0.1:9/y"])
    }

    @Test func theListedFilesAreDeliveredIntact() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let folder = try TemporaryFolder("add-list-run")
        let binary = try OffstageBinary(home: folder.path + "/home")
        let out = folder.path + "/out"
        let urls = (1...12).map { origin.url("/gen/\($0 * 40)k?seed=\($0)&filename=f\($0).bin") }
        try urls.joined(separator: "\n").write(toFile: folder.path + "/list", atomically: true, encoding: .utf8)
        let added = try binary.run(["add", "-i", folder.path + "/list", "--dir", out, "--create-dirs"])
        #expect(added.status == 0, "\(added.stderr)")
        let run = try binary.run(["run", "--until-idle", "--quiet"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Self.listed(binary).allSatisfy { $0.state == "completed" })
        for index in 1...12 {
            let data = try Data(contentsOf: URL(fileURLWithPath: "\(out)/f\(index).bin"))
            #expect(Array(data) == GeneratedContent.bytes(0..<Int64(index * 40 * 1024), seed: UInt64(index)))
        }
    }
}
