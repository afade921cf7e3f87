import Foundation
import OffstageCore

/// Checks of user input, each failing with one clear line.
enum InputValidation {
    /// An http or https URL with a host; returns it trimmed.
    static func url(_ text: String) throws -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let parsed = URL(string: trimmed), let scheme = parsed.scheme?.lowercased() else {
            throw CLIError.usage("not a URL: \(TransferDaemon.printable(URLCredentials.masked(text)))")
        }
        guard scheme == "http" || scheme == "https" else {
            throw CLIError.usage("only http and https URLs are supported, not \(TransferDaemon.printable(scheme))")
        }
        guard let host = parsed.host, !host.isEmpty else {
            throw CLIError.usage("the URL has no host: \(TransferDaemon.printable(URLCredentials.masked(text)))")
        }
        return trimmed
    }

    /// A URL that will be stored (in the store, the app's registry): http or https, and no credentials in it.
    static func storableURL(_ text: String) throws -> String {
        let url = try url(text)
        guard !URLCredentials.hasCredentials(url) else {
            throw CLIError.usage("credentials in URLs are never stored; put them in ~/.netrc")
        }
        return url
    }

    /// Seconds from `90`, `30s`, `10m`, `2h` or `1d`.
    static func duration(_ text: String, option: String) throws -> Double {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86400]
        var number = text
        var factor = 1.0
        if let last = text.last, let unit = units[last] {
            number = String(text.dropLast())
            factor = unit
        }
        guard let value = Double(number), value >= 0, value.isFinite else {
            throw CLIError.usage("\(option) needs a duration such as 30s, 10m, 2h or 1d, not \(text)")
        }
        return value * factor
    }

    /// An absolute path for a user-supplied path.
    static func absolutePath(_ path: String) -> String {
        if path.hasPrefix("/") { return (path as NSString).standardizingPath }
        let joined = (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
        return (joined as NSString).standardizingPath
    }

    /// A readable regular file, as an absolute path.
    static func readableFile(_ path: String) throws -> String {
        let absolute = absolutePath(path)
        var info = stat()
        guard stat(absolute, &info) == 0 else {
            throw CLIError.usage("cannot read \(path): \(String(cString: strerror(errno)))")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw CLIError.usage("\(path) is not a regular file") }
        guard access(absolute, R_OK) == 0 else { throw CLIError.usage("cannot read \(path): permission denied") }
        return absolute
    }

    /// on/off.
    static func toggle(_ text: String?, for what: String) throws -> Bool {
        switch text?.lowercased() {
        case "on", "yes", "true", "1": return true
        case "off", "no", "false", "0": return false
        default: throw CLIError.usage("\(what) needs on or off")
        }
    }
}
