/// Frames of the dashboard as one self-contained animated SVG (a story's recording, `offstage render --story`).
///
/// Every distinct row is drawn once (`<defs>`); each frame is a column of `<use>` references, and the frames are
/// stacked one under another in one group that a CSS animation moves up a frame at a time (`steps(1, end)`), so
/// the picture shows frame k from its time until the next frame's. No script, no external resource.
public enum AnimatedSVG {
    /// One frame: a screen, shown from `time` (seconds from the start).
    public struct Frame: Sendable {
        /// When it appears.
        public var time: Double
        /// What it shows.
        public var screen: Screen

        /// A frame.
        public init(time: Double, screen: Screen) {
            self.time = time
            self.screen = screen
        }
    }

    /// The SVG of `frames` (in time order, all of one size) for a terminal of `colors` colours; the last frame
    /// stays `hold` seconds before the animation starts again.
    public static func svg(_ frames: [Frame], palette colors: Int = 256, hold: Double = 4) -> String {
        let kept = distinct(frames)
        guard let first = kept.first else { return "" }
        let cellWidth = ScreenExport.cellWidth, cellHeight = ScreenExport.cellHeight
        let width = Double(first.screen.width) * cellWidth, height = Double(first.screen.height) * cellHeight
        let colours = TerminalColors(colors: colors)
        let start = first.time
        let duration = max(0.1, (kept.last?.time ?? start) - start + hold)
        var rows: [String: Int] = [:]
        var definitions = ""
        var body = ""
        for (index, frame) in kept.enumerated() {
            body += "<g transform=\"translate(0,\(ScreenExport.number(Double(index) * height)))\">"
            for row in 0..<frame.screen.height {
                let fragment = ScreenExport.rowFragment(frame.screen, row: row, top: 0, colours: colours)
                guard !fragment.isEmpty else { continue }
                let id: Int
                if let known = rows[fragment] {
                    id = known
                } else {
                    id = rows.count
                    rows[fragment] = id
                    definitions += "<g id=\"r\(id)\">\(fragment)</g>\n"
                }
                body += "<use xlink:href=\"#r\(id)\" y=\"\(ScreenExport.number(Double(row) * cellHeight))\"/>"
            }
            body += "</g>\n"
        }
        var keyframes = ""
        for (index, frame) in kept.enumerated() {
            let percent = (frame.time - start) / duration * 100
            keyframes +=
                "\(percentText(percent))%{transform:translateY(-\(ScreenExport.number(Double(index) * height))px)}"
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" \
            width="\(ScreenExport.number(width))" height="\(ScreenExport.number(height))" \
            viewBox="0 0 \(ScreenExport.number(width)) \(ScreenExport.number(height))" \
            font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" font-size="\(ScreenExport.number(ScreenExport.fontSize))">
            <style>#frames{animation:roll \(timeText(duration))s steps(1,end) infinite}\
            @keyframes roll{\(keyframes)100%{transform:translateY(-\(ScreenExport.number(Double(kept.count - 1) * height))px)}}</style>
            <rect width="100%" height="100%" fill="\(colours.defaultBackground)"/>
            <defs>
            \(definitions)</defs>
            <g id="frames">
            \(body)</g>
            </svg>

            """
    }

    /// The frames that differ from the one before (the first always).
    static func distinct(_ frames: [Frame]) -> [Frame] {
        var kept: [Frame] = []
        for frame in frames where kept.last?.screen != frame.screen { kept.append(frame) }
        return kept
    }

    /// Frames no closer than `interval` seconds: of several within it, the last one is kept at the first one's time
    /// (a change shows up to `interval` early; none is lost for good).
    public static func thinned(_ frames: [Frame], interval: Double) -> [Frame] {
        var kept: [Frame] = []
        for frame in frames {
            if let last = kept.last, frame.time - last.time < interval {
                kept[kept.count - 1].screen = frame.screen
            } else {
                kept.append(frame)
            }
        }
        return kept
    }

    /// A percentage with up to three decimals.
    static func percentText(_ value: Double) -> String {
        let thousandths = Int((min(100, max(0, value)) * 1000).rounded(.down))
        let fraction = thousandths % 1000
        guard fraction != 0 else { return "\(thousandths / 1000)" }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 3 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(thousandths / 1000).\(digits)"
    }

    /// Seconds with up to one decimal.
    static func timeText(_ value: Double) -> String { ScreenExport.number(value) }
}
