/// The device facts WorkManager's constraints are checked against.
public struct AndroidConstraintInputs: Codable, Sendable, Equatable {
    /// The network: Wi-Fi is unmetered, cellular is metered, offline is none.
    public var network: DeviceConditions.Network
    /// Whether the device is roaming (only meaningful on cellular).
    public var roaming: Bool
    /// Whether the device is charging.
    public var charging: Bool
    /// Whether the battery is low (Android's `BATTERY_LOW`: at or under 15 % and not charging).
    public var batteryLow: Bool
    /// Whether the device is idle (screen off, not used for a while).
    public var deviceIdle: Bool
    /// Whether storage is low (Android's `DEVICE_STORAGE_LOW`).
    public var storageLow: Bool

    /// Device facts; the defaults are a friendly device on Wi-Fi and power.
    public init(
        network: DeviceConditions.Network = .wifi, roaming: Bool = false, charging: Bool = true,
        batteryLow: Bool = false, deviceIdle: Bool = false, storageLow: Bool = false
    ) {
        self.network = network
        self.roaming = roaming
        self.charging = charging
        self.batteryLow = batteryLow
        self.deviceIdle = deviceIdle
        self.storageLow = storageLow
    }
}
