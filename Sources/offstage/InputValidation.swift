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
        if let port = parsed.port, !(1...65535).contains(port) {
            throw CLIError.usage("the URL's port must be from 1 to 65535, not \(port)")
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

    /// The longest duration any option accepts: 10 years (a wait beyond it is a typo, and it keeps every date sane).
    static let maximumDuration = TransferSpec.maximumDelay

    /// Seconds from `90`, `30s`, `10m`, `2h` or `1d` (plain decimal digits with an optional fraction; at most
    /// `maximumDuration`).
    static func duration(_ text: String, option: String) throws -> Double {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86400]
        var number = Substring(text)
        var factor = 1.0
        if let last = text.last, let unit = units[last] {
            number = number.dropLast()
            factor = unit
        }
        guard let value = decimal(number) else {
            throw CLIError.usage(
                "\(option) needs a duration such as 30s, 10m, 2h or 1d, not \(TransferDaemon.printable(text))")
        }
        let seconds = value * factor
        guard seconds.isFinite, seconds <= maximumDuration else {
            throw CLIError.usage("\(option) must be at most 10 years (3650d), not \(TransferDaemon.printable(text))")
        }
        return seconds
    }

    /// A non-negative decimal number written with ASCII digits and at most one `.` (no sign, exponent, hex,
    /// white space or other scripts' digits); nil otherwise. At most 30 characters, so it is always finite.
    static func decimal(_ text: Substring) -> Double? {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= 30 else { return nil }
        var dots = 0
        var digits = 0
        for byte in bytes {
            if byte == UInt8(ascii: ".") {
                dots += 1
            } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                digits += 1
            } else {
                return nil
            }
        }
        guard dots <= 1, digits > 0, let value = Double(String(text)), value.isFinite else { return nil }
        return value
    }

    /// A priority from 0 to 1 written as a plain decimal number.
    static func priority(_ text: String) throws -> Double {
        guard let value = decimal(Substring(text)), (0...1).contains(value) else {
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

    /// on/off.
    static func toggle(_ text: String?, for what: String) throws -> Bool {
        switch text?.lowercased() {
        case "on", "yes", "true", "1": return true
        case "off", "no", "false", "0": return false
        default: throw CLIError.usage("\(what) needs on or off")
        }
    }
}
