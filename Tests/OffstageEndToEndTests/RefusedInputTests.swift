import Foundation
import OffstageCore
import OffstageStore
import OffstageTestSupport
import Testing

/// A command refused for bad arguments exits 2 and changes nothing: no task, no inbox command, no file.
@Suite struct RefusedInputTests {
    static let url = "http://127.0.0.1:9/file.bin"

    @Test(arguments: [
        ["add", url, "--begin-after", "1e308"], ["add", url, "--begin-after", "0x1p1023"],
        ["add", url, "--begin-after", "99999999999999999999d"], ["add", url, "--begin-after", "3651d"],
        ["add", url, "--begin-after", "inf"], ["add", url, "--begin-after", "nan"],
        ["add", url, "--begin-after", "-0"],
        ["add", url, "--begin-after", "-5s"], ["add", url, "--begin-after", " 5"], ["add", url, "--begin-after", "٣s"],
        ["add", url, "--priority", "nan"], ["add", url, "--priority", "1e308"], ["add", url, "--priority", "2"],
        ["add", url, "--priority", "-0.5"], ["add", "http://127.0.0.1:99999999999999999999/x"],
        ["add", "http://127.0.0.1:0/x"], ["add", "http://127.0.0.1:65536/x"],
        ["schedule", "refresh", "com.example.refresh", "--earliest", "1e308"],
        ["schedule", "refresh", "com.example.refresh", "--earliest", "99999999999999999999d"],
        ["session", "com.example.s", "--timeout-request", "1e308"],
        ["session", "com.example.s", "--timeout-resource", "0x1p1023"],
        ["session", "com.example.s", "--max-connections", "-1"],
        ["session", "com.example.s", "--max-connections", "99999999999999999999"],
        ["get", url, "--retry", "-1", "-o", "F"], ["get", url, "--retry", "101", "-o", "F"],
        ["get", url, "--retry", "1e3", "-o", "F"], ["get", url, "--retry", "+1", "-o", "F"],
        ["device", "battery", "1e308"], ["events", "--limit", "99999999999999999999"],
    ])
    func aRefusedCommandExitsTwoAndStoresNothing(arguments: [String]) throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-refused-input")
        let home = folder.base + "/home"
        let binary = try OffstageBinary(home: home)
        let output = folder.base + "/F"
        let result = try binary.run(arguments.map { $0 == "F" ? output : $0 })
        #expect(result.status == 2, "stderr: \(result.stderr)")
        #expect(result.stderr.hasPrefix("offstage: ") && result.stderr.filter { $0 == "\n" }.count == 1)
        #expect(!FileManager.default.fileExists(atPath: output))
        let listing = try binary.run(["ls", "--json"])
        #expect(listing.status == 0)
        #expect(listing.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]", "\(listing.stdout)")
        let store = OffstageHome(path: home)
        if FileManager.default.fileExists(atPath: store.databasePath) {
            let opened = try Store.open(home: store, readOnly: true)
            #expect(try opened.pendingCommands().isEmpty)
            #expect(try opened.loadSessions().allSatisfy { $0.identifier != "com.example.s" })
        }
    }

    @Test func theDurationLimitIsNamedAndTenYearsIsAccepted() throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-refused-limit")
        let binary = try OffstageBinary(home: folder.base + "/home")
        let refused = try binary.run(["add", Self.url, "--begin-after", "3651d"])
        #expect(refused.stderr == "offstage: --begin-after must be at most 10 years (3650d), not 3651d\n")
        let accepted = try binary.run(["add", Self.url, "--begin-after", "3650d"])
        #expect(accepted.status == 0, "stderr: \(accepted.stderr)")
        let listing = try binary.run(["ls"])
        #expect(listing.status == 0, "stderr: \(listing.stderr)")
        #expect(listing.stdout.contains("file.bin") || listing.stdout.contains("127.0.0.1"), "\(listing.stdout)")
    }
}
