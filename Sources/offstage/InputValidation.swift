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
        if let port = portText(trimmed), !(NumberText.wholeNumber(port).map { (1...65535).contains($0) } ?? false) {
            throw CLIError.usage(
                "the URL's port must be from 1 to 65535, not \(TransferDaemon.printable(String(port)))")
        }
        return trimmed
    }

    /// The port as written in a URL's authority (`host:PORT`, `[v6]:PORT`), nil when none is written: read from
    /// the text, since `URL.port` is nil for a port too large for an `Int`.
    static func portText(_ url: String) -> Substring? {
        guard let start = url.range(of: "://")?.upperBound else { return nil }
        let authority = url[start...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let hostPort = authority.lastIndex(of: "@").map { authority[authority.index(after: $0)...] } ?? authority
        let afterHost = hostPort.lastIndex(of: "]").map { hostPort[hostPort.index(after: $0)...] } ?? hostPort
        guard let colon = afterHost.lastIndex(of: ":") else { return nil }
        let port = afterHost[afterHost.index(after: colon)...]
        return port.isEmpty ? nil : port
    }

    /// A URL that will be stored (in the store, the app's registry): http or https, and no credentials in it.
    static func storableURL(_ text: String) throws -> String {
        let url = try url(text)
        guard !URLCredentials.hasCredentials(url) else {
            throw CLIError.usage("credentials in URLs are never stored; put them in ~/.netrc")
        }
        return url
    }

    /// The longest duration any option accepts: 10 years (a wait beyond it is a typo, and it keeps every date sane).
    static let maximumDuration = TransferSpec.maximumDelay

    /// Seconds from `90`, `30s`, `10m`, `2h` or `1d` (plain decimal digits with an optional fraction; at most
    /// `maximumDuration`).
    static func duration(_ text: String, option: String) throws -> Double {
        guard let seconds = NumberText.seconds(Substring(text)) else {
            throw CLIError.usage(
                "\(option) needs a duration such as 30s, 10m, 2h or 1d, not \(TransferDaemon.printable(text))")
        }
        guard seconds <= maximumDuration else {
            throw CLIError.usage("\(option) must be at most 10 years (3650d), not \(TransferDaemon.printable(text))")
        }
        return seconds
    }

    /// A priority from 0 to 1 written as a plain decimal number.
    static func priority(_ text: String) throws -> Double {
        guard let value = NumberText.decimal(Substring(text)), (0...1).contains(value) else {
            throw CLIError.usage("--priority must be a number from 0 to 1, not \(TransferDaemon.printable(text))")
        }
        return value
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

    /// A directory this user can read and enter, as an absolute path; `option` names it in the error (exit 2).
    static func readableDirectory(_ path: String, option: String) throws -> String {
        guard !path.isEmpty else { throw CLIError.usage("\(option) needs a directory") }
        let absolute = absolutePath(path)
        var info = stat()
        guard stat(absolute, &info) == 0 else {
            throw CLIError.usage("\(option) \(path): \(String(cString: strerror(errno)))")
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { throw CLIError.usage("\(option) \(path) is not a directory") }
        guard access(absolute, R_OK | X_OK) == 0 else {
            throw CLIError.usage("\(option) \(path): \(String(cString: strerror(errno)))")
        }
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
