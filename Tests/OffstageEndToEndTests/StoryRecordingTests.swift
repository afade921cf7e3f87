import Foundation
import Testing

/// A story recorded: `offstage demo FILE --record FILE.cast` (asciinema v2) and `offstage render --story FILE
/// --animated-svg FILE` (one self-contained animated SVG). Both play in the dashboard's own time, so the story is a
/// short one.
@Suite struct StoryRecordingTests {
    /// A story of a few seconds: a download, a narration change, a pause.
    static let story = """
        title a short recording
        say a download starts
        do add "{origin}/gen/512k?rate=400000" --name short.bin
        wait event delivered short.bin within 1m
        say it is delivered
        expect ls completed
        pause 1
        """

    @Test func aDemoRecordsAnAsciicastThatAsciinemaReads() throws {
        let folder = try TemporaryFolder("record")
        let file = folder.path + "/short.story"
        try Self.story.write(toFile: file, atomically: true, encoding: .utf8)
        let cast = folder.path + "/short.cast"
        let result = try OffstageBinary(home: folder.path + "/home").run([
            "demo", file, "--record", cast,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = try String(contentsOfFile: cast, encoding: .utf8).split(separator: "\n").map(
            String.init)
        let first = try #require(lines.first)
        let header = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        #expect(header["version"] as? Int == 2)
        #expect(header["width"] as? Int == 100 && header["height"] as? Int == 30)
        #expect(header["title"] as? String == "offstage: a short recording")
        #expect((header["timestamp"] as? Int ?? 0) > 1_600_000_000)
        var last = -1.0
        var output = ""
        for line in lines.dropFirst() {
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
            let time = try #require(event[0] as? Double)
            #expect(time >= last, "events in time order")
            last = time
            #expect(event[1] as? String == "o")
            output += try #require(event[2] as? String)
        }
        #expect(lines.count > 3)
        #expect(output.contains("1/2 a download starts"))
        #expect(output.contains("short.bin"))
        // A second recording never overwrites the first.
        let again = try OffstageBinary(home: folder.path + "/home2").run([
            "demo", file, "--record", cast,
        ])
        #expect(again.status != 0)
        #expect(
            try String(contentsOfFile: cast, encoding: .utf8).split(separator: "\n").count == lines.count)
    }

    @Test func aStoryRendersToOneAnimatedSVGUnderAMegabyte() throws {
        let folder = try TemporaryFolder("render")
        let file = folder.path + "/short.story"
        try Self.story.write(toFile: file, atomically: true, encoding: .utf8)
        let svg = folder.path + "/short.svg"
        let result = try OffstageBinary(home: folder.path + "/home").run([
            "render", "--story", file, "--animated-svg", svg, "--size", "80x24",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("wrote \(svg): "), "\(result.stdout)")
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(text.utf8.count <= 1_000_000)
        #expect(text.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(text.contains("width=\"672\" height=\"432\""), "80×24 cells of 8.4×18 px")
        #expect(text.contains("@keyframes"))
        #expect(!text.contains("href=\"http"), "self-contained: nothing fetched")
        #expect(text.contains("a download starts") && text.contains("it is delivered"))
    }
}
