import Foundation
import Testing

/// The text screenshots in `screenshots/` are what the binary prints today, so the README's figures never drift.
///
/// `RECORD_SNAPSHOTS=1 swift test --filter ScreenshotTests` rewrites them, and fails so the change is reviewed.
struct ScreenshotTests {
    /// The repository's top folder, from this file's path.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Test(arguments: ["heavy", "rare"])
    func simulateScreenshotsMatchTheBinary(usage: String) throws {
        let folder = try TemporaryFolder("shots")
        let binary = try OffstageBinary(home: folder.path + "/home")
        let result = try binary.run([
            "simulate", "--days", "30", "--usage", usage, "--seed", "42", "--config", Self.repository + "/config",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let path = Self.repository + "/screenshots/simulate-30d-\(usage).txt"
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try result.stdout.write(toFile: path, atomically: true, encoding: .utf8)
            Issue.record("recorded \(path); review it and run again without RECORD_SNAPSHOTS")
            return
        }
        let expected = try String(contentsOfFile: path, encoding: .utf8)
        #expect(result.stdout == expected, "screenshots/simulate-30d-\(usage).txt differs from what offstage prints")
    }
}
