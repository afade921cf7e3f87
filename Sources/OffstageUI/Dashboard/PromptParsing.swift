import Foundation
import OffstageCore

/// Why a prompt's text was refused, in one line the prompt shows under itself.
public struct PromptError: Error, Equatable, Sendable {
    /// The line shown.
    public var message: String

    /// A refusal.
    public init(_ message: String) { self.message = message }
}

/// The checks of what the user typed into a prompt: pure, no I/O (the host checks that a file exists).
public enum PromptParsing {
    /// The longest line a prompt takes.
    public static let maximumLength = 2048
    /// The latest a scheduled request's earliest begin date may be: 7 days ahead.
    public static let maximumDelay: Double = 7 * 86_400

    /// An http or https URL with a host, no spaces or control characters and no credentials; returns it trimmed.
    public static func url(_ text: String) throws(PromptError) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw PromptError("type a URL, such as https://example.com/file.iso") }
        guard !trimmed.unicodeScalars.contains(where: { isForbidden($0) || $0.properties.isWhitespace }) else {
            throw PromptError("a URL has no spaces or control characters: percent-encode them (%20)")
        }
        guard !URLCredentials.hasCredentials(trimmed) else {
            throw PromptError("credentials in a URL would be stored: put them in ~/.netrc")
        }
        guard let parsed = URL(string: trimmed), let scheme = parsed.scheme?.lowercased() else {
            throw PromptError("not a URL: \(TransferDaemon.printable(trimmed))")
        }
        guard scheme == "http" || scheme == "https" else {
            throw PromptError("only http and https URLs are supported, not \(TransferDaemon.printable(scheme))")
        }
        guard let host = parsed.host, !host.isEmpty else {
            throw PromptError("the URL has no host: \(TransferDaemon.printable(trimmed))")
        }
        return trimmed
    }

    /// A file path to upload: non-empty, without control characters; returned trimmed (the host resolves and
    /// checks it).
    public static func uploadPath(_ text: String) throws(PromptError) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw PromptError("type the path of the file to upload") }
        guard !trimmed.unicodeScalars.contains(where: isForbidden) else {
            throw PromptError("a path has no control characters")
        }
        return trimmed
    }

    /// A BG task request from `refresh ID [in DUR]` or `processing ID [network] [power] [in DUR]`; the earliest
    /// begin date is `now` plus the duration.
    public static func schedule(_ text: String, now: Date) throws(PromptError) -> BGTaskRequest {
        let usage = "type refresh ID or processing ID [network] [power] [in DUR]"
        let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let kindWord = words.first else { throw PromptError(usage) }
        let kind: BGTaskKind
        switch kindWord.lowercased() {
        case "refresh", "app-refresh": kind = .appRefresh
        case "processing": kind = .processing
        default:
            throw PromptError("the request kind is refresh or processing, not \(TransferDaemon.printable(kindWord))")
        }
        guard words.count >= 2 else {
            throw PromptError("the request needs an identifier, such as com.example.refresh")
        }
        let identifier = try taskIdentifier(words[1])
        var network = false
        var power = false
        var delay: Double?
        var rest = words.dropFirst(2)[...]
        while let word = rest.popFirst() {
            switch word.lowercased() {
            case "network", "power":
                guard kind == .processing else {
                    throw PromptError("network and power apply to processing requests only")
                }
                let isNetwork = word.lowercased() == "network"
                guard !(isNetwork ? network : power) else { throw PromptError("\(word) is given twice") }
                if isNetwork { network = true } else { power = true }
            case "in":
                guard delay == nil else { throw PromptError("in is given twice") }
                guard let value = rest.popFirst() else {
                    throw PromptError("in needs a duration such as 30s, 5m or 2h")
                }
                delay = try duration(value)
            default:
                throw PromptError(
                    "unknown word \(TransferDaemon.printable(word)): expected "
                        + (kind == .processing ? "network, power or in DUR" : "in DUR"))
            }
        }
        return BGTaskRequest(
            identifier: identifier, kind: kind, earliestBeginDate: delay.map { now.addingTimeInterval($0) },
            requiresNetworkConnectivity: network, requiresExternalPower: power)
    }

    /// Seconds from `90`, `30s`, `5m`, `2h` or `1d`, between 0 and 7 days.
    public static func duration(_ text: String) throws(PromptError) -> Double {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        var number = Substring(text)
        var factor = 1.0
        if let last = text.last, let unit = units[Character(last.lowercased())] {
            number = number.dropLast()
            factor = unit
        }
        let digits = number.filter(\.isASCII).filter(\.isNumber).count
        let dots = number.filter { $0 == "." }.count
        guard digits > 0, digits + dots == number.count, dots <= 1, let value = Double(number), value.isFinite else {
            throw PromptError("not a duration: \(TransferDaemon.printable(text)) (use 30s, 5m, 2h or 1d)")
        }
        let seconds = value * factor
        guard seconds.isFinite, seconds <= maximumDelay else {
            throw PromptError("\(TransferDaemon.printable(text)) is too far ahead: at most 7 days (7d)")
        }
        return seconds
    }

    /// An engine-wide limit in bytes a second, as `offstage limit` takes it (`500k`, `2m`, `off`; nil: none).
    public static func rateLimit(_ text: String) throws(PromptError) -> Int64? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw PromptError("type a rate such as 500k or 2m, or off to lift the limit") }
        do { return try RateLimit.parse(trimmed, what: "a limit") } catch { throw PromptError(error.reason) }
    }

    /// A limit as the prompt shows it to be edited: `2m`, `500k`, or the bytes when neither divides it.
    public static func rateText(_ bytesPerSecond: Int64) -> String {
        for (size, unit) in [(Int64(1) << 30, "g"), (1 << 20, "m"), (1 << 10, "k")] where bytesPerSecond % size == 0 {
            return "\(bytesPerSecond / size)\(unit)"
        }
        return "\(bytesPerSecond)"
    }

    /// A task identifier: printable text without spaces, at most 200 characters.
    public static func taskIdentifier(_ text: String) throws(PromptError) -> String {
        guard !text.isEmpty, text.count <= 200, !text.unicodeScalars.contains(where: isForbidden) else {
            throw PromptError("a task identifier is printable text without spaces, such as com.example.refresh")
        }
        return text
    }

    /// Whether the scalar may not be typed or stored: controls, DEL, bidi overrides (as file names forbid them).
    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool { FileNameSanitizer.isForbidden(scalar) }
}
