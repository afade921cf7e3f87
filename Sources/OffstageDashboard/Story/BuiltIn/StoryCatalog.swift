/// The stories Offstage ships with (`offstage demo --list`), each kept as the text of a story file so that
/// `offstage story show NAME` prints what a new story can start from.
public enum StoryCatalog {
    /// A built-in story: its name and its file's text.
    public struct Entry: Sendable {
        /// The name `offstage demo NAME` takes.
        public let name: String
        /// The story file.
        public let text: String
    }

    /// Every built-in story, in the order `--list` shows them.
    public static let all: [Entry] = [
        Entry(name: "relaunch", text: relaunch), Entry(name: "why-not-run", text: whyNotRun),
        Entry(name: "force-quit", text: forceQuit), Entry(name: "android", text: android),
        Entry(name: "ios-vs-android", text: iosVsAndroid), Entry(name: "push-vs-refresh", text: pushVsRefresh),
    ]

    /// The story `offstage demo` plays when given none.
    public static let defaultName = "relaunch"

    /// The built-in story named `name`.
    public static func entry(named name: String) -> Entry? { all.first { $0.name == name } }

    /// The built-in story named `name`, parsed (its source is `NAME.story`).
    ///
    /// - Throws: `StoryErrors` (a test keeps every built-in story parsing).
    public static func story(named name: String) throws -> Story? {
        guard let entry = entry(named: name) else { return nil }
        return try StoryParser.parse(text: entry.text, name: name, source: name + ".story")
    }
}
