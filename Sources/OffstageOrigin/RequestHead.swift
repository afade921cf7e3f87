import Foundation

/// A parsed HTTP/1.x request line and header block.
struct RequestHead {
    /// The method, e.g. `GET`.
    var method: String
    /// The request target exactly as sent (path plus optional query).
    var target: String
    /// The minor version: 1 for HTTP/1.1, 0 for HTTP/1.0.
    var minorVersion: Int
    /// Header fields in order, names as sent.
    var headers: [(name: String, value: String)]

    /// Parses a head (request line, header lines, blank line). Throws `.malformed` when invalid.
    init(parsing bytes: [UInt8]) throws {
        let text = String(decoding: bytes, as: UTF8.self)
        var lines = text.components(separatedBy: "\r\n")
        while lines.last == "" { lines.removeLast() }
        guard let requestLine = lines.first else { throw OriginError.malformed("empty request") }
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy({ $0.isLetter && $0.isUppercase }) else {
            throw OriginError.malformed("bad request line")
        }
        switch parts[2] {
        case "HTTP/1.1": minorVersion = 1
        case "HTTP/1.0": minorVersion = 0
        default: throw OriginError.malformed("unsupported version")
        }
        guard parts[1].hasPrefix("/"), !parts[1].contains(where: { $0.isWhitespace || $0.asciiValue == nil }) else {
            throw OriginError.malformed("bad request target")
        }
        method = String(parts[0])
        target = String(parts[1])
        headers = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
                !line[..<colon].contains(where: { $0 == " " || $0 == "\t" })
            else { throw OriginError.malformed("bad header line") }
            let name = String(line[..<colon])
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers.append((name, value))
        }
    }

    /// The first value of the header `name` (case-insensitive).
    func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The path part of the target, still percent-encoded.
    var path: String {
        String(target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0])
    }

    /// The raw query string, without the `?`.
    var rawQuery: String? {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        return parts.count == 2 ? String(parts[1]) : nil
    }

    /// Query parameters, percent-decoded; the first occurrence of a name wins.
    var query: [String: String] {
        var result: [String: String] = [:]
        for pair in (rawQuery ?? "").split(separator: "&") {
            let keyValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = String(keyValue[0]).removingPercentEncoding ?? String(keyValue[0])
            let value = keyValue.count == 2 ? (String(keyValue[1]).removingPercentEncoding ?? String(keyValue[1])) : ""
            if result[key] == nil { result[key] = value }
        }
        return result
    }

    /// Whether the client allows the connection to stay open after this exchange.
    var wantsKeepAlive: Bool {
        let tokens = (header("Connection") ?? "").lowercased().split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        if minorVersion >= 1 { return !tokens.contains("close") }
        return tokens.contains("keep-alive")
    }

    /// How the request body is framed.
    var bodyFraming: RequestBodyFraming {
        get throws {
            if let encoding = header("Transfer-Encoding") {
                guard encoding.lowercased().trimmingCharacters(in: .whitespaces) == "chunked" else {
                    throw OriginError.malformed("unsupported transfer-encoding")
                }
                return .chunked
            }
            if let length = header("Content-Length") {
                guard let value = Int64(length), value >= 0 else { throw OriginError.malformed("bad content-length") }
                return .length(value)
            }
            return .none
        }
    }
}

/// How a request body is delimited.
enum RequestBodyFraming: Equatable {
    /// No body.
    case none
    /// A body of exactly this many bytes.
    case length(Int64)
    /// A chunked body.
    case chunked
}
