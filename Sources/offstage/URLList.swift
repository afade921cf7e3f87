import Foundation
import Glibc
import OffstageCore

/// The list `add --input-file FILE` reads (aria2's `-i`): one URL per line; blank lines and lines whose first
/// character that is not a space is `#` are skipped. All or nothing: the first bad line refuses the whole list,
/// named as `FILE:LINE: what is wrong`.
enum URLList {
    /// The most bytes a list may hold (a million long URLs); a bigger one is refused before it is read whole.
    static let maximumBytes = 256 << 20

    /// The URLs of the list at `path` (`-`: standard input), each validated as `add URL` validates one.
    static func read(_ path: String) throws -> (urls: [String], source: String) {
        let source = path == "-" ? "(standard input)" : TransferDaemon.printable(path)
        let bytes = try load(path, shown: source)
        return (try parse(bytes, source: source), source)
    }

    /// The URLs of a list's bytes; `source` names the list in errors.
    static func parse(_ bytes: [UInt8], source: String) throws -> [String] {
        var urls: [String] = []
        var lineNumber = 0
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            let text = trimmed(line)
            if text.isEmpty || text.hasPrefix("#") { continue }
            func refuse(_ problem: String) -> CLIError { .usage("\(source):\(lineNumber): \(problem)") }
            guard !hasSpace(text) else {
                throw refuse(
                    "one URL per line, but this line has more than one word: "
                        + TransferDaemon.printable(URLCredentials.masked(text)))
            }
            let url: String
            do {
                url = try InputValidation.url(text)
            } catch CLIError.usage(let problem) {
                throw refuse(problem)
            }
            guard !URLCredentials.hasCredentials(url) else {
                throw refuse("credentials in URLs are never stored; put them in ~/.netrc")
            }
            guard urls.count < TransferBatch.maximumCount else {
                throw CLIError.usage(
                    "\(source): more than \(TransferBatch.maximumCount) URLs; split the list and add each part")
            }
            urls.append(url)
        }
        guard !urls.isEmpty else { throw CLIError.usage("\(source): no URLs in it (only blank lines and comments)") }
        return urls
    }

    /// The line without the white space around it. An ASCII line (nearly every URL) is trimmed on its bytes, which
    /// costs a list of 100,000 URLs a tenth of what Foundation's trimming does; any other line, as Foundation trims.
    static func trimmed(_ line: ArraySlice<UInt8>) -> String {
        guard line.allSatisfy({ $0 < 0x80 }) else {
            return String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || (0x09...0x0D).contains($0) }
        guard let first = line.firstIndex(where: { !isSpace($0) }), let last = line.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(decoding: line[first...last], as: UTF8.self)
    }

    /// Whether `text` holds white space (an ASCII line is looked at byte by byte).
    static func hasSpace(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return text.contains(where: \.isWhitespace) }
        return utf8.contains { $0 == 0x20 || (0x09...0x0D).contains($0) }
    }

    /// The file's bytes (at most `maximumBytes`), or one clear error.
    private static func load(_ path: String, shown: String) throws -> [UInt8] {
        let fd = path == "-" ? dup(0) : open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw CLIError.failed("cannot read \(shown): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            throw CLIError.usage("\(shown) is a folder, not a list of URLs")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw CLIError.failed("cannot read \(shown): \(String(cString: strerror(errno)))")
            }
            if count == 0 { return bytes }
            guard bytes.count + count <= maximumBytes else {
                throw CLIError.usage("\(shown) is larger than \(maximumBytes >> 20) MiB; split the list")
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }
}
