import Foundation

/// Turns server- or user-supplied names into safe file names: never a path, never hidden tricks.
public enum FileNameSanitizer {
    /// The name used when nothing usable is left.
    public static let fallback = "download"
    /// The longest name in bytes (ext4, XFS and most others).
    public static let maxBytes = 255

    /// A safe base name: the last path component only, no control, bidi or invisible characters, slash
    /// look-alikes replaced by `_`, odd spaces by a plain space, not `.` or `..`, not starting with a dot or dash,
    /// at most 255 bytes of UTF-8 (the extension kept when it can be); `download` when nothing usable is left.
    public static func sanitize(_ raw: String) -> String {
        usable(raw) ?? fallback
    }

    /// The safe base name `sanitize` makes of `raw`, or nil when nothing usable is left (`.`, `..`, `/`, only
    /// dots, dashes, spaces or characters that are dropped).
    public static func usable(_ raw: String) -> String? {
        let lastComponent =
            raw.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        var scalars = String.UnicodeScalarView()
        for scalar in lastComponent.unicodeScalars where !isForbidden(scalar) && !isInvisible(scalar) {
            if slashLookAlikes.contains(scalar.value) {
                scalars.append("_")
            } else if scalar.properties.generalCategory == .spaceSeparator {
                scalars.append(" ")
            } else {
                scalars.append(scalar)
            }
        }
        var name = String(scalars).trimmingCharacters(in: .whitespacesAndNewlines)
        while let first = name.first, first == "." || first == "-" || first.isWhitespace {
            name.removeFirst()
        }
        name = truncated(name, toBytes: maxBytes)
        if name.isEmpty { return nil }
        if name.hasPrefix(".") { return fallback + name }
        return name
    }

    /// The name for a download: the user's, else the server's suggestion, else the URL's last path component, the
    /// first that leaves a usable name once sanitised (a server's `filename="."` or `".."` gives way to the URL's
    /// name, as browsers do), else `download`.
    public static func downloadName(requested: String?, suggested: String?, url: String) -> String {
        if let requested, let name = usable(requested) { return name }
        if let suggested, let name = usable(suggested) { return name }
        let path = URL(string: url)?.path ?? ""
        let last = path.split(separator: "/").last.map(String.init) ?? ""
        return sanitize(last.removingPercentEncoding ?? last)
    }

    /// The n-th alternative to `name` that does not clobber an existing file: `name (n).ext`.
    public static func alternative(_ name: String, number: Int) -> String {
        guard number > 0 else { return name }
        let (stem, ext) = splitExtension(name)
        let suffix = " (\(number))" + ext
        return truncated(stem, toBytes: maxBytes - suffix.utf8.count) + suffix
    }

    /// Characters never allowed in a name: C0 and C1 controls, DEL, bidi overrides and isolates, and NUL.
    public static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x20 || v == 0x7F || (0x80...0x9F).contains(v) { return true }
        if (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) { return true }
        if v == 0x200E || v == 0x200F || v == 0x061C || v == 0xFEFF { return true }
        return false
    }

    /// Characters that draw like `/` or `\\` (division and fraction slash, fullwidth and small solidi, big
    /// solidus, box-drawing diagonals, set minus…): in a name they would pass for a path separator.
    public static let slashLookAlikes: Set<UInt32> = [
        0x2215, 0x2044, 0xFF0F, 0x29F8, 0x2571, 0x1735, 0x27CB, 0x2AFD, 0x2AFB, 0x0338, 0x0337,  // like `/`
        0x2216, 0x29F5, 0x29F9, 0xFE68, 0xFF3C, 0x2572, 0x27CD, 0x29F6, 0x29F7, 0x244A, 0x20E5,  // like `\\`
    ]

    /// Characters that draw nothing (zero-width spaces and joiners, soft hyphen, word joiner, invisible
    /// operators, tags, variation selectors, interlinear annotation marks and other format characters), line and
    /// paragraph separators, and noncharacters: a name with them looks like another name.
    public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
            return true
        default: break
        }
        if properties.isDefaultIgnorableCodePoint || properties.isNoncharacterCodePoint { return true }
        let v = scalar.value
        // Hangul fillers and the braille blank draw as empty space yet are letters or symbols.
        return v == 0x115F || v == 0x1160 || v == 0x3164 || v == 0xFFA0 || v == 0x2800 || v == 0x180E
    }

    /// Splits `archive.tar.gz` into (`archive.tar`, `.gz`); a name without a dot has no extension.
    static func splitExtension(_ name: String) -> (String, String) {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name, "") }
        var start = dot
        // Keep compound archive extensions together: `backup.tar.gz` → (`backup`, `.tar.gz`).
        let stem = name[..<dot]
        if let inner = stem.lastIndex(of: "."), inner != name.startIndex,
            name[inner...].lowercased().hasPrefix(".tar.")
        {
            start = inner
        }
        let ext = String(name[start...])
        guard ext.utf8.count <= 16 else { return (name, "") }
        return (String(name[..<start]), ext)
    }

    /// Cuts a string to at most `limit` UTF-8 bytes without splitting a character, keeping a short extension.
    static func truncated(_ name: String, toBytes limit: Int) -> String {
        guard name.utf8.count > limit else { return name }
        let (stem, ext) = splitExtension(name)
        let room = max(1, limit - ext.utf8.count)
        var kept = ""
        for character in stem {
            if kept.utf8.count + String(character).utf8.count > room { break }
            kept.append(character)
        }
        let result = kept + ext
        return result.utf8.count <= limit ? result : String(result.utf8.prefix(limit)) ?? fallback
    }
}
