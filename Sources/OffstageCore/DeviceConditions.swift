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
    /// Whether Low Data Mode is on for the current network: it is constrained (a session with
    /// `allowsConstrainedNetworkAccess` off waits for another).
    public var lowDataMode: Bool

    /// A device on Wi-Fi and power, the friendliest conditions.
    public init(
        network: Network = .wifi,
        charging: Bool = true,
        batteryLevel: Int = 100,
        lowPowerMode: Bool = false,
        backgroundRefresh: Bool = true,
        lowDataMode: Bool = false
    ) {
        self.network = network
        self.charging = charging
        self.batteryLevel = batteryLevel
        self.lowPowerMode = lowPowerMode
        self.backgroundRefresh = backgroundRefresh
        self.lowDataMode = lowDataMode
    }

    /// Decodes conditions; a value stored before Low Data Mode existed has it off.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        network = try c.decode(Network.self, forKey: .network)
        charging = try c.decode(Bool.self, forKey: .charging)
        batteryLevel = try c.decode(Int.self, forKey: .batteryLevel)
        lowPowerMode = try c.decode(Bool.self, forKey: .lowPowerMode)
        backgroundRefresh = try c.decode(Bool.self, forKey: .backgroundRefresh)
        lowDataMode = try c.decode(.lowDataMode, default: false)
    }
}
