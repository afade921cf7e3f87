import Foundation
import OffstageCore
import OffstageRuntime
import OffstageStore

/// `offstage device …`: shows or changes the simulated device conditions (iOS and Android).
enum DeviceCommand {
    /// Shows the conditions (no words), or checks every word, then submits each command and reports it.
    static func run(_ raw: [String], context: CLIContext) throws {
        let args = try Arguments(raw, spec: CommandCatalog.device)
        let configuration = args.value("--config")
        let store = try context.openStoreForReading()
        let current = try store?.loadConditions() ?? DeviceConditions()
        guard !args.positionals.isEmpty else {
            context.output.line(describe(current))
            do {
                if let chosen = try store?.loadPlatform() {
                    context.output.line("platform \(chosen.rawValue) (chosen for this home)")
                } else {
                    let configured = try SchedulerConfig.load(configuration, context: context).android.platform
                    context.output.line(
                        "platform \(configured.rawValue) (none chosen for this home: config/android.json, else ios)")
                }
            } catch {
                throw CLIContext.translate(error)
            }
            return
        }
        // Every word is checked before anything is sent. The conditions go first: Doze, for one, needs the
        // device unplugged, so `device charging off doze on` must unplug it before it dozes. A platform switch is the
        // first of the other commands.
        let plan = try parse(args.positionals, current: current)
        if let conditions = plan.conditions {
            let outcome = try context.submit(.setConditions(conditions), configuration: configuration)
            try TaskControlCommand.report(outcome, done: describe(conditions), context: context)
        }
        for step in plan.steps {
            let outcome = try context.submit(step.command, configuration: configuration)
            try TaskControlCommand.report(outcome, done: step.done, context: context)
        }
    }

    /// What the words ask for: the new conditions when a condition word was given (sent first), and the other
    /// commands (in use, the Android settings) in the order given, each with the line that reports it done.
    struct Plan: Equatable {
        /// The conditions to set, or nil when no condition word was given.
        var conditions: DeviceConditions?
        /// The other commands.
        var steps: [Step] = []
    }

    /// One command of a plan and its line.
    struct Step: Equatable {
        /// The command.
        var command: DaemonCommand
        /// What it did once the engine took it.
        var done: String
    }

    /// The Android settings that take on or off: the word, its request and its name in a sentence.
    static let androidToggles: [String: (request: @Sendable (Bool) -> AndroidRequest, name: String)] = [
        "doze": ({ .doze($0) }, "Doze"),
        "battery-saver": ({ .batterySaver($0) }, "battery saver"),
        "background-restricted": ({ .backgroundRestricted($0) }, "background restriction"),
        "roaming": ({ .roaming($0) }, "roaming"),
        "storage-low": ({ .storageLow($0) }, "low storage"),
    ]

    /// Parses the words against the current conditions.
    static func parse(_ raw: [String], current: DeviceConditions) throws -> Plan {
        var conditions = current
        var changed = false
        var plan = Plan()
        var words = raw[...]
        while let word = words.popFirst() {
            switch word {
            case "wifi", "cellular", "offline":
                conditions.network = DeviceConditions.Network(rawValue: word) ?? .wifi
                changed = true
            case "charging":
                conditions.charging = try InputValidation.toggle(words.popFirst(), for: "charging")
                changed = true
            case "low-power":
                conditions.lowPowerMode = try InputValidation.toggle(words.popFirst(), for: "low-power")
                changed = true
            case "refresh":
                conditions.backgroundRefresh = try InputValidation.toggle(words.popFirst(), for: "refresh")
                changed = true
            case "low-data":
                conditions.lowDataMode = try InputValidation.toggle(words.popFirst(), for: "low-data")
                changed = true
            case "battery":
                let text = words.popFirst()
                guard let text, let level = NumberText.wholeNumber(Substring(text)), (0...100).contains(level) else {
                    throw CLIError.usage("battery needs a level from 0 to 100" + (text.map { ", not \($0)" } ?? ""))
                }
                conditions.batteryLevel = level
                changed = true
            case "in-use":
                let inUse = try InputValidation.toggle(words.popFirst(), for: "in-use")
                plan.steps.append(Step(command: .setDeviceInUse(inUse), done: "device \(inUse ? "in use" : "idle")"))
            case "bucket":
                let names = StandbyBucket.allCases.map(\.rawValue).joined(separator: ", ")
                guard let text = words.popFirst(), let bucket = StandbyBucket(rawValue: text) else {
                    throw CLIError.usage("bucket needs one of \(names)")
                }
                plan.steps.append(
                    Step(command: .android(.bucket(bucket)), done: "the Android app is in the \(bucket.title) bucket"))
            case "platform":
                let names = PlatformProfile.allCases.map(\.rawValue).joined(separator: ", ")
                guard let text = words.popFirst(), let profile = PlatformProfile(rawValue: text) else {
                    throw CLIError.usage("platform needs one of \(names)")
                }
                // Before the other steps, so `device doze on platform android` dozes the Android device it starts.
                let switches = plan.steps.prefix { if case .setPlatform = $0.command { true } else { false } }.count
                plan.steps.insert(
                    Step(command: .setPlatform(profile), done: "platform \(profile.rawValue)"), at: switches)
            case _ where androidToggles[word] != nil:
                guard let toggle = androidToggles[word] else { continue }
                let on = try InputValidation.toggle(words.popFirst(), for: word)
                plan.steps.append(
                    Step(command: .android(toggle.request(on)), done: "\(toggle.name) \(on ? "on" : "off")"))
            default:
                throw CLIError.usage("unknown device setting \(TransferDaemon.printable(word))")
            }
        }
        if changed { plan.conditions = conditions }
        return plan
    }

    /// The iOS conditions in one line.
    static func describe(_ c: DeviceConditions) -> String {
        "network \(c.network.rawValue), \(c.charging ? "charging" : "on battery"), battery \(c.batteryLevel)%, "
            + "low power \(c.lowPowerMode ? "on" : "off"), background refresh \(c.backgroundRefresh ? "on" : "off"), "
            + "low data \(c.lowDataMode ? "on" : "off")"
    }
}
