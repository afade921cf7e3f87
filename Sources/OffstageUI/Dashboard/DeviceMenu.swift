import OffstageCore

extension KeyBinding {
    /// The keys of the device menu (`d`) in every profile; each sends the new conditions, computed from the
    /// snapshot's. Low Power Mode and Background App Refresh are iOS's, Doze to storage Android's.
    public static let device: [KeyBinding] = [
        KeyBinding("w", "Wi-Fi"),
        KeyBinding("c", "cellular"),
        KeyBinding("o", "offline"),
        KeyBinding("p", "toggle charging"),
        KeyBinding("b/B", "battery −10 / +10 %"),
        KeyBinding("l", "toggle Low Power Mode", in: [.ios, .both]),
        KeyBinding("r", "toggle Background App Refresh", in: [.ios, .both]),
        KeyBinding("z", "toggle Doze", in: [.android, .both]),
        KeyBinding("s", "next standby bucket (active … restricted)", in: [.android, .both]),
        KeyBinding("v", "toggle battery saver", in: [.android, .both]),
        KeyBinding("x", "toggle background restriction", in: [.android, .both]),
        KeyBinding("m", "toggle roaming", in: [.android, .both]),
        KeyBinding("t", "toggle storage low", in: [.android, .both]),
        KeyBinding("i", "toggle device in use"),
        KeyBinding("a", "next platform (iOS, Android, both)"),
        KeyBinding("Esc/d", "close"),
    ]

    /// The device menu's keys one profile offers.
    public static func device(for profile: PlatformProfile) -> [KeyBinding] {
        device.filter { $0.profiles.contains(profile) }
    }
}

/// The device menu: network, power, battery, in use, the platform; Low Power Mode and Background App Refresh with iOS; Doze, the
/// standby bucket, battery saver, background restriction, roaming and low storage with Android.
enum DeviceMenu {
    /// How much `b` and `B` change the battery level.
    static let batteryStep = 10

    /// A key while the device menu is open.
    static func key(_ key: Key, state: inout DashboardState, snapshot: Snapshot) -> [DashboardEffect] {
        let platform = snapshot.platform
        if case .character(let letter) = key, let effects = androidKey(letter, state: &state, snapshot: snapshot) {
            return effects
        }
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
        case .character("l") where platform.includesIOS: next.lowPowerMode.toggle()
        case .character("r") where platform.includesIOS: next.backgroundRefresh.toggle()
        case .character("i"):
            return Actions.send(.setDeviceInUse(!snapshot.device.inUse), state: &state, snapshot: snapshot)
        case .character("a"):
            return Actions.send(.setPlatform(nextPlatform(after: platform)), state: &state, snapshot: snapshot)
        case .character("l"), .character("r"):
            state.message =
                "Low Power Mode and Background App Refresh are iOS's: v toggles battery saver, x background restriction"
            return []
        default:
            let keys = device(for: platform).map(\.label).filter { $0 != "Esc/d" }
                .flatMap { $0.split(separator: "/") }.joined(separator: " ")
            state.message = "\(KeyName.of(key)) does nothing in the device menu: \(keys), Esc closes"
            return []
        }
        guard next != now else {
            state.message = unchanged(key, now)
            return []
        }
        return Actions.send(.setConditions(next), state: &state, snapshot: snapshot)
    }

    /// The device menu's keys one profile offers (`KeyBinding.device(for:)`).
    static func device(for platform: PlatformProfile) -> [KeyBinding] { KeyBinding.device(for: platform) }

    /// The Android device keys (nil: not one, or the profile runs no Android model).
    static func androidKey(_ letter: Character, state: inout DashboardState, snapshot: Snapshot) -> [DashboardEffect]? {
        guard let android = snapshot.android, snapshot.platform.includesAndroid else { return nil }
        let device = android.device
        let request: AndroidRequest
        switch letter {
        case "z":
            if case .off = device.doze { request = .doze(true) } else { request = .doze(false) }
        case "s": request = .bucket(nextBucket(after: device.bucket))
        case "v": request = .batterySaver(!device.batterySaver)
        case "x": request = .backgroundRestricted(!device.backgroundRestricted)
        case "m": request = .roaming(!device.roaming)
        case "t": request = .storageLow(!device.storageLow)
        default: return nil
        }
        return Actions.send(.android(request), state: &state, snapshot: snapshot)
    }

    /// The platform `a` switches to: iOS, Android, both, then iOS again.
    static func nextPlatform(after platform: PlatformProfile) -> PlatformProfile {
        let all = PlatformProfile.allCases
        guard let index = all.firstIndex(of: platform) else { return .ios }
        return all[(index + 1) % all.count]
    }

    /// The bucket `s` moves to: active, working set, frequent, rare, restricted, then active again.
    static func nextBucket(after bucket: StandbyBucket) -> StandbyBucket {
        let all = StandbyBucket.allCases
        guard let index = all.firstIndex(of: bucket) else { return .active }
        return all[(index + 1) % all.count]
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
