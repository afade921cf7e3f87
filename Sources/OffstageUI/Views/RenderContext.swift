import Foundation
import OffstageCore

/// Everything one frame is drawn from: the snapshot, the dashboard's state, and the terminal's abilities.
struct RenderContext {
    /// The engine's snapshot.
    let snapshot: Snapshot
    /// The dashboard's own state.
    let state: DashboardState
    /// The symbols to draw with.
    let glyphs: Glyphs
    /// The colour roles.
    let palette: Palette
    /// The snapshot's clock, seconds since 1970.
    let now: Double

    /// A context for one frame.
    init(snapshot: Snapshot, state: DashboardState, capabilities: TerminalCapabilities) {
        self.snapshot = snapshot
        self.state = state
        glyphs = Glyphs(unicode: capabilities.unicode)
        palette = Palette(colors: capabilities.colors)
        now = snapshot.clock.now.timeIntervalSince1970
    }

    /// Server-controlled text made safe to draw.
    func safe(_ text: String) -> String { Printable.escape(text) }

    /// `text` cut to `width` columns with this terminal's ellipsis.
    func fit(_ text: String, _ width: Int) -> String { TextFit.truncate(text, to: width, ellipsis: glyphs.ellipsis) }

    /// `text` cut or padded to exactly `width` columns.
    func pad(_ text: String, _ width: Int) -> String { TextFit.pad(text, to: width, ellipsis: glyphs.ellipsis) }

    /// Seconds from now until `date` (negative: past).
    func seconds(until date: Date) -> Double { date.timeIntervalSince1970 - now }

    /// A warp factor as `×60` (or `x60` in ASCII).
    func warp(_ rate: ClockRate) -> String {
        switch rate {
        case .real: return glyphs.times + "1"
        case .frozen: return "frozen"
        case .warped(let factor):
            let whole = factor.rounded()
            return glyphs.times + (abs(whole - factor) < 0.001 ? "\(Int(whole))" : "\(factor)")
        }
    }
}
