import OffstageCore

/// A line being typed: its title by purpose, the text with a cursor, a hint, and why the last Enter was refused.
enum PromptOverlay {
    /// Draws `prompt` over `screen`.
    static func draw(_ prompt: DashboardState.Prompt, in screen: inout Screen, context c: RenderContext) {
        let boxWidth = min(screen.width - 2, 76)
        let field = boxWidth - 4
        let (title, hint) = texts(prompt.purpose, focus: c.state.focus, c)
        var lines: [OverlayFrame.Line] = [[Span(c.fit(hint, field), c.palette.muted)]]
        // The text's tail when it is longer than the field, then the cursor.
        let text = c.safe(prompt.text)
        var shown = text
        while DisplayWidth.of(shown) > field - 3, !shown.isEmpty { shown.removeFirst() }
        let lead = shown.count < text.count ? c.glyphs.ellipsis : ""
        lines.append([Span("> ", c.palette.title), Span(lead + shown), Span(" ", c.palette.cursor)])
        if let error = prompt.error {
            lines += TextFit.wrap(c.glyphs.failed + " " + c.safe(error), width: field, maxLines: 3, ellipsis: c.glyphs.ellipsis)
                .map { [Span($0, c.palette.bad)] }
        }
        OverlayFrame.draw(
            in: &screen, title: title, footer: "Enter OK " + c.glyphs.dot + " Esc cancel", lines: lines,
            maxWidth: boxWidth, context: c)
    }

    /// The title and the hint of a purpose.
    static func texts(_ purpose: DashboardState.Prompt.Purpose, focus: DashboardState.Pane, _ c: RenderContext) -> (String, String) {
        switch purpose {
        case .addURL: return ("Add a download", "the URL to download (http:// or https://)")
        case .upload(nil): return ("Upload a file", "the file to upload (a path)")
        case .upload(let file?): return ("Upload " + c.fit(c.safe(file), 40), "the URL to upload it to (PUT)")
        case .schedule: return ("Schedule a BG task request", "refresh ID  or  processing ID [network] [power] [in DUR]")
        case .filter:
            let pane =
                switch focus {
                case .transfers: "transfers"
                case .scheduled: "scheduled requests"
                case .events: "events"
                }
            return ("Filter " + pane, "text to look for (case-insensitive); empty shows all")
        case .limit:
            return ("Limit every transfer together", "bytes a second: 500k, 2m, 1g (1024-based), or off")
        }
    }
}
