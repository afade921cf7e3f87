import OffstageCore

/// A destructive action waiting for `y`: the question and the two answers.
enum ConfirmOverlay {
    /// Draws `confirmation` over `screen`.
    static func draw(_ confirmation: DashboardState.Confirmation, in screen: inout Screen, context c: RenderContext) {
        let boxWidth = min(screen.width - 2, 70)
        var lines = TextFit.wrap(c.safe(confirmation.question), width: boxWidth - 4, maxLines: 4, ellipsis: c.glyphs.ellipsis)
            .map { [Span($0, c.palette.title)] }
        lines.append([])
        lines.append([Span("y", c.palette.key), Span(" yes   "), Span("n", c.palette.key), Span(" no (or Esc)")])
        OverlayFrame.draw(in: &screen, title: "Confirm", footer: "y/n", lines: lines, maxWidth: boxWidth, context: c)
    }
}
