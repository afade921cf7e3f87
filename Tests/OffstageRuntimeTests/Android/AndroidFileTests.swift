import Foundation
import OffstageCore
import OffstageRuntime
import Testing

/// `config/android.json`: the platform profile and the Android policy overrides, checked on one line.
@Suite("android.json")
struct AndroidFileTests {
    /// Parses `json` as `config/android.json`, returning the file or its one-line error.
    static func parse(_ json: String) -> Result<AndroidFile, ConfigurationError> {
        do {
            return .success(try AndroidFile.parse(Data(json.utf8), path: "config/android.json"))
        } catch {
            return .failure(error)
        }
    }

    @Test("missing keys take the defaults: iOS only, every policy default; the built-in configuration agrees")
    func defaults() throws {
        #expect(try Self.parse("{}").get() == AndroidFile())
        #expect(OffstageConfiguration.builtIn.android == AndroidFile(platform: .ios))
        #expect(OffstageConfiguration.builtIn.androidSetup(commandLogPath: nil) == nil)
    }

    @Test("a platform and a partial policy override only what they name")
    func overrides() throws {
        let file = try Self.parse(#"{"platform": "both", "policy": {"jobWindow": 300, "autoDozeAfter": null}}"#).get()
        #expect(file.platform == .both)
        #expect(file.policy.jobWindow == 300 && file.policy.autoDozeAfter == nil)
        #expect(file.policy.dozeMaintenanceWindow == AndroidPolicy().dozeMaintenanceWindow)
        var configuration = OffstageConfiguration.builtIn
        configuration.android = file
        let setup = try #require(configuration.androidSetup(commandLogPath: "/tmp/work.log"))
        #expect(setup.profile == .both && setup.policy == file.policy && setup.commandLogPath == "/tmp/work.log")
    }

    @Test(
        "bad files are refused on one line naming the file",
        arguments: [
            (#"{"platfrom": "ios"}"#, "unknown key \"platfrom\""),
            (
                #"{"platform": "windows"}"#,
                "at platform: expected one of \"ios\", \"android\", \"both\" (got \"windows\")"
            ),
            (#"{"policy": {"jobWindows": 1}}"#, "unknown key \"jobWindows\""),
            (#"{"policy": {"lowBatteryLevel": -1}}"#, "policy.lowBatteryLevel must not be negative"),
            (#"{"policy": {"jobWindow": 0}}"#, "must be greater than 0"),
            (
                #"{"policy": {"expeditedJobsPerWindow": {"active": -2, "workingSet": 1, "frequent": 1, "rare": 1, "restricted": 1}}}"#,
                "policy.expeditedJobsPerWindow must not be negative"
            ),
            (#"{"policy": {"expeditedJobsPerWindow": {"active": 2}}}"#, "missing key \"workingSet\""),
        ])
    func refused(json: String, fragment: String) {
        guard case .failure(let error) = Self.parse(json) else {
            Issue.record("\(json) was accepted")
            return
        }
        #expect(error.description.hasPrefix("config/android.json: "))
        #expect(error.description.contains(fragment), "\(error.description)")
        #expect(!error.description.contains("\n"))
    }
}
