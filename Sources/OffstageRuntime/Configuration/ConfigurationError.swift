import Foundation

/// A configuration file that cannot be used: which file, and what is wrong with it, as one line.
public struct ConfigurationError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// The file (or folder) at fault.
    public var path: String
    /// What is wrong, without the path.
    public var problem: String

    /// An error about `path`.
    public init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }

    /// `<path>: <problem>`, on one line.
    public var description: String {
        "\(path): \(problem)".replacingOccurrences(of: "\n", with: " ")
    }

    /// The same message as `description`, for `LocalizedError` consumers.
    public var errorDescription: String? { description }
}

/// Renders decoding failures as one short line: where in the file, and what was expected.
enum DecodingProblem {
    /// A one-line explanation of `error` (a `DecodingError` or anything a decoder threw) while decoding `data`.
    static func text(_ error: any Error, data: Data) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .typeMismatch(let type, let context):
            return "\(location(context.codingPath))expected \(typeName(type))"
        case .valueNotFound(let type, let context):
            return "\(location(context.codingPath))expected \(typeName(type)), found null"
        case .keyNotFound(let key, let context):
            return "\(location(context.codingPath))missing key \"\(key.stringValue)\""
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty
                && (context.underlyingError != nil || context.debugDescription.contains("not valid JSON"))
            {
                return "not valid JSON" + (syntaxError(data).map { " (\($0))" } ?? "")
            }
            return "\(location(context.codingPath))\(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    /// Where and why `data` is not JSON, as Foundation's parser says it, with a line and column.
    static func syntaxError(_ data: Data) -> String? {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return nil
        } catch {
            guard let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String else { return nil }
            guard let range = reason.range(of: "character "),
                let offset = Int(reason[range.upperBound...].prefix { $0.isNumber }), offset <= data.count
            else { return reason }
            let before = Array(data.prefix(offset))
            let line = before.filter { $0 == UInt8(ascii: "\n") }.count + 1
            let column = offset - (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
            return "\(reason.trimmingCharacters(in: CharacterSet(charactersIn: "."))) at line \(line), column \(column)"
        }
    }

    /// `at a.b[2].c: `, or nothing at the top level.
    static func location(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text.isEmpty ? "" : "at \(text): "
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Double.Type, is Int.Type: "a number"
        case is [Any].Type: "an array"
        default: "an object"
        }
    }
}

/// Any JSON object key, to list the keys a file actually has.
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension Decoder {
    /// Throws when the object being decoded has a key outside `known` (a typo would otherwise be ignored).
    func rejectUnknownKeys(_ known: [String]) throws {
        let container = try container(keyedBy: AnyKey.self)
        let unknown = container.allKeys.map(\.stringValue).filter { !known.contains($0) }.sorted()
        guard let first = unknown.first else { return }
        throw DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "unknown key \"\(first)\" (known keys: \(known.joined(separator: ", ")))"))
    }
}
