/// The asciinema v2 format (`asciinema play`, `asciinema cat`): a JSON header line, then one JSON array per event.
public enum Asciicast {
    /// The header: version 2, the terminal's size, the start as Unix seconds, a title and the terminal type.
    public static func header(width: Int, height: Int, timestamp: Int, title: String) -> String {
        "{\"version\": 2, \"width\": \(width), \"height\": \(height), \"timestamp\": \(timestamp), "
            + "\"title\": \(json(title)), \"env\": {\"TERM\": \"xterm-256color\", \"SHELL\": \"/bin/sh\"}}\n"
    }

    /// An output event `text` at `seconds` since the start.
    public static func output(at seconds: Double, _ text: String) -> String {
        "[\(time(seconds)), \"o\", \(json(text))]\n"
    }

    /// A resize event at `seconds` since the start.
    public static func resize(at seconds: Double, width: Int, height: Int) -> String {
        "[\(time(seconds)), \"r\", \"\(width)x\(height)\"]\n"
    }

    /// Seconds with microseconds (`12.345678`), never negative.
    static func time(_ seconds: Double) -> String {
        let micros = Int((max(0, seconds.isFinite ? seconds : 0) * 1_000_000).rounded())
        let fraction = String(micros % 1_000_000)
        return "\(micros / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }

    /// `text` as a JSON string: quotes, backslashes and every control character escaped.
    static func json(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _
            where scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value)
                || scalar == "\u{2028}" || scalar == "\u{2029}":
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
