import Foundation
import OffstageTestSupport
import Testing

/// `offstage story check` on every built-in story (the stories are the project's end-to-end tests), on a story
/// written from the README alone, on a wrong `expect` and on malformed stories; `story list`, `demo --list`.
@Suite struct StoryCheckTests {
    /// The story files under `Tests/Stories/`.
    static let stories = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Stories").path

    static let builtIn = ["relaunch", "why-not-run", "force-quit", "android", "ios-vs-android", "push-vs-refresh"]

    @Test(arguments: builtIn)
    func everyBuiltInStoryPassesItsCheck(name: String) throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-story")
        let result = try OffstageBinary(home: folder.base + "/home").run([
            "story", "check", name, "--quiet",
        ])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let passed = try #require(result.stdout.split(separator: "\n").last.map(String.init))
        #expect(passed.hasPrefix("passed: \(name).story, "), "\(passed)")
        // The built-in limits: at most 2 min in the dashboard, never 10 s without a visible change.
        #expect(passed.contains(" in the dashboard, at most "))
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }

    @Test func aStoryWrittenFromTheReadmeAlonePasses() throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-story")
        let file = Self.stories + "/from-the-readme.story"
        let result = try OffstageBinary(home: folder.base + "/home").run(["story", "check", file])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("passed: \(file), 17 steps, 4 expects held"), "\(result.stdout)")
        #expect(result.stdout.contains("met: bg-launched com.example.refresh"))
    }

    @Test func aWrongExpectFailsNamingItsStepAndWhatTheViewShowed() throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-story")
        let file = Self.stories + "/wrong-expect.story"
        let result = try OffstageBinary(home: folder.base + "/home").run(["story", "check", file])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "\(file):8: step 6 (expect ls small.bin running) failed: `offstage ls` does not show "
                    + "\"small.bin running\"; it showed:"), "\(result.stderr)")
        #expect(result.stderr.contains("completed"))
        #expect(!result.stdout.contains("passed:"))
    }

    @Test func aMalformedStoryIsRefusedLineByLineBeforeAnythingRuns() throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-story")
        let file = Self.stories + "/malformed.story"
        let result = try OffstageBinary(home: folder.base + "/home").run(["story", "check", file])
        #expect(result.status == 2)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "\(file):5: within needs a duration up to 365d (30s, 10m, 2h), not \"soon\"",
                "\(file):6: expect needs a view (pending, ls, app, work, events) and the text it shows, not \"nothing\"",
                "\(file):7: unknown step \"jump\" (known: title, platform, say, do, refused, key, wait, expect, pause)",
                "offstage: the story was not run: 3 lines at fault",
            ], "\(result.stderr)")
        #expect(result.stdout.isEmpty, "nothing ran: \(result.stdout)")
    }

    @Test func aDoStepOffstageWouldRefuseIsRefusedBeforeAnythingRuns() throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-story")
        let file = folder.base + "/bad-command.story"
        try """
        title a bad command
        say never shown
        do add "{origin}/gen/1m" --name fine.bin
        do add "{origin}/gen/1m" --bogus
        do ls
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try OffstageBinary(home: folder.base + "/home").run(["story", "check", file])
        #expect(result.status == 2)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(result.stderr)")
        #expect(
            lines.first?.hasPrefix("\(file):4: ") == true && lines.first?.contains("--bogus") == true)
        #expect(
            lines.dropFirst().first?.hasPrefix("\(file):5: do runs commands that act on the engine")
                == true)
        #expect(lines.last == "offstage: the story was not run: 2 lines at fault")
        #expect(result.stdout.isEmpty, "nothing ran: \(result.stdout)")
    }

    @Test func aStoryThatGoesQuietTooLongFailsItsGapCheckAtTheLineThatEndsIt() throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-story")
        let file = folder.base + "/quiet.story"
        try "title a long silence\nsay something\npause 12\nsay something else\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        let binary = try OffstageBinary(home: folder.base + "/home")
        let strict = try binary.run(["story", "check", file, "--quiet", "--max-gap", "10"])
        #expect(strict.status == 1)
        #expect(strict.stdout.isEmpty, "no \"passed\" before the refusal: \(strict.stdout)")
        #expect(strict.stderr == "offstage: \(file):4: 12 s without a visible change before this line (at most 10 s)\n")
        let lenient = try binary.run(["story", "check", file, "--quiet"])
        #expect(lenient.status == 0, "a story of one's own has no limits unless asked: \(lenient.stderr)")
        #expect(lenient.stdout.contains("plays 12 s in the dashboard, at most 12 s without a visible change"))
    }

    @Test func theBuiltInStoriesAreListedOneLineEach() throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-story")
        let binary = try OffstageBinary(home: folder.base + "/home")
        let demo = try binary.run(["demo", "--list"])
        let story = try binary.run(["story", "list"])
        #expect(demo.status == 0 && story.status == 0)
        #expect(demo.stdout == story.stdout)
        let names = demo.stdout.split(separator: "\n").map {
            String($0.split(separator: " ").first ?? "")
        }
        #expect(names == Self.builtIn)
    }

    @Test func aBuiltInStoryIsShownAsTheFileItIs() throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-story")
        let binary = try OffstageBinary(home: folder.base + "/home")
        let shown = try binary.run(["story", "show", "android"])
        #expect(shown.status == 0)
        let file = folder.base + "/android.story"
        try shown.stdout.write(toFile: file, atomically: true, encoding: .utf8)
        let checked = try binary.run([
            "story", "check", file, "--quiet", "--max-gap", "10", "--max-length", "120",
        ])
        #expect(checked.status == 0, "\(checked.stderr)")
    }
}
