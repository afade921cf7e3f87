import OffstageCore

/// The header: the badge, the app's phase, the engine, the clock and its warp, and the device's conditions.
enum HeaderView {
    /// A piece of the header; lower `priority` numbers survive a narrow terminal longer.
    struct Item {
        /// What it shows.
        let spans: [Span]
        /// Which to drop first when the line is too narrow (highest first).
        let priority: Int
        /// A shorter form used before anything is dropped (nil: none).
        var compact: [Span]? = nil
        /// Its width.
        var width: Int { spans.reduce(0) { $0 + $1.width } }
    }

    /// Draws the header on rows `0..<rows`; a third row holds the Android device state.
    static func draw(in screen: inout Screen, rows: Int, width: Int, context c: RenderContext) {
        let badge = Item(spans: [Span(" offstage ", c.palette.badge)], priority: 0)
        if rows >= 2 {
            line(in: &screen, row: 0, width: width, left: [badge] + app(c, width: width), right: [clock(c)])
            let label = Item(spans: [Span(" device", c.palette.muted)], priority: 0)
            let left = [label] + device(c, android: rows < 3)
            line(
                in: &screen, row: 1, width: width, left: left,
                right: limit(c) + totals(c, room: width, beside: left + limit(c) + [engine(c)]) + [engine(c)])
            if rows >= 3 {
                let android = Item(spans: [Span(" android", c.palette.muted)], priority: 0)
                line(in: &screen, row: 2, width: width, left: [android] + AndroidHeader.device(c), right: [])
            }
        } else {
            line(
                in: &screen, row: 0, width: width, left: [badge] + app(c, width: width) + device(c, android: true),
                right: limit(c) + [engine(c), clock(c)])
        }
    }

    /// The app's phase and what it waits for: the iOS app's, the Android process's and its foreground services, or
    /// both apps' side by side.
    static func app(_ c: RenderContext, width: Int) -> [Item] {
        var items: [Item]
        switch c.snapshot.platform {
        case .ios: return iosApp(c, label: "app: ", compactLabel: "")
        case .android:
            items = AndroidHeader.process(
                c, label: "app: ", compactLabel: width >= 60 ? "app: " : "", wide: width >= 60)
        case .both:
            // Narrow, the iOS app's phase (with its countdown) stays and the Android one goes first.
            items =
                iosApp(c, label: "iOS: ", compactLabel: width >= 60 ? "iOS " : "")
                + AndroidHeader.process(c, label: "Android: ", compactLabel: "And ", wide: width >= 60, priority: 2)
        }
        // The notification gets the room the compact line leaves beside the badge and the clock.
        let used = items.reduce(10 + 2 + clock(c).width + 3) {
            $0 + ($1.compact ?? $1.spans).reduce(0) { $0 + $1.width } + 2
        }
        return items + AndroidHeader.services(c, room: width - used)
    }

    /// The iOS app's phase and what it waits for, labelled `label` (`compactLabel` in the short form).
    static func iosApp(_ c: RenderContext, label: String, compactLabel: String) -> [Item] {
        let app = c.snapshot.app
        var phase: String
        var short: String?
        var style = c.palette.plain
        switch app.phase {
        case .notRunning:
            phase = "Not running"
            style = c.palette.muted
        case .inactive: phase = "Inactive"
        case .active:
            phase = "Active"
            style = c.palette.good
        case .background:
            phase = "Background"
            if let left = app.backgroundTimeRemaining, left.isFinite, left < 1e9 {
                phase += " " + Format.duration(left) + " left"
                short = "Bg " + Format.duration(left) + " left"
                style = left <= 5 ? c.palette.bad : c.palette.warn
            }
        case .suspended:
            phase = "Suspended"
            style = c.palette.muted
        }
        var items = [
            Item(
                spans: [Span(label, c.palette.muted), Span(phase, style)], priority: 1,
                compact: (compactLabel.isEmpty ? [] : [Span(compactLabel, c.palette.muted)]) + [
                    Span(short ?? phase, style)
                ])
        ]
        if app.forceQuit {
            items.append(
                Item(
                    spans: [Span("force-quit by the user", c.palette.bad)], priority: 2,
                    compact: [Span("force-quit", c.palette.bad)]))
        }
        if let handler = app.completionHandlers.min(by: { $0.secondsLeft < $1.secondsLeft }) {
            let more = app.completionHandlers.count > 1 ? " (+\(app.completionHandlers.count - 1))" : ""
            items.append(
                Item(
                    spans: [
                        Span(
                            "completion handler " + Format.duration(handler.secondsLeft) + " left" + more,
                            c.palette.warn)
                    ],
                    priority: 3, compact: [Span("handler " + Format.duration(handler.secondsLeft), c.palette.warn)]))
        }
        if app.waitingDeliveries > 0 {
            let noun = app.waitingDeliveries == 1 ? "delivery" : "deliveries"
            // Launch events off: no background relaunch brings them; they wait for the user to open the app.
            let until = app.heldForOpen.isEmpty ? "" : " until opened (launch events off)"
            items.append(
                Item(
                    spans: [Span("\(app.waitingDeliveries) \(noun) waiting\(until)", c.palette.info)], priority: 5,
                    compact: until.isEmpty ? nil : [Span("\(app.waitingDeliveries) waiting", c.palette.info)]))
        }
        return items
    }

    /// The device's conditions, with the Android device state when `android` and the profile includes Android.
    static func device(_ c: RenderContext, android: Bool) -> [Item] {
        let conditions = c.snapshot.device.conditions
        let network: Span =
            switch conditions.network {
            case .wifi: Span("Wi-Fi", c.palette.good)
            case .cellular: Span("cellular", c.palette.warn)
            case .offline: Span("offline", c.palette.bad)
            }
        let battery = "\(conditions.batteryLevel)%"
        let power =
            conditions.charging
            ? Span(c.glyphs.charging + " " + battery, c.palette.good)
            : Span("battery " + battery, conditions.batteryLevel <= 20 ? c.palette.bad : c.palette.plain)
        var items = [Item(spans: [network], priority: 4), Item(spans: [power], priority: 4)]
        let platform = c.snapshot.platform
        if android, platform.includesAndroid { items += AndroidHeader.device(c) }
        if platform.includesIOS {
            if conditions.lowPowerMode {
                items.append(Item(spans: [Span("Low Power Mode", c.palette.warn)], priority: 4))
            }
            if conditions.lowDataMode {
                items.append(
                    Item(
                        spans: [Span("Low Data Mode", c.palette.warn)], priority: 4,
                        compact: [Span("low data", c.palette.warn)]))
            }
            items.append(
                Item(
                    spans: [
                        Span(
                            "refresh " + (conditions.backgroundRefresh ? "on" : "off"),
                            conditions.backgroundRefresh ? c.palette.plain : c.palette.warn)
                    ],
                    priority: 6))
        }
        items.append(Item(spans: [Span(c.snapshot.device.inUse ? "in use" : "idle", c.palette.muted)], priority: 7))
        return items
    }

    /// Who runs the engine.
    static func engine(_ c: RenderContext) -> Item {
        let engine = c.snapshot.engine
        switch engine.role {
        case .hosting: return Item(spans: [Span("hosting", c.palette.muted)], priority: 6)
        case .attached:
            let pid = engine.pid.map { " to pid \($0)" } ?? ""
            return Item(spans: [Span("attached" + pid, c.palette.muted)], priority: 6)
        case .notRunning:
            return Item(
                spans: [Span("engine not running", c.palette.bad)], priority: 1,
                compact: [Span("no engine", c.palette.bad)])
        case .starting:
            return Item(
                spans: [Span("engine starting", c.palette.info)], priority: 1,
                compact: [Span("starting", c.palette.info)])
        }
    }

    /// The queue's totals where they fit beside `items` in `room` columns with nothing else shortened: active,
    /// done, bytes done of the total, the overall rate and ETA, else `2 active 31%`, else nothing (none in a home
    /// without transfers, or while the engine starts).
    static func totals(_ c: RenderContext, room: Int, beside items: [Item]) -> [Item] {
        let totals = c.snapshot.transferTotals
        guard totals.count > 0, c.snapshot.engine.role != .starting else { return [] }
        let used = items.reduce(0) { $0 + $1.width + 2 } + 1
        let full = TotalsText.parts(totals).joined(separator: " " + c.glyphs.dot + " ")
        for text in [full, TotalsText.short(totals)] where used + DisplayWidth.of(text) + 2 <= room {
            return [Item(spans: [Span(text, c.palette.plain)], priority: 7)]
        }
        return []
    }

    /// The engine-wide bandwidth limit (`offstage limit`, the `L` key) when one is set; nothing otherwise.
    static func limit(_ c: RenderContext) -> [Item] {
        guard let rate = c.snapshot.rateLimit else { return [] }
        return [
            Item(
                spans: [Span("limit ", c.palette.muted), Span(RateLimit.describe(rate), c.palette.warn)], priority: 3,
                compact: [Span(RateLimit.describe(rate), c.palette.warn)])
        ]
    }

    /// The clock and its warp.
    static func clock(_ c: RenderContext) -> Item {
        let rate = c.snapshot.clock.rate
        let rateStyle = rate == .real ? c.palette.muted : c.palette.warn
        return Item(
            spans: [Span(Format.clock(c.now), c.palette.title), Span(" "), Span(c.warp(rate), rateStyle)], priority: 1)
    }

    /// Draws `left` items from the left and `right` items against the right edge, dropping the least important
    /// ones until everything fits.
    static func line(in screen: inout Screen, row: Int, width: Int, left: [Item], right: [Item]) {
        var left = left
        var right = right
        let full = left.reduce(0) { $0 + $1.width + 2 } + right.reduce(0) { $0 + $1.width + 2 } + 1
        if full > width {
            left = left.map { Item(spans: $0.compact ?? $0.spans, priority: $0.priority) }
            right = right.map { Item(spans: $0.compact ?? $0.spans, priority: $0.priority) }
        }
        func total() -> Int {
            let l = left.reduce(0) { $0 + $1.width } + max(0, left.count - 1) * 2
            let r = right.reduce(0) { $0 + $1.width } + max(0, right.count - 1) * 2
            return l + r + (right.isEmpty ? 0 : 2) + 1
        }
        while total() > width {
            let worstLeft = left.indices.dropFirst().max { left[$0].priority < left[$1].priority }
            let worstRight = right.indices.max { right[$0].priority < right[$1].priority }
            let leftPriority = worstLeft.map { left[$0].priority } ?? -1
            let rightPriority = worstRight.map { right[$0].priority } ?? -1
            if leftPriority < 0, rightPriority < 0 { break }
            if rightPriority > leftPriority, let index = worstRight {
                right.remove(at: index)
            } else if let index = worstLeft {
                left.remove(at: index)
            } else {
                break
            }
        }
        var column = 0
        for (index, item) in left.enumerated() {
            if index > 0 { column = screen.put("  ", x: column, y: row) }
            column = screen.draw(item.spans, x: column, y: row, limit: width - column)
        }
        let rightWidth = right.reduce(0) { $0 + $1.width } + max(0, right.count - 1) * 2
        var x = width - 1 - rightWidth
        guard !right.isEmpty, x >= column + 1 else { return }
        for (index, item) in right.enumerated() {
            if index > 0 { x = screen.put("  ", x: x, y: row) }
            x = screen.draw(item.spans, x: x, y: row)
        }
    }
}

extension Palette {
    /// Plain text.
    var plain: Style { .plain }
}
