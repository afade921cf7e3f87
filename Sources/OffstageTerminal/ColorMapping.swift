import CNCurses
import OffstageUI

/// How a `Style` becomes ncurses attributes and colour numbers, for a terminal of a given colour depth. Pure.
enum ColorMapping {
    /// The xterm RGB values of the eight ANSI colours (black, red, green, yellow, blue, magenta, cyan, white).
    static let ansiRGB: [(r: Int, g: Int, b: Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
        (229, 229, 229),
    ]

    /// The six levels of each channel in the xterm 6×6×6 colour cube (indices 16…231).
    static let cubeLevels = [0, 95, 135, 175, 215, 255]

    /// The RGB value of xterm colour `index` (0…255).
    static func rgb(ofIndexed index: UInt8) -> (r: Int, g: Int, b: Int) {
        let value = Int(index)
        switch value {
        case 0..<8: return ansiRGB[value]
        case 8..<16:
            // The bright variants: xterm's 8…15.
            let bright: [(Int, Int, Int)] = [
                (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255),
                (0, 255, 255), (255, 255, 255),
            ]
            return bright[value - 8]
        case 16..<232:
            let cube = value - 16
            return (cubeLevels[cube / 36], cubeLevels[(cube / 6) % 6], cubeLevels[cube % 6])
        default:
            let level = 8 + 10 * (value - 232)
            return (level, level, level)
        }
    }

    /// The ANSI colour (0…7) nearest to xterm colour `index`: 0…7 stay, 8…15 drop their brightness, the cube
    /// and the grey ramp go to the nearest by RGB distance.
    static func nearestANSI(_ index: UInt8) -> UInt8 {
        if index < 8 { return index }
        if index < 16 { return index - 8 }
        let target = rgb(ofIndexed: index)
        var best = 0
        var bestDistance = Int.max
        for (candidate, color) in ansiRGB.enumerated() {
            let dr = color.r - target.r
            let dg = color.g - target.g
            let db = color.b - target.b
            let distance = dr * dr + dg * dg + db * db
            if distance < bestDistance {
                best = candidate
                bestDistance = distance
            }
        }
        return UInt8(best)
    }

    /// The ncurses colour number for `color` on a terminal with `depth` colours (256, 8 or 0); -1 is the
    /// terminal's default colour (also what every colour becomes when `depth` is 0).
    static func colorNumber(_ color: Color, depth: Int) -> Int16 {
        guard depth >= 8 else { return -1 }
        switch color {
        case .standard: return -1
        case .ansi(let value): return Int16(value % 8)
        case .indexed(let value): return depth >= 256 ? Int16(value) : Int16(nearestANSI(value))
        }
    }

    /// The attribute bits (bold, dim, reverse, underline) of `style`, colour left out.
    static func attributes(_ style: Style) -> attr_t {
        var bits = offstage_a_normal()
        if style.bold { bits |= offstage_a_bold() }
        if style.dim { bits |= offstage_a_dim() }
        if style.reverse { bits |= offstage_a_reverse() }
        if style.underline { bits |= offstage_a_underline() }
        return bits
    }
}

/// A foreground and background colour number: what one ncurses colour pair holds.
struct ColorPairKey: Hashable {
    /// Foreground colour number (-1: default).
    var foreground: Int16
    /// Background colour number (-1: default).
    var background: Int16
}

/// Colour pairs allocated on demand: pair 0 is the default pair, the others are handed out in order and cached.
struct ColorPairTable {
    /// The highest pair number that may be allocated (COLOR_PAIRS - 1, at most 32767 for `short`).
    let limit: Int
    /// Whether the terminal's default colours may be used (-1), after `use_default_colors`.
    let defaultColors: Bool
    /// Pairs handed out so far.
    private(set) var pairs: [ColorPairKey: Int16] = [:]
    /// The next pair number to hand out.
    private var next: Int = 1

    /// A table allowing pairs 1…`limit`.
    init(limit: Int, defaultColors: Bool) {
        self.limit = min(limit, Int(Int16.max))
        self.defaultColors = defaultColors
    }

    /// The pair for `key`, and the colours to `init_pair` it with when it is new (nil when it exists already).
    /// Pair 0 for the default colours; pair 0 too once the table is full (the cell keeps its attributes only).
    mutating func pair(for key: ColorPairKey) -> (pair: Int16, new: ColorPairKey?) {
        var key = key
        if !defaultColors {
            // Without default colours, -1 is not valid: white on black stands in for the defaults.
            if key.foreground < 0 { key.foreground = 7 }
            if key.background < 0 { key.background = 0 }
            if key == ColorPairKey(foreground: 7, background: 0) { return (0, nil) }
        } else if key.foreground < 0, key.background < 0 {
            return (0, nil)
        }
        if let known = pairs[key] { return (known, nil) }
        guard next <= limit else { return (0, nil) }
        let pair = Int16(next)
        next += 1
        pairs[key] = pair
        return (pair, key)
    }

    /// The colours `pair` was allocated for (nil for pair 0 or an unknown pair).
    func key(of pair: Int16) -> ColorPairKey? {
        pairs.first { $0.value == pair }?.key
    }
}
