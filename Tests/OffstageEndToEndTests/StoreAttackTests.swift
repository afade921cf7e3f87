import Foundation
import OffstageOrigin
import OffstageTestSupport
import Testing

/// The store's files taken away under a running engine (issue 17): the real binary notices before it commits again,
/// stops with one clear line, and after a kill -9 and a new start nothing is delivered twice.
struct StoreAttackTests {
    @Test(
        "the write-ahead log deleted under a running engine, then kill -9: nothing is delivered twice",
        arguments: [true, false])
    func walDeletedThenKilled(downloading: Bool) throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let folder = try TemporaryFolder("wal-deleted")
        let binary = try OffstageBinary(home: folder.path + "/home")
        let errors = folder.path + "/engine.err"
        let engine = try binary.startEngine(["run", "--quiet"], errors: errors)
        defer { if engine.isRunning { kill(engine.processIdentifier, SIGKILL) } }

        // Three small files delivered at once; while downloading, three slow ones (about 6 s each) are still running
        // when the log goes (their checkpoints commit), else the engine sits idle (it commits nothing).
        let fast = (1...3).map { (name: "w\($0).bin", seed: $0, size: 64 << 10) }
        let slow = downloading ? (4...6).map { (name: "w\($0).bin", seed: $0, size: 1 << 20) } : []
        for file in fast {
            let added = try binary.run(["add", origin.url("/gen/\(file.size)?seed=\(file.seed)"), "--name", file.name])
            #expect(added.status == 0, "\(added.stderr)")
        }
        for file in slow {
            let url = origin.url("/gen/\(file.size)?seed=\(file.seed)&rate=170000")
            let added = try binary.run(["add", url, "--name", file.name])
            #expect(added.status == 0, "\(added.stderr)")
        }
        let documents = folder.path + "/home/Documents"
        let delivered = Date().addingTimeInterval(30)
        while Set(folder.files(in: "home/Documents")).isSuperset(of: fast.map(\.name)) == false, Date() < delivered {
            usleep(20_000)
        }
        try #require(Set(folder.files(in: "home/Documents")).isSuperset(of: fast.map(\.name)))
        let log = folder.path + "/home/offstage.db-wal"
        #expect(try #require(FileManager.default.attributesOfItem(atPath: log)[.size] as? Int) > 0)

        #expect(unlink(log) == 0)
        // The engine notices before it commits again (its downloads checkpoint within seconds), or at its next look
        // while idle (every 2 s), and stops.
        let stopped = Date().addingTimeInterval(20)
        while engine.isRunning, Date() < stopped { usleep(20_000) }
        #expect(!engine.isRunning, "the engine went on writing to a log nobody else can see")
        kill(engine.processIdentifier, SIGKILL)
        engine.waitUntilExit()
        #expect(engine.terminationReason == .exit && engine.terminationStatus == 3)
        let message = String(decoding: FileManager.default.contents(atPath: errors) ?? Data(), as: UTF8.self)
        #expect(
            message
                == "offstage: \(log) (the store's write-ahead log) was removed while offstage had the store open: "
                + "everything committed before was saved into \(folder.path)/home/offstage.db; nothing more was "
                + "written (run offstage again to go on)\n")

        // Other commands work again at once, and a new engine finishes the rest.
        let list = try binary.run(["ls"])
        #expect(list.status == 0, "\(list.stderr)")
        let again = try binary.run(["run", "--until-idle", "--quiet"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(folder.files(in: "home/Documents") == (fast + slow).map(\.name), "each file delivered once")
        // The store kept everything: every task, completed (before, the whole store lived in the lost log).
        let tasks = try JSONSerialization.jsonObject(with: Data(try binary.run(["ls", "--json"]).stdout.utf8))
        let states = (tasks as? [[String: Any]])?.compactMap { $0["state"] as? String }
        #expect(states == Array(repeating: "completed", count: fast.count + slow.count))
        for file in fast + slow {
            let expected = GeneratedContent.sha256Hex(size: Int64(file.size), seed: UInt64(file.seed))
            #expect(try SHA256.hexDigest(ofFile: documents + "/" + file.name) == expected, "\(file.name)")
        }
    }

    @Test("a damaged store's error is one line without control bytes")
    func damagedStoreIsOneLine() throws {
        let folder = try TemporaryFolder("damaged-line")
        let binary = try OffstageBinary(home: folder.path + "/home")
        #expect(try binary.run(["run", "--until-idle", "--quiet"]).status == 0)
        let database = folder.path + "/home/offstage.db"
        // A crafted table: its name carries an escape sequence and a line break, and it breaks its own NOT NULL.
        let name = "t\u{1B}]0;owned\u{7}\nx"
        let sqlite = Process()
        sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        sqlite.arguments = [
            "python3", "-c",
            """
            import sqlite3, sys
            c = sqlite3.connect(sys.argv[1]); n = sys.argv[2]
            c.execute('CREATE TABLE "%s" (c TEXT)' % n); c.execute('INSERT INTO "%s" VALUES (NULL)' % n)
            c.execute('PRAGMA writable_schema = ON')
            c.execute("UPDATE sqlite_master SET sql = ? WHERE name = ?", ('CREATE TABLE "%s" (c TEXT NOT NULL)' % n, n))
            c.commit(); c.close()
            """,
            database, name,
        ]
        try sqlite.run()
        sqlite.waitUntilExit()
        try #require(sqlite.terminationStatus == 0)
        for command in [["ls"], ["run", "--until-idle"], ["add", "http://127.0.0.1:9/x"]] {
            let result = try binary.run(command)
            #expect(result.status == 3, "\(command)")
            let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == 2 && lines[1].isEmpty, "one line: \(result.stderr.debugDescription)")
            #expect(result.stderr.unicodeScalars.allSatisfy { $0 == "\n" || ($0.value >= 0x20 && $0.value != 0x7F) })
            #expect(result.stderr.contains("NULL value in t\\x1B]0;owned\\x07\\x0Ax.c"), "\(result.stderr)")
        }
    }
}
