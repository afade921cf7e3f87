/// The screen drawn when the terminal is smaller than the dashboard needs.
enum TooSmallView {
    /// `terminal too small: need 40×10, have W×H`, centred, with how to leave.
    static func render(size: Size, minimum: Size, context c: RenderContext) -> Screen {
        var screen = Screen(size: size)
        let x = c.glyphs.times
        let need = "need \(minimum.width)\(x)\(minimum.height), have \(size.width)\(x)\(size.height)"
        let whole = "terminal too small: " + need
        let lines =
            DisplayWidth.of(whole) <= size.width
            ? [whole, "enlarge it, or press q to quit"] : ["terminal too small:", need, "enlarge it, or q to quit"]
        let top = max(0, (size.height - lines.count) / 2)
        for (index, line) in lines.enumerated() {
            let text = c.fit(line, size.width)
            let column = max(0, (size.width - DisplayWidth.of(text)) / 2)
            screen.put(text, x: column, y: top + index, style: index == 0 ? c.palette.bad : c.palette.plain)
        }
        return screen
    }
}
