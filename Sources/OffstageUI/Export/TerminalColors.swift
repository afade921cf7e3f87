/// The RGB colours a terminal shows for `Color`s: the xterm palette, reduced to 8 colours or to none.
struct TerminalColors {
    /// 256, 8 or 0.
    let colors: Int

    /// The colours for a terminal with `colors` colours.
    init(colors: Int) { self.colors = colors >= 256 ? 256 : (colors >= 8 ? 8 : 0) }

    /// The default text colour.
    let defaultForeground = "#d0d0d0"
    /// The default background.
    let defaultBackground = "#1c1c1c"

    /// The text colour and the background (nil: the default background) of `style`.
    func resolve(_ style: Style) -> (String, String?) {
        var fg = hex(style.foreground) ?? defaultForeground
        var bg = hex(style.background)
        if style.reverse {
            let oldFG = fg
            fg = bg ?? defaultBackground
            bg = oldFG
        }
        return (fg, bg)
    }

    /// The hex of `color` (nil for the default), as this terminal shows it.
    func hex(_ color: Color) -> String? {
        guard colors > 0 else { return nil }
        switch color {
        case .standard: return nil
        case .ansi(let index): return rgbHex(Self.rgb(Int(index % 8)))
        case .indexed(let index):
            if colors == 256 { return rgbHex(Self.rgb(Int(index))) }
            return rgbHex(Self.rgb(Self.nearestANSI(Self.rgb(Int(index)))))
        }
    }

    /// The xterm RGB of colour `index` (0…255).
    static func rgb(_ index: Int) -> (Int, Int, Int) {
        let base: [(Int, Int, Int)] = [
            (0, 0, 0), (205, 49, 49), (13, 188, 121), (229, 229, 16), (36, 114, 200), (188, 63, 188), (17, 168, 205),
            (229, 229, 229), (102, 102, 102), (241, 76, 76), (35, 209, 139), (245, 245, 67), (59, 142, 234),
            (214, 112, 214), (41, 184, 219), (255, 255, 255),
        ]
        if index < 16 { return base[max(0, index)] }
        if index < 232 {
            let i = index - 16
            let level = { (v: Int) in v == 0 ? 0 : 55 + v * 40 }
            return (level(i / 36), level((i / 6) % 6), level(i % 6))
        }
        let grey = 8 + (index - 232) * 10
        return (grey, grey, grey)
    }

    /// The ANSI colour (0…7) nearest to `rgb`.
    static func nearestANSI(_ rgb: (Int, Int, Int)) -> Int {
        var best = 0, bestDistance = Int.max
        for index in 0..<8 {
            let c = Self.rgb(index)
            let d = (c.0 - rgb.0) * (c.0 - rgb.0) + (c.1 - rgb.1) * (c.1 - rgb.1) + (c.2 - rgb.2) * (c.2 - rgb.2)
            if d < bestDistance {
                best = index
                bestDistance = d
            }
        }
        return best
    }

    /// `#rrggbb`.
    private func rgbHex(_ rgb: (Int, Int, Int)) -> String {
        let digits = Array("0123456789abcdef")
        var out = "#"
        for v in [rgb.0, rgb.1, rgb.2] {
            out.append(digits[(v >> 4) & 15])
            out.append(digits[v & 15])
        }
        return out
    }
}
