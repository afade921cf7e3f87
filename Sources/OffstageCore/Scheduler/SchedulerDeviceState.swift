import Foundation

/// The device as the BG scheduler sees it: the shared `DeviceConditions` plus whether someone is using it.
public struct SchedulerDeviceState: Codable, Sendable, Equatable {
    /// Network, power, battery, Low Power Mode and the Background App Refresh switch.
    public var conditions: DeviceConditions
    /// Whether the user is using the device (screen on); processing tasks need it idle and stop when it is used.
    public var inUse: Bool

    /// A device state; by default Wi-Fi, charging, full battery and idle.
    public init(conditions: DeviceConditions = DeviceConditions(), inUse: Bool = false) {
        self.conditions = conditions
        self.inUse = inUse
    }

    /// Whether the battery is critically low (below `level`) and not charging.
    public func batteryCriticallyLow(below level: Int) -> Bool {
        !conditions.charging && conditions.batteryLevel < level
    }

    /// A short description for the event log.
    public var summary: String {
        let c = conditions
        return "\(c.network.rawValue), \(c.charging ? "charging" : "on battery") \(c.batteryLevel)%"
            + (c.lowPowerMode ? ", Low Power Mode" : "") + (c.backgroundRefresh ? "" : ", Background App Refresh off")
            + (inUse ? ", in use" : ", idle")
    }
}
