import Foundation
import OffstageCore

/// The `android.json` file: which platform profile runs (`platform`) and `AndroidPolicy` overrides (`policy`).
///
/// Both keys are optional: `platform` defaults to `ios` (nothing Android runs), `policy` to every default.
/// An unknown key (a typo), an unknown platform, a negative duration or count is an error on one line.
public struct AndroidFile: Sendable, Equatable {
    /// The platform profile.
    public var platform: PlatformProfile
    /// The Android system model's numbers.
    public var policy: AndroidPolicy

    /// A file's contents; the defaults are the built-in ones (iOS only, the documented policy).
    public init(platform: PlatformProfile = .ios, policy: AndroidPolicy = AndroidPolicy()) {
        self.platform = platform
        self.policy = policy
    }

    /// Every key `policy` may hold, sorted (read off the encoded defaults, so it cannot drift from the type).
    public static let policyKeys: [String] = {
        guard let object = try? JSONSerialization.jsonObject(with: encode(AndroidFile())),
            let dictionary = object as? [String: Any], let policy = dictionary["policy"] as? [String: Any]
        else { return [] }
        return policy.keys.sorted()
    }()

    /// Parses and checks the file's bytes; `path` names the file in errors.
    public static func parse(_ data: Data, path: String) throws(ConfigurationError) -> AndroidFile {
        let file: AndroidFile
        do {
            file = try JSONDecoder().decode(Checked.self, from: data).file
        } catch {
            throw ConfigurationError(path: path, problem: DecodingProblem.text(error, data: data))
        }
        try validate(file.policy, path: path)
        return file
    }

    /// The file as JSON: every key, sorted, pretty-printed.
    public static func encode(_ file: AndroidFile) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let object = Encoded(platform: file.platform, policy: file.policy)
        // Safety net only: every parameter is a finite number, which JSON can always represent.
        return (try? encoder.encode(object)) ?? Data("{}".utf8)
    }

    /// Checks that no number in the policy is negative and the Doze schedule can make progress.
    static func validate(_ policy: AndroidPolicy, path: String) throws(ConfigurationError) {
        guard let object = try? JSONSerialization.jsonObject(with: encode(AndroidFile(policy: policy))),
            let values = (object as? [String: Any])?["policy"] as? [String: Any]
        else { return }
        for key in values.keys.sorted() {
            for number in numbers(in: values[key]) where number < 0 || !number.isFinite {
                throw ConfigurationError(path: path, problem: "policy.\(key) must not be negative (got \(number))")
            }
        }
        guard policy.jobWindow > 0, policy.restrictedWindow > 0 else {
            throw ConfigurationError(
                path: path, problem: "policy.jobWindow and policy.restrictedWindow must be greater than 0")
        }
        guard policy.expeditedWindow > 0 else {
            throw ConfigurationError(path: path, problem: "policy.expeditedWindow must be greater than 0")
        }
    }

    /// The numbers in a JSON value (a number, or the values of an object or array).
    private static func numbers(in value: Any?) -> [Double] {
        if let number = value as? NSNumber, !(value is Bool) { return [number.doubleValue] }
        if let dictionary = value as? [String: Any] { return dictionary.values.flatMap { numbers(in: $0) } }
        if let array = value as? [Any] { return array.flatMap { numbers(in: $0) } }
        return []
    }

    /// The file's shape for encoding.
    private struct Encoded: Encodable {
        /// `platform`.
        let platform: PlatformProfile
        /// `policy`.
        let policy: AndroidPolicy
    }

    /// Decodes the file after rejecting unknown keys, at the top and in `policy`.
    private struct Checked: Decodable {
        /// The contents.
        let file: AndroidFile

        init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.allCases.map(\.stringValue))
            let c = try decoder.container(keyedBy: CodingKeys.self)
            var platform = PlatformProfile.ios
            if let name = try c.decodeIfPresent(String.self, forKey: .platform) {
                guard let profile = PlatformProfile(rawValue: name) else {
                    let names = PlatformProfile.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                    throw DecodingError.dataCorruptedError(
                        forKey: .platform, in: c, debugDescription: "expected one of \(names) (got \"\(name)\")")
                }
                platform = profile
            }
            let policy = try c.decodeIfPresent(Policy.self, forKey: .policy)?.policy ?? AndroidPolicy()
            file = AndroidFile(platform: platform, policy: policy)
        }

        /// The top-level keys.
        private enum CodingKeys: String, CodingKey, CaseIterable {
            case platform, policy
        }
    }

    /// Decodes `policy` after rejecting unknown keys.
    private struct Policy: Decodable {
        /// The policy.
        let policy: AndroidPolicy

        init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(AndroidFile.policyKeys)
            policy = try AndroidPolicy(from: decoder)
        }
    }
}
