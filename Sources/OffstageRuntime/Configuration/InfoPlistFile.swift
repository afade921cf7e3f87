import Foundation
import OffstageCore

/// The keys of the model app's `Info.plist` that the BG scheduler reads.
public struct InfoPlistFile: Sendable, Equatable {
    /// `BGTaskSchedulerPermittedIdentifiers` (absent: none).
    public var permittedIdentifiers: [String]
    /// `UIBackgroundModes` as written, including modes the scheduler ignores (such as `audio`).
    public var backgroundModes: [String]

    /// The keys.
    public init(permittedIdentifiers: [String], backgroundModes: [String]) {
        self.permittedIdentifiers = permittedIdentifiers
        self.backgroundModes = backgroundModes
    }

    /// The modes the scheduler cares about (`fetch`, `processing`); others are ignored.
    public var schedulerModes: Set<BackgroundMode> {
        Set(backgroundModes.compactMap(BackgroundMode.init(rawValue:)))
    }

    /// Parses a property list (XML or binary) whose top level is a dictionary; `path` names the file in errors.
    public static func parse(_ data: Data, path: String) throws(ConfigurationError) -> InfoPlistFile {
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
            throw ConfigurationError(
                path: path, problem: "not a valid property list" + (reason.map { " (\($0))" } ?? ""))
        }
        guard let dictionary = object as? [String: Any] else {
            throw ConfigurationError(path: path, problem: "the top level of the property list is not a dictionary")
        }
        return InfoPlistFile(
            permittedIdentifiers: try strings(dictionary, "BGTaskSchedulerPermittedIdentifiers", path: path),
            backgroundModes: try strings(dictionary, "UIBackgroundModes", path: path))
    }

    /// The array of strings under `key` (absent: empty).
    private static func strings(_ dictionary: [String: Any], _ key: String, path: String) throws(ConfigurationError)
        -> [String]
    {
        guard let value = dictionary[key] else { return [] }
        guard let array = value as? [Any], let strings = array as? [String], strings.count == array.count else {
            throw ConfigurationError(path: path, problem: "\(key) must be an array of strings")
        }
        return strings
    }
}
