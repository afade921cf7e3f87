import OffstageCore

extension KeyBinding {
    /// The keys of the device menu (`d`); each sends the new conditions, computed from the snapshot's.
    public static let device: [KeyBinding] = [
        KeyBinding("w", "Wi-Fi"),
        KeyBinding("c", "cellular"),
        KeyBinding("o", "offline"),
        KeyBinding("p", "toggle charging"),
        KeyBinding("b/B", "battery −10 / +10 %"),
        KeyBinding("l", "toggle Low Power Mode"),
        KeyBinding("r", "toggle Background App Refresh"),
        KeyBinding("i", "toggle device in use"),
        KeyBinding("Esc/d", "close"),
    ]
}

/// The device menu: network, power, battery, Low Power Mode, Background App Refresh, in use.
enum DeviceMenu {
    /// How much `b` and `B` change the battery level.
    static let batteryStep = 10

    /// A key while the device menu is open.
    static func key(_ key: Key, state: inout DashboardState, snapshot: Snapshot) -> [DashboardEffect] {
        let now = snapshot.device.conditions
        var next = now
        switch key {
        case .escape, .character("d"):
            state.overlay = nil
            return []
        case .character("q"): return [.quit]
        case .character("w"): next.network = .wifi
        case .character("c"): next.network = .cellular
        case .character("o"): next.network = .offline
        case .character("p"): next.charging.toggle()
        case .character("b"): next.batteryLevel = min(100, max(0, now.batteryLevel - batteryStep))
        case .character("B"): next.batteryLevel = min(100, max(0, now.batteryLevel + batteryStep))
        case .character("l"): next.lowPowerMode.toggle()
        case .character("r"): next.backgroundRefresh.toggle()
        case .character("i"):
            return Actions.send(.setDeviceInUse(!snapshot.device.inUse), state: &state, snapshot: snapshot)
        default:
            state.message = "\(KeyName.of(key)) does nothing in the device menu: w c o p b B l r i, Esc closes"
            return []
        }
        guard next != now else {
            state.message = unchanged(key, now)
            return []
        }
        return Actions.send(.setConditions(next), state: &state, snapshot: snapshot)
    }

    /// Why a key left the conditions as they are.
    static func unchanged(_ key: Key, _ conditions: DeviceConditions) -> String {
        switch key {
        case .character("b"): "the battery is already empty (0%)"
        case .character("B"): "the battery is already full (100%)"
        default:
            switch conditions.network {
            case .wifi: "the device is already on Wi-Fi"
            case .cellular: "the device is already on cellular"
            case .offline: "the device is already offline"
            }
        }
    }
}
