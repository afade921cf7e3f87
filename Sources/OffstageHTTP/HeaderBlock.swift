import OffstageCore

/// The status line and fields of one response block, collected line by line from the header callback.
struct HeaderBlock {
    /// The status code from the block's status line.
    let status: Int
    /// Fields in arrival order, names as sent.
    private(set) var fields: [(String, String)] = []

    /// Starts a block from a status line such as `HTTP/1.1 206 Partial Content` or `HTTP/2 200`; nil otherwise.
    init?(statusLine: Substring) {
        guard statusLine.hasPrefix("HTTP/") else { return nil }
        let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
        guard parts.count >= 2, let status = Int(parts[1]), (100...999).contains(status) else { return nil }
        self.status = status
    }

    /// Whether this is an informational block (100 Continue, 103 Early Hints) to skip.
    var isInformational: Bool { (100..<200).contains(status) }

    /// Adds a `Name: value` line; a line starting with white space continues the previous value.
    mutating func append(line: Substring) {
        if let first = line.first, first == " " || first == "\t" {
            guard let last = fields.popLast() else { return }
            fields.append((last.0, last.1 + " " + line.drop(while: { $0 == " " || $0 == "\t" })))
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = line[..<colon]
        let value = line[line.index(after: colon)...]
        fields.append((String(name), String(value)))
    }

    /// The finished head (names lowercased and values trimmed by `ResponseHead`).
    var head: ResponseHead { ResponseHead(status: status, fields: fields) }

    /// Strips the trailing CR/LF of a raw header line.
    static func trimmed(_ raw: String) -> Substring {
        var line = Substring(raw)
        while let last = line.last, last == "\n" || last == "\r" || last == "\r\n" { line = line.dropLast() }
        return line
    }
}
