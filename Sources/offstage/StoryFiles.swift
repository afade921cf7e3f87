import Foundation
import OffstageCore
import OffstageDashboard

/// Finds a story: a built-in one by name, or a file.
enum StoryFiles {
    /// The story `target` names: a built-in story (`relaunch`), else a story file's path.
    ///
    /// - Throws: `CLIError.usage` when there is no such story; a malformed file's lines are printed first, one
    ///   `FILE:LINE: what is wrong` each, and it is refused with exit 2 before anything runs.
    static func load(_ target: String) throws -> (story: Story, builtIn: Bool) {
        do {
            if let story = try StoryCatalog.story(named: target) { return (story, true) }
            return (try file(target), false)
        } catch let errors as StoryErrors {
            throw refused(errors)
        }
    }

    /// Prints each error line and returns the refusal (exit 2).
    static func refused(_ errors: StoryErrors) -> CLIError {
        for error in errors.errors { printError(error.description) }
        let count = errors.errors.count
        return .usage("the story was not run: \(count) \(count == 1 ? "line" : "lines") at fault")
    }

    /// Reads and parses a story file.
    private static func file(_ path: String) throws -> Story {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            let names = StoryCatalog.all.map(\.name).joined(separator: ", ")
            throw CLIError.usage(
                "no story \(TransferDaemon.printable(path)): not a built-in one (\(names)) and no such file")
        }
        guard !isDirectory.boolValue else {
            throw CLIError.usage("\(TransferDaemon.printable(path)) is a folder, not a story file")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size <= StoryParser.maximumSize else {
            throw CLIError.usage("\(TransferDaemon.printable(path)) is larger than 1 MB: not a story")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CLIError.usage("cannot read \(TransferDaemon.printable(path))")
        }
        var name = (path as NSString).lastPathComponent
        if name.hasSuffix(".story") { name.removeLast(".story".count) }
        return try StoryParser.parse(bytes: [UInt8](data), name: name, source: path)
    }

    /// The built-in stories, one line each: name, then what it shows (its title).
    static func list() -> String {
        let width = (StoryCatalog.all.map(\.name.count).max() ?? 0) + 2
        return StoryCatalog.all.map { entry in
            let title = (try? StoryCatalog.story(named: entry.name))?.title ?? ""
            return entry.name.padding(toLength: width, withPad: " ", startingAt: 0) + title
        }.joined(separator: "\n")
    }
}
