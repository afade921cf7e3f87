import Foundation
import OffstageCore
import OffstageStore

/// `offstage device …`: shows or changes the simulated device conditions.
enum DeviceCommand {
    static func run(_ raw: [String], context: CLIContext) throws {
        var conditions = try context.openStoreForReading()?.loadConditions() ?? DeviceConditions()
        guard !raw.isEmpty else {
            print(describe(conditions))
            return
        }
        var words = raw[...]
        while let word = words.popFirst() {
            switch word {
            case "wifi", "cellular", "offline":
                conditions.network = DeviceConditions.Network(rawValue: word) ?? .wifi
            case "charging":
                conditions.charging = try InputValidation.toggle(words.popFirst(), for: "charging")
            case "low-power":
                conditions.lowPowerMode = try InputValidation.toggle(words.popFirst(), for: "low-power")
            case "refresh":
                conditions.backgroundRefresh = try InputValidation.toggle(words.popFirst(), for: "refresh")
            case "in-use":
                let inUse = try InputValidation.toggle(words.popFirst(), for: "in-use")
                let command = DaemonCommand.setDeviceInUse(inUse)
                let outcome = try context.submit(command)
                try TaskControlCommand.report(outcome, done: "device \(inUse ? "in use" : "idle")", context: context)
                if words.isEmpty { return }
            case "battery":
                guard let text = words.popFirst(), let level = NumberText.wholeNumber(Substring(text)),
                    (0...100).contains(level)
                else {
                    throw CLIError.usage("battery needs a level from 0 to 100")
                }
                conditions.batteryLevel = level
            default:
                throw CLIError.usage("unknown device setting \(word)")
            }
        }
        let command = DaemonCommand.setConditions(conditions)
        let outcome = try context.submit(command)
        try TaskControlCommand.report(outcome, done: describe(conditions), context: context)
    }

    static func describe(_ c: DeviceConditions) -> String {
        "network \(c.network.rawValue), \(c.charging ? "charging" : "on battery"), battery \(c.batteryLevel)%, "
            + "low power \(c.lowPowerMode ? "on" : "off"), background refresh \(c.backgroundRefresh ? "on" : "off")"
    }
}
