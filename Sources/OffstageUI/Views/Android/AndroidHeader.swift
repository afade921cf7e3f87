import OffstageCore

/// The header's Android pieces: the process's phase, the running foreground services' notification, and the
/// Android device state (bucket, Doze, battery saver, background restriction, roaming, storage).
enum AndroidHeader {
    /// The process's phase, labelled `label` (`compactLabel` in the short form, which says why the process ended
    /// only when `wide`); nothing without Android.
    static func process(_ c: RenderContext, label: String, compactLabel: String, wide: Bool, priority: Int = 1)
        -> [HeaderView.Item]
    {
        guard let android = c.snapshot.android else { return [] }
        let phase = WorkText.process(android.process, c)
        let short = wide ? phase.text : phase.compact
        return [
            HeaderView.Item(
                spans: [Span(label, c.palette.muted), Span(phase.text, phase.style)], priority: priority,
                compact: (compactLabel.isEmpty ? [] : [Span(compactLabel, c.palette.muted)]) + [
                    Span(short, phase.style)
                ])
        ]
    }

    /// The first foreground service's notification (name and text) and how many more run, as
    /// `fgs upload-backup: Backing up · 3 of 12 photos +1`; its short form fits in `room` columns.
    static func services(_ c: RenderContext, room: Int) -> [HeaderView.Item] {
        guard let services = c.snapshot.android?.foregroundServices, let first = services.first else { return [] }
        let more = services.count > 1 ? [Span(" +\(services.count - 1)", c.palette.muted)] : []
        let moreWidth = more.reduce(0) { $0 + $1.width }
        let name = c.safe(first.name), text = c.safe(first.notification)
        let full: [Span] =
            [Span("fgs ", c.palette.muted), Span(c.fit(name, 24), c.palette.info), Span(": " + c.fit(text, 48))] + more
        let nameRoom = max(4, min(16, room - 4 - moreWidth))
        var compact: [Span] = [Span("fgs ", c.palette.muted), Span(c.fit(name, nameRoom), c.palette.info)]
        let textRoom = room - 4 - DisplayWidth.of(c.fit(name, nameRoom)) - 2 - moreWidth
        if textRoom >= 6 { compact.append(Span(": " + c.fit(text, textRoom))) }
        return [HeaderView.Item(spans: full, priority: 3, compact: compact + more)]
    }

    /// The Android device state among the device conditions.
    static func device(_ c: RenderContext) -> [HeaderView.Item] {
        guard let device = c.snapshot.android?.device else { return [] }
        let bucketStyle: Style =
            switch device.bucket {
            case .active, .workingSet: c.palette.plain
            case .frequent: c.palette.plain
            case .rare: c.palette.warn
            case .restricted: c.palette.bad
            }
        var items = [
            HeaderView.Item(
                spans: [Span("bucket ", c.palette.muted), Span(device.bucket.title, bucketStyle)], priority: 3)
        ]
        let doze = WorkText.doze(device.doze, c)
        items.append(
            HeaderView.Item(
                spans: [Span(doze.text, doze.style)], priority: device.doze == .off ? 5 : 3,
                compact: [Span(doze.compact, doze.style)]))
        if device.batterySaver {
            items.append(HeaderView.Item(spans: [Span("battery saver", c.palette.warn)], priority: 4))
        }
        if device.backgroundRestricted {
            items.append(
                HeaderView.Item(
                    spans: [Span("background restricted", c.palette.bad)], priority: 3,
                    compact: [Span("bg restricted", c.palette.bad)]))
        }
        if device.roaming { items.append(HeaderView.Item(spans: [Span("roaming", c.palette.warn)], priority: 4)) }
        if device.storageLow {
            items.append(HeaderView.Item(spans: [Span("storage low", c.palette.warn)], priority: 4))
        }
        return items
    }
}
