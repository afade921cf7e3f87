import OffstageCore

/// The device menu (`d`): the current conditions and which key changes which.
enum DeviceOverlay {
    /// One key of the menu.
    struct Item {
        /// The key.
        let key: String
        /// What it does.
        let action: String
    }

    /// The menu's keys, in the order shown.
    static func items(_ c: RenderContext) -> [Item] {
        [
            Item(key: "w", action: "network: Wi-Fi"),
            Item(key: "c", action: "network: cellular"),
            Item(key: "o", action: "network: offline"),
            Item(key: "p", action: "external power on/off"),
            Item(key: "b", action: "battery " + c.glyphs.minus + "10 %"),
            Item(key: "B", action: "battery +10 %"),
            Item(key: "l", action: "Low Power Mode on/off"),
            Item(key: "r", action: "Background App Refresh on/off"),
            Item(key: "i", action: "in use / idle"),
            Item(key: "a", action: "platform: iOS, Android, both"),
        ]
    }

    /// The platform's name as the menu shows it.
    static func platformName(_ platform: PlatformProfile) -> String {
        switch platform {
        case .ios: "iOS"
        case .android: "Android"
        case .both: "both"
        }
    }

    /// Draws the menu over `screen`: iOS alone lists the conditions, then the keys; with Android, one line per key
    /// with its condition's current value (so both platforms' conditions fit 80×24).
    static func draw(in screen: inout Screen, context c: RenderContext) {
        if let android = c.snapshot.android, c.snapshot.platform.includesAndroid {
            return drawWithAndroid(android.device, in: &screen, context: c)
        }
        let device = c.snapshot.device
        let conditions = device.conditions
        let network =
            switch conditions.network {
            case .wifi: "Wi-Fi"
            case .cellular: "cellular"
            case .offline: "offline"
            }
        let onOff = { (on: Bool) in on ? "on" : "off" }
        var lines: [OverlayFrame.Line] = [
            OverlayFrame.field("network", network, labelWidth: 22, style: c.palette.title, context: c),
            OverlayFrame.field(
                "power", conditions.charging ? "external power (charging)" : "on battery", labelWidth: 22,
                style: c.palette.title,
                context: c),
            OverlayFrame.field(
                "battery", "\(conditions.batteryLevel)%", labelWidth: 22, style: c.palette.title, context: c),
            OverlayFrame.field(
                "Low Power Mode", onOff(conditions.lowPowerMode), labelWidth: 22, style: c.palette.title, context: c),
            OverlayFrame.field(
                "Background App Refresh", onOff(conditions.backgroundRefresh), labelWidth: 22, style: c.palette.title,
                context: c),
            OverlayFrame.field(
                "device", device.inUse ? "in use" : "idle", labelWidth: 22, style: c.palette.title, context: c),
            OverlayFrame.field(
                "platform", platformName(c.snapshot.platform), labelWidth: 22, style: c.palette.title, context: c),
            [],
        ]
        for item in items(c) {
            var line = [Span(TextFit.pad(item.key, to: 4), c.palette.key), Span(item.action)]
            if item.action == "network: " + network {
                line.append(Span("  " + c.glyphs.current + " now", c.palette.good))
            }
            lines.append(line)
        }
        OverlayFrame.draw(
            in: &screen, title: "Device conditions", footer: "Esc close", lines: lines, maxWidth: 60, context: c)
    }

    /// One line of the Android menu: its keys, what they do, and the value now.
    struct Row {
        /// The keys.
        let keys: String
        /// What they change.
        let action: String
        /// The value now.
        let value: String
    }

    /// The Android (or side-by-side) menu's lines, in the order shown.
    static func androidRows(_ android: AndroidDeviceSnapshot, _ c: RenderContext) -> [Row] {
        let device = c.snapshot.device
        let conditions = device.conditions
        let onOff = { (on: Bool) in on ? "on" : "off" }
        let network =
            switch conditions.network {
            case .wifi: "Wi-Fi"
            case .cellular: "cellular"
            case .offline: "offline"
            }
        let doze =
            switch android.doze {
            case .off: "off"
            case .dozing: "dozing"
            case .maintenance: "maintenance window"
            }
        var rows = [
            Row(keys: "w c o", action: "network: Wi-Fi, cellular, offline", value: network),
            Row(keys: "p", action: "external power on/off", value: conditions.charging ? "charging" : "on battery"),
            Row(keys: "b B", action: "battery \(c.glyphs.minus)10 % / +10 %", value: "\(conditions.batteryLevel)%"),
        ]
        if c.snapshot.platform.includesIOS {
            rows += [
                Row(keys: "l", action: "Low Power Mode on/off (iOS)", value: onOff(conditions.lowPowerMode)),
                Row(
                    keys: "r", action: "Background App Refresh on/off (iOS)", value: onOff(conditions.backgroundRefresh)
                ),
            ]
        }
        rows += [
            Row(keys: "z", action: "Doze on/off", value: doze),
            Row(keys: "s", action: "standby bucket: the next one", value: android.bucket.title),
            Row(keys: "v", action: "battery saver on/off", value: onOff(android.batterySaver)),
            Row(keys: "x", action: "background restriction on/off", value: onOff(android.backgroundRestricted)),
            Row(keys: "m", action: "roaming on/off", value: onOff(android.roaming)),
            Row(keys: "t", action: "storage low on/off", value: onOff(android.storageLow)),
            Row(keys: "i", action: "in use / idle", value: device.inUse ? "in use" : "idle"),
            Row(keys: "a", action: "platform: iOS, Android, both", value: platformName(c.snapshot.platform)),
        ]
        return rows
    }

    /// Draws the Android (or side-by-side) menu: the values keep their column; actions are cut first on a narrow
    /// terminal.
    static func drawWithAndroid(_ android: AndroidDeviceSnapshot, in screen: inout Screen, context c: RenderContext) {
        let rows = androidRows(android, c)
        let keyWidth = 6
        let valueWidth = rows.reduce(0) { max($0, DisplayWidth.of($1.value)) }
        let natural = rows.reduce(0) { max($0, DisplayWidth.of($1.action)) } + 2
        let inner = min(60, screen.width - 2) - 4
        let actionWidth = max(4, min(natural, inner - keyWidth - valueWidth))
        let lines: [OverlayFrame.Line] = rows.map { row in
            [
                Span(TextFit.pad(row.keys, to: keyWidth), c.palette.key),
                Span(TextFit.pad(c.fit(row.action, actionWidth - 1), to: actionWidth)),
                Span(row.value, c.palette.title),
            ]
        }
        OverlayFrame.draw(
            in: &screen, title: "Device conditions", footer: "Esc close", lines: lines, maxWidth: 60, context: c)
    }
}
