import Foundation
import OffstageTestSupport
import Testing

/// The text screenshots in `screenshots/` are what the binary prints today, so the figures the README and the DocC
/// catalog show never drift.
///
/// `RECORD_SNAPSHOTS=1 swift test --filter ScreenshotTests` rewrites them, and fails so the change is reviewed.
struct ScreenshotTests {
    /// The repository's top folder, from this file's path.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Test(arguments: ["heavy", "rare"])
    func simulateScreenshotsMatchTheBinary(usage: String) throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-shots")
        let binary = try OffstageBinary(home: folder.base + "/home")
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

    @Test(arguments: ["heavy", "rare"])
    func simulateBothScreenshotsMatchTheBinary(usage: String) throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-shots")
        let binary = try OffstageBinary(home: folder.base + "/home")
        let result = try binary.run([
            "simulate", "--days", "30", "--usage", usage, "--seed", "42", "--platform", "both", "--config",
            Self.repository + "/config",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let path = Self.repository + "/screenshots/simulate-30d-both-\(usage).txt"
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try result.stdout.write(toFile: path, atomically: true, encoding: .utf8)
            Issue.record("recorded \(path); review it and run again without RECORD_SNAPSHOTS")
            return
        }
        let expected = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            result.stdout == expected, "screenshots/simulate-30d-both-\(usage).txt differs from what offstage prints")
    }

    /// The learned usage by hour (`--hourly`) and the calibration (`--calibrate`), as the DocC catalog's Background tasks article shows them.
    @Test(arguments: [
        ("simulate-30d-daily-hourly", ["--days", "30", "--usage", "daily", "--seed", "42", "--hourly"]),
        ("simulate-30d-opens-hourly", ["--days", "30", "--opens", "08:00,12:30,21:00", "--seed", "42", "--hourly"]),
        ("simulate-calibration", ["--calibrate"]),
    ])
    func simulateByHourScreenshotsMatchTheBinary(name: String, arguments: [String]) throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-shots")
        let binary = try OffstageBinary(home: folder.base + "/home")
        let result = try binary.run(["simulate"] + arguments + ["--config", Self.repository + "/config"])
        #expect(result.status == 0, "\(result.stderr)")
        let path = Self.repository + "/screenshots/\(name).txt"
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try result.stdout.write(toFile: path, atomically: true, encoding: .utf8)
            Issue.record("recorded \(path); review it and run again without RECORD_SNAPSHOTS")
            return
        }
        let expected = try String(contentsOfFile: path, encoding: .utf8)
        #expect(result.stdout == expected, "screenshots/\(name).txt differs from what offstage prints")
    }

    /// The dashboard's screenshots: `offstage render` of each scene, as text and as SVG.
    static let dashboardShots: [(scene: String, size: String, at: String, file: String)] = [
        ("demo", "100x30", "0", "dashboard-demo"),
        ("relaunch", "100x30", "0", "dashboard-relaunch"),
        ("expiring", "100x30", "0", "dashboard-expiring"),
        ("retrying", "100x30", "0", "dashboard-retrying"),
        ("help", "100x30", "0", "dashboard-help"),
        ("ascii", "80x24", "0", "dashboard-ascii"),
        ("demo", "30x8", "0", "dashboard-too-small"),
        ("android", "100x30", "0", "dashboard-android"),
        ("both", "100x30", "0", "dashboard-both"),
    ]

    @Test(arguments: dashboardShots.map { $0.file })
    func dashboardScreenshotsMatchTheRenderer(file: String) throws {
        guard let shot = Self.dashboardShots.first(where: { $0.file == file }) else { return }
        let folder = try TemporaryHome(prefix: "offstage-e2e-shots")
        let binary = try OffstageBinary(home: folder.base + "/home")
        for format in ["text", "svg"] {
            let result = try binary.run([
                "render", "--scenario", shot.scene, "--size", shot.size, "--at", shot.at, "--\(format)",
            ])
            #expect(result.status == 0, "\(result.stderr)")
            let path = Self.repository + "/screenshots/\(file).\(format == "text" ? "txt" : "svg")"
            if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
                try result.stdout.write(toFile: path, atomically: true, encoding: .utf8)
                Issue.record("recorded \(path); review it and run again without RECORD_SNAPSHOTS")
                continue
            }
            let expected = try String(contentsOfFile: path, encoding: .utf8)
            #expect(result.stdout == expected, "\(path) differs from what offstage render draws")
        }
    }
}
