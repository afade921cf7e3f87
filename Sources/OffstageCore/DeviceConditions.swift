/// The simulated device's conditions that decide whether discretionary work may run.
public struct DeviceConditions: Codable, Sendable, Equatable {
    /// The kind of network the device is on.
    public enum Network: String, Codable, Sendable, CaseIterable {
        /// An unmetered Wi-Fi network.
        case wifi
        /// A cellular (expensive) network.
        case cellular
        /// No network at all.
        case offline
    }

    /// The current network.
    public var network: Network
    /// Whether the device is on external power.
    public var charging: Bool
    /// Battery level, 0 to 100.
    public var batteryLevel: Int
    /// Whether Low Power Mode is on.
    public var lowPowerMode: Bool
    /// Whether the Background App Refresh switch is on.
    public var backgroundRefresh: Bool

    /// A device on Wi-Fi and power, the friendliest conditions.
    public init(
        network: Network = .wifi,
        charging: Bool = true,
        batteryLevel: Int = 100,
        lowPowerMode: Bool = false,
        backgroundRefresh: Bool = true
    ) {
        self.network = network
        self.charging = charging
        self.batteryLevel = batteryLevel
        self.lowPowerMode = lowPowerMode
        self.backgroundRefresh = backgroundRefresh
    }
}
