import Foundation
import OffstageCore

/// The `transfers.json` file: what happens when a transfer ends (`onComplete`, `notifications`).
///
/// Both keys are optional. An unknown key (a typo) or a value of the wrong type is an error on one line.
public struct TransfersFile: Codable, Sendable, Equatable {
    /// The shell command run after each delivery or permanent failure, as `run --on-complete` (empty: none).
    public var onComplete: String
    /// Whether an open dashboard sends a terminal notification (and the bell) when a transfer ends.
    public var notifications: Bool

    /// A file's contents; the defaults are the built-in ones (no hook, notifications on).
    public init(onComplete: String = "", notifications: Bool = true) {
        self.onComplete = onComplete
        self.notifications = notifications
    }

    /// The hook to run, nil when none is set.
    public var hook: String? {
        onComplete.trimmingCharacters(in: .whitespaces).isEmpty ? nil : onComplete
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case onComplete, notifications
    }

    /// Decodes what is there; a missing key takes its default.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        onComplete = try c.decodeIfPresent(String.self, forKey: .onComplete) ?? ""
        notifications = try c.decodeIfPresent(Bool.self, forKey: .notifications) ?? true
    }

    /// Parses and checks the file's bytes; `path` names the file in errors.
    public static func parse(_ data: Data, path: String) throws(ConfigurationError) -> TransfersFile {
        let file: TransfersFile
        do {
            file = try JSONDecoder().decode(TransfersFile.self, from: data)
        } catch {
            throw ConfigurationError(path: path, problem: DecodingProblem.text(error, data: data))
        }
        if let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] {
            let known = CodingKeys.allCases.map(\.rawValue)
            if let unknown = object.keys.sorted().first(where: { !known.contains($0) }) {
                throw ConfigurationError(
                    path: path,
                    problem: "unknown key \"\(unknown)\" (known keys: \(known.sorted().joined(separator: ", ")))")
            }
        }
        return file
    }
}
