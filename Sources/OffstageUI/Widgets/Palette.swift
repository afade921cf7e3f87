/// The dashboard's colour roles, resolved for what a terminal can show (256, 8 or no colours).
///
/// With no colours (`NO_COLOR`, a mono terminal) every role uses only bold, dim, reverse and underline.
public struct Palette: Equatable, Sendable {
    /// How many colours it was made for: 0, 8 or 256.
    public let colors: Int

    /// A palette for a terminal with `colors` colours (anything below 8 is taken as none).
    public init(colors: Int) {
        self.colors = colors >= 256 ? 256 : (colors >= 8 ? 8 : 0)
    }

    /// A style with `ansi` on 8-colour terminals, `indexed` on 256-colour ones and `mono` attributes otherwise.
    private func pick(_ ansi: UInt8, _ indexed: UInt8, bold: Bool = false, dim: Bool = false, mono: Style) -> Style {
        switch colors {
        case 256: Style(foreground: .indexed(indexed), bold: bold, dim: dim)
        case 8: Style(foreground: .ansi(ansi), bold: bold, dim: dim)
        default: mono
        }
    }

    /// The ` offstage ` badge.
    public var badge: Style { Style(bold: true, reverse: true) }
    /// A pane title.
    public var title: Style { Style(bold: true) }
    /// A pane's rule and an overlay's border.
    public var rule: Style { pick(4, 67, mono: Style(dim: true)) }
    /// Secondary text (labels, units, old details).
    public var muted: Style { pick(7, 245, dim: colors == 8, mono: Style(dim: true)) }
    /// Good news: running, completed, on power, on.
    public var good: Style { pick(2, 78, mono: .plain) }
    /// Needs attention: waiting, retrying, paused, expiring.
    public var warn: Style { pick(3, 214, mono: Style(bold: true)) }
    /// Bad news: failed, killed, offline.
    public var bad: Style { pick(1, 203, bold: true, mono: Style(bold: true, underline: true)) }
    /// Informational highlights: launches, deliveries, reconciliation.
    public var info: Style { pick(6, 81, mono: Style(bold: true)) }
    /// The new bytes of a determinate bar.
    public var barNew: Style { pick(2, 78, mono: Style(bold: true)) }
    /// The resumed (already present) bytes of a determinate bar.
    public var barResumed: Style { pick(4, 61, mono: Style(dim: true)) }
    /// The empty part of a bar.
    public var barTrack: Style {
        colors == 256
            ? Style(foreground: .indexed(240), background: .indexed(236)) : (colors == 8 ? Style(dim: true) : .plain)
    }
    /// An indeterminate bar's moving block.
    public var barActivity: Style { pick(6, 81, mono: Style(bold: true)) }
    /// A cell of the selected row in the focused pane, drawn in `style` before: a background of its own on 8 and 256
    /// colours (a cell with a background keeps it), reverse video only without colours. A bar's cells are not given
    /// to it: reverse video turns a bar's blocks into a dark gap with a sliver at its end.
    public func selected(_ style: Style) -> Style {
        var selected = style
        switch colors {
        case 256: if style.background == .standard { selected.background = .indexed(24) }
        case 8: if style.background == .standard { selected.background = .ansi(4) }
        default: selected.reverse = true
        }
        return selected
    }
    /// A key label on the key bar or in the help.
    public var key: Style { Style(bold: true, reverse: colors == 0) }
    /// A key bar's or status line's message.
    public var message: Style { pick(3, 214, bold: true, mono: Style(bold: true)) }
    /// The demo script's line.
    public var script: Style { pick(5, 177, mono: Style(underline: true)) }
    /// The prompt's text cursor.
    public var cursor: Style { Style(reverse: true) }
}
