import Foundation
import OffstageCore
import OffstageTestSupport
import OffstageUI
import Testing

/// `get`'s meter, `ls`, `pending --decisions` and `events` as curl, wget and aria2 users expect them.
@Suite(.serialized)
struct CommandLineViewTests {
    @Test func getOffATerminalPrintsPlainLinesAndAFinalLine() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let folder = try TemporaryHome(prefix: "offstage-e2e-views-get-plain")
        let binary = try OffstageBinary(home: folder.base + "/home")
        let result = try binary.run(["get", origin.url("/gen/3m?rate=2000000"), "-o", folder.base + "/one.bin"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == folder.base + "/one.bin\n")
        #expect(!result.stderr.contains("\r") && !result.stderr.contains("\u{1B}"), "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        // About a line a second for a transfer of about 1.5 s, and the final one: never one per snapshot.
        #expect(lines.count >= 2 && lines.count <= 8, "\(lines)")
        // 3 MiB: 3.1 MB in decimal units.
        #expect(lines.last?.hasPrefix("one.bin  100% 3.1 MB in ") == true, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("one.bin running ") }, "\(lines)")
        #expect(lines.dropLast().allSatisfy { $0.hasPrefix("one.bin ") }, "\(lines)")
        // `-s` is silent.
        let silent = try binary.run(["get", origin.url("/gen/4k"), "-s", "-o", folder.base + "/two.bin"])
        #expect(silent.status == 0 && silent.stderr.isEmpty, "\(silent.stderr)")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1) for a pty"))
    func getOnATerminalRedrawsOneLineInPlaceWithinTheWidth() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let folder = try TemporaryHome(prefix: "offstage-e2e-views-get-tty")
        let binary = try OffstageBinary(home: folder.base + "/home")
        // script(1) gives the command a terminal of no size: the meter falls back to $COLUMNS.
        let command = "'\(binary.path)' get '\(origin.url("/gen/2m?rate=2000000"))' -o '\(folder.base)/t.bin'"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", command, "/dev/null"]
        var environment = ProcessInfo.processInfo.environment
        environment["OFFSTAGE_HOME"] = binary.home
        environment["COLUMNS"] = "60"
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\r") && text.contains("\u{1B}[K"), "\(text.debugDescription)")
        let draws = text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\r")
            .flatMap { $0.split(separator: "\n") }.map { $0.replacingOccurrences(of: "\u{1B}[K", with: "") }
        #expect(draws.count >= 3, "\(draws)")
        for draw in draws where !draw.hasPrefix("/") {
            #expect(DisplayWidth.of(draw) <= 59, "\(draw)")
        }
        #expect(draws.contains { $0.hasPrefix("t.bin") && $0.contains("[") && $0.contains("%") }, "\(draws)")
        #expect(draws.contains { $0.hasPrefix("t.bin  100% 2.1 MB in ") }, "\(draws)")
    }

    @Test func lsSaysWhyATaskWaitsInWordsAndKeepsTheSessionWhole() throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-views-ls")
        let binary = try OffstageBinary(home: folder.base + "/home")
        #expect(try binary.run(["add", "http://127.0.0.1:9/file.bin", "--begin-after", "30s"]).status == 0)
        let session = "com.example.a-rather-long-session-identifier.background"
        #expect(
            try binary.run(["add", "http://127.0.0.1:9/other.bin", "--session", session, "--description", "photo-1"])
                .status == 0)
        let table = try binary.run(["ls"])
        #expect(table.status == 0, "\(table.stderr)")
        let lines = table.stdout.split(separator: "\n").map(String.init)
        #expect(lines[1].contains("file.bin") && lines[1].contains("earliest begin in 30 s"), "\(table.stdout)")
        #expect(lines[2].contains(session) && lines[2].contains("other.bin [photo-1]"), "\(table.stdout)")
        #expect(!table.stdout.contains("null") && !table.stdout.contains("error"), "\(table.stdout)")
        #expect(lines[1].contains("0 B"), "\(table.stdout)")
    }

    @Test func pendingDecisionsFollowsEachRequest() throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-views-pending")
        let binary = try OffstageBinary(home: folder.base + "/home")
        #expect(try binary.run(["schedule", "refresh", "com.example.refresh", "--earliest", "2h"]).status == 0)
        let plain = try binary.run(["pending"])
        let decided = try binary.run(["pending", "--decisions", "3"])
        #expect(decided.status == 0, "\(decided.stderr)")
        let lines = decided.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("com.example.refresh") == true, "\(decided.stdout)")
        // Under the request: its decisions, or that there are none yet, indented.
        #expect(lines.count >= 2 && lines[1].hasPrefix("    "), "\(decided.stdout)")
        #expect(plain.stdout.split(separator: "\n").count == 1, "\(plain.stdout)")
        #expect(try binary.run(["pending", "--decisions", "0"]).status == 2)
    }
}
