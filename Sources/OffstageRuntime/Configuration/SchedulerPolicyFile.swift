import Foundation
import OffstageCore

/// The `scheduler.json` file: every `SchedulerPolicyConfiguration` parameter by its Swift name.
///
/// Missing keys take their defaults; an unknown key (a typo) or a negative value is an error. The relaunch rate
/// limiter's keys (`SchedulerPolicyConfiguration.movedToApp`) moved to `app.json`: they are accepted and ignored,
/// each with a warning (`warnings(in:path:)`), so an older folder still loads.
public enum SchedulerPolicyFile {
    /// Every key the file may hold, sorted (read off the encoded defaults, so it cannot drift from the type).
    public static let keys: [String] = {
        guard let object = try? JSONSerialization.jsonObject(with: encode(SchedulerPolicyConfiguration())),
            let dictionary = object as? [String: Any]
        else { return [] }
        return dictionary.keys.sorted()
    }()

    /// Parses and checks the file's bytes; `path` names the file in errors.
    public static func parse(_ data: Data, path: String) throws(ConfigurationError) -> SchedulerPolicyConfiguration {
        let policy: SchedulerPolicyConfiguration
        do {
            policy = try JSONDecoder().decode(Checked.self, from: data).policy
        } catch {
            throw ConfigurationError(path: path, problem: DecodingProblem.text(error, data: data))
        }
        try validate(policy, path: path)
        return policy
    }

    /// One line for each key of `data` that moved to `app.json`: it is ignored, and where to set it instead.
    public static func warnings(in data: Data, path: String) -> [String] {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return [] }
        return SchedulerPolicyConfiguration.movedToApp.filter { object[$0] != nil }.map { key in
            "\(path): \(key) is deprecated and ignored: the relaunch rate limiter is the app's (one per app, as "
                + "on iOS); set lifecycle.\(key) in app.json"
        }
    }

    /// The policy as the file's JSON: every key, sorted, pretty-printed.
    public static func encode(_ policy: SchedulerPolicyConfiguration) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        // Safety net only: every parameter is a finite number, which JSON can always represent.
        return (try? encoder.encode(policy)) ?? Data("{}".utf8)
    }

    /// The largest value any parameter may hold (seconds: about 31 years; counts: far beyond any use).
    static let maximumValue: Double = 1e9

    /// Checks that no parameter is negative or absurdly large and that the scheduler can make progress.
    static func validate(_ policy: SchedulerPolicyConfiguration, path: String) throws(ConfigurationError) {
        guard let object = try? JSONSerialization.jsonObject(with: encode(policy)),
            let values = object as? [String: Any]
        else { return }
        for key in values.keys.sorted() {
            if let number = values[key] as? NSNumber, number.doubleValue < 0 {
                throw ConfigurationError(path: path, problem: "\(key) must not be negative (got \(number))")
            }
            if let number = values[key] as? NSNumber, !(number.doubleValue <= maximumValue) {
                throw ConfigurationError(
                    path: path, problem: "\(key) must be at most 1000000000 (got \(number))")
            }
        }
        guard policy.wakeInterval > 0 else {
            throw ConfigurationError(path: path, problem: "wakeInterval must be greater than 0")
        }
        guard policy.wakeJitter < 1 else {
            throw ConfigurationError(path: path, problem: "wakeJitter must be less than 1 (got \(policy.wakeJitter))")
        }
    }

    /// Decodes the policy after rejecting unknown keys.
    private struct Checked: Decodable {
        let policy: SchedulerPolicyConfiguration

        init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(SchedulerPolicyFile.keys + SchedulerPolicyConfiguration.movedToApp)
            policy = try SchedulerPolicyConfiguration(from: decoder)
        }
    }
}
