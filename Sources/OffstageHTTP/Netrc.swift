import Foundation
import OffstageCore

/// A `.netrc` file read by the engine's owner, so its credentials can be bound to one origin: libcurl's own
/// netrc lookup matches the host only and would send them to every port of that host.
public enum Netrc {
    /// The login and password for `host` in netrc text (`machine`, else `default`); nil when none applies.
    public static func lookup(host: String, in text: String) -> (login: String, password: String)? {
        let tokens = tokenize(text)
        var fallback: (login: String, password: String)?
        var index = 0
        while index < tokens.count {
            let word = tokens[index]
            index += 1
            switch word {
            case "machine", "default":
                var name: String?
                if word == "machine", index < tokens.count {
                    name = tokens[index]
                    index += 1
                }
                var login: String?
                var password: String?
                while index < tokens.count, !["machine", "default", "macdef"].contains(tokens[index]) {
                    if tokens[index].isEmpty {  // a blank line
                        index += 1
                        continue
                    }
                    let key = tokens[index]
                    let value = index + 1 < tokens.count ? tokens[index + 1] : ""
                    if key == "login" { login = value } else if key == "password" { password = value }
                    index += 2
                }
                guard let login else { continue }
                let entry = (login: login, password: password ?? "")
                if let name, name.lowercased() == host.lowercased() { return entry }
                if name == nil, fallback == nil { fallback = entry }
            case "macdef":
                // A macro runs to the next empty line; its words are not netrc tokens.
                index = skipMacro(tokens, from: index)
            default:
                continue
            }
        }
        return fallback
    }

    /// The credentials for `url` from the netrc file at `path`, bound to that URL's origin (scheme, host, port):
    /// the engine sends them to that origin only, never after a redirect to another one.
    public static func credentials(for url: String, file path: String) -> OriginCredentials? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8),
            let origin = URLCredentials.origin(of: url), let host = URL(string: url)?.host,
            let entry = lookup(host: host, in: text)
        else { return nil }
        return OriginCredentials(user: entry.login, password: entry.password, origin: origin)
    }

    /// Words separated by white space; a word in double quotes may hold spaces and `\` escapes. A line break
    /// inside `macdef` bodies is kept as an empty token marking the blank line that ends the macro.
    static func tokenize(_ text: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        var inWord = false
        var quoted = false
        var escaped = false
        var newlines = 0
        for character in text {
            if quoted {
                if escaped {
                    current.append(character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    quoted = false
                } else {
                    current.append(character)
                }
                continue
            }
            if character.isWhitespace {
                if inWord {
                    tokens.append(current)
                    current = ""
                    inWord = false
                }
                if character.isNewline {
                    newlines += 1
                    if newlines == 2 { tokens.append("") }
                }
                continue
            }
            newlines = 0
            if character == "\"", !inWord {
                quoted = true
                inWord = true
                continue
            }
            inWord = true
            current.append(character)
        }
        if inWord { tokens.append(current) }
        return tokens
    }

    /// The index after a `macdef` body: past the empty token that marks its blank line.
    private static func skipMacro(_ tokens: [String], from start: Int) -> Int {
        var index = start
        while index < tokens.count, !tokens[index].isEmpty { index += 1 }
        return index + 1
    }
}
