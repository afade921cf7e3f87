/// `Constraints`: what the device must offer before a request runs.
public struct WorkConstraints: Codable, Sendable, Equatable {
    /// `setRequiredNetworkType`.
    public var network: WorkNetworkType
    /// `setRequiresCharging`.
    public var requiresCharging: Bool
    /// `setRequiresBatteryNotLow`.
    public var requiresBatteryNotLow: Bool
    /// `setRequiresDeviceIdle`.
    public var requiresDeviceIdle: Bool
    /// `setRequiresStorageNotLow`.
    public var requiresStorageNotLow: Bool

    /// Constraints; the defaults are none.
    public init(
        network: WorkNetworkType = .notRequired, requiresCharging: Bool = false, requiresBatteryNotLow: Bool = false,
        requiresDeviceIdle: Bool = false, requiresStorageNotLow: Bool = false
    ) {
        self.network = network
        self.requiresCharging = requiresCharging
        self.requiresBatteryNotLow = requiresBatteryNotLow
        self.requiresDeviceIdle = requiresDeviceIdle
        self.requiresStorageNotLow = requiresStorageNotLow
    }

    /// Whether any constraint other than network and storage is set (what expedited work refuses).
    public var hasNonExpeditableConstraint: Bool { requiresCharging || requiresBatteryNotLow || requiresDeviceIdle }

    /// Whether the request needs a network at all.
    public var needsNetwork: Bool { network != .notRequired }

    /// The constraints in words, e.g. `unmetered, charging` (empty: none).
    public var text: String {
        var parts: [String] = []
        if needsNetwork { parts.append(network.rawValue) }
        if requiresCharging { parts.append("charging") }
        if requiresBatteryNotLow { parts.append("battery not low") }
        if requiresDeviceIdle { parts.append("idle") }
        if requiresStorageNotLow { parts.append("storage not low") }
        return parts.joined(separator: ", ")
    }

    /// Whether the device's network satisfies `network` (Wi-Fi is unmetered, cellular metered, roaming only on
    /// cellular).
    public func networkMet(_ inputs: AndroidConstraintInputs) -> Bool {
        switch network {
        case .notRequired: return true
        case .connected: return inputs.network != .offline
        case .unmetered: return inputs.network == .wifi
        case .metered: return inputs.network == .cellular
        case .notRoaming: return inputs.network == .wifi || (inputs.network == .cellular && !inputs.roaming)
        }
    }

    /// The first unmet constraint, checked in the order network, charging, battery not low, device idle, storage
    /// not low, as a wait reason and as the stop reason a running worker gets when it is lost (nil: all met).
    public func firstUnmet(_ inputs: AndroidConstraintInputs) -> (reason: WorkWaitReason, stop: WorkStopReason)? {
        if !networkMet(inputs) { return (.network(network), .constraintConnectivity) }
        if requiresCharging && !inputs.charging { return (.charging, .constraintCharging) }
        if requiresBatteryNotLow && inputs.batteryLow { return (.batteryNotLow, .constraintBatteryNotLow) }
        if requiresDeviceIdle && !inputs.deviceIdle { return (.deviceIdle, .constraintDeviceIdle) }
        if requiresStorageNotLow && inputs.storageLow { return (.storageNotLow, .constraintStorageNotLow) }
        return nil
    }
}
