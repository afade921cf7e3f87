import OffstageCore
import OffstageDashboard
import Testing

/// The story file format: what each step parses to, and every line at fault named with `FILE:LINE`.
@Suite struct StoryParserTests {
    func parse(_ text: String) throws -> Story { try StoryParser.parse(text: text, name: "s", source: "s.story") }

    /// The messages of the errors `text` is refused with, as `FILE:LINE: what is wrong`.
    func errors(_ text: String) -> [String] {
        do {
            _ = try parse(text)
            return []
        } catch let errors as StoryErrors {
            return errors.errors.map(\.description)
        } catch {
            return ["\(error)"]
        }
    }

    @Test func everyStepParsesToWhatItSays() throws {
        let story = try parse(
            """
            # a comment
            title the title
            platform android

            say hello there
            do add "{origin}/gen/1m" --name 'a b.bin'
            refused android low-memory-kill
            key j enter ctrl-l
            wait event delivered a b.bin within 2m
            wait 30s
            expect work  sync   ENQUEUED
            pause 1.5
            """)
        #expect(story.title == "the title")
        #expect(story.platform == .android)
        #expect(story.lines.map(\.number) == [5, 6, 7, 8, 9, 10, 11, 12])
        #expect(story.lines[0].step == .say("hello there"))
        #expect(story.lines[1].step == .run(["add", "{origin}/gen/1m", "--name", "a b.bin"]))
        #expect(story.lines[2].step == .refused(["android", "low-memory-kill"]))
        #expect(story.lines[3].step.text == "key j enter ctrl-l")
        #expect(story.lines[4].step == .wait(StoryWait(kind: .delivered, subject: "a b.bin", within: 120)))
        #expect(story.lines[5].step == .wait(StoryWait(kind: nil, within: 30)))
        #expect(story.lines[6].step == .expect(.work, "sync   ENQUEUED"))
        #expect(story.lines[7].step == .pause(1.5))
        #expect(story.narrationCount == 1)
        #expect(story.commands.map(\.words.first) == ["add", "android"])
    }

    @Test func placeholdersExpandInCommandsNarrationAndExpects() throws {
        let story = try parse("say at {origin}\ndo add {origin}/gen/1m\nexpect ls {origin}\n")
            .expanding(["origin": "http://127.0.0.1:9"])
        #expect(story.lines[0].step == .say("at http://127.0.0.1:9"))
        #expect(story.lines[1].step == .run(["add", "http://127.0.0.1:9/gen/1m"]))
        #expect(story.lines[2].step == .expect(.ls, "http://127.0.0.1:9"))
    }

    @Test func everyLineAtFaultIsNamedAndNothingElse() {
        #expect(
            errors(
                """
                say fine
                jump 3
                wait event delivered x within soon
                wait event nonsense x within 1m
                expect nowhere text
                pause 600
                do add "unterminated
                title late
                """)
                == [
                    "s.story:2: unknown step \"jump\" (known: title, platform, say, do, refused, key, wait, expect, pause)",
                    "s.story:3: within needs a duration up to 365d (30s, 10m, 2h), not \"soon\"",
                    "s.story:4: no event kind \"nonsense\" (see the event kinds: offstage events)",
                    "s.story:5: expect needs a view (pending, ls, app, work, events) and the text it shows, not \"nowhere\"",
                    "s.story:6: pause needs seconds from 0.1 to 60 (pause 3), not \"600\"",
                    "s.story:7: an unterminated quote",
                    "s.story:8: the title comes before the first step",
                ])
    }

    @Test func anEmptyStoryOrAControlCharacterIsRefused() {
        #expect(errors("# only a comment\n") == ["s.story: no steps: a story needs at least one"])
        #expect(errors("say a\u{1B}[31m red\n").first?.hasPrefix("s.story:1: a control character (U+1B)") == true)
        #expect(errors("do\n").first?.hasPrefix("s.story:1: do needs a command") == true)
    }

    @Test func everyBuiltInStoryParses() throws {
        for entry in StoryCatalog.all {
            let story = try #require(try StoryCatalog.story(named: entry.name))
            #expect(story.source == entry.name + ".story")
            #expect(!story.title.isEmpty && story.narrationCount > 3, "\(entry.name)")
        }
        #expect(StoryCatalog.entry(named: StoryCatalog.defaultName) != nil)
    }
}
