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
        ]
    }

    /// Draws the menu over `screen`.
    static func draw(in screen: inout Screen, context c: RenderContext) {
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
                "power", conditions.charging ? "external power (charging)" : "on battery", labelWidth: 22, style: c.palette.title,
                context: c),
            OverlayFrame.field("battery", "\(conditions.batteryLevel)%", labelWidth: 22, style: c.palette.title, context: c),
            OverlayFrame.field("Low Power Mode", onOff(conditions.lowPowerMode), labelWidth: 22, style: c.palette.title, context: c),
            OverlayFrame.field(
                "Background App Refresh", onOff(conditions.backgroundRefresh), labelWidth: 22, style: c.palette.title, context: c),
            OverlayFrame.field("device", device.inUse ? "in use" : "idle", labelWidth: 22, style: c.palette.title, context: c),
            [],
        ]
        for item in items(c) {
            var line = [Span(TextFit.pad(item.key, to: 4), c.palette.key), Span(item.action)]
            if item.action == "network: " + network { line.append(Span("  " + c.glyphs.current + " now", c.palette.good)) }
            lines.append(line)
        }
        OverlayFrame.draw(in: &screen, title: "Device conditions", footer: "Esc close", lines: lines, maxWidth: 60, context: c)
    }
}
