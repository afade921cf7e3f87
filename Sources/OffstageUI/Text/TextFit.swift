/// Fitting text into a number of terminal columns, measured with `DisplayWidth`.
public enum TextFit {
    /// `text` cut to at most `width` columns, ending in `ellipsis` when something was cut.
    public static func truncate(_ text: String, to width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        // Printable ASCII that fits: nothing to cut (the loop below would return it whole).
        if let columns = DisplayWidth.asciiColumns(text), columns <= width { return text }
        var used = 0
        var cut = text.startIndex
        var index = text.startIndex
        let ellipsisWidth = DisplayWidth.of(ellipsis)
        while index < text.endIndex {
            let columns = DisplayWidth.of(text[index])
            if used + columns > width {
                // Too long: back off so the ellipsis fits too.
                var result = String(text[text.startIndex..<cut])
                var resultWidth = DisplayWidth.of(result)
                while resultWidth + ellipsisWidth > width, let last = result.last {
                    result.removeLast()
                    resultWidth -= DisplayWidth.of(last)
                }
                return ellipsisWidth <= width ? result + ellipsis : result
            }
            used += columns
            index = text.index(after: index)
            if used <= width - ellipsisWidth { cut = index }
        }
        return text
    }

    /// `text` truncated and then padded with spaces to exactly `width` columns.
    public static func pad(_ text: String, to width: Int, ellipsis: String = "…") -> String {
        let fitted = truncate(text, to: width, ellipsis: ellipsis)
        let gap = width - DisplayWidth.of(fitted)
        return gap > 0 ? fitted + String(repeating: " ", count: gap) : fitted
    }

    /// `text` truncated and then padded on the left to exactly `width` columns (right-aligned).
    public static func padLeft(_ text: String, to width: Int, ellipsis: String = "…") -> String {
        let fitted = truncate(text, to: width, ellipsis: ellipsis)
        let gap = width - DisplayWidth.of(fitted)
        return gap > 0 ? String(repeating: " ", count: gap) + fitted : fitted
    }

    /// `text` broken into lines of at most `width` columns (at spaces when it can, else anywhere),
    /// at most `maxLines` of them, the last ending in `ellipsis` when text was left over.
    public static func wrap(_ text: String, width: Int, maxLines: Int = .max, ellipsis: String = "…") -> [String] {
        guard width > 0, maxLines > 0 else { return [] }
        var lines: [String] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            if lines.count == maxLines - 1 {
                lines.append(truncate(String(rest), to: width, ellipsis: ellipsis))
                return lines
            }
            var used = 0
            var end = rest.startIndex
            var lastSpace: String.Index?
            while end < rest.endIndex {
                let columns = DisplayWidth.of(rest[end])
                if used + columns > width { break }
                if rest[end] == " " { lastSpace = end }
                used += columns
                end = rest.index(after: end)
            }
            if end == rest.endIndex {
                lines.append(String(rest))
                break
            }
            if let space = lastSpace, space > rest.startIndex {
                lines.append(String(rest[rest.startIndex..<space]))
                rest = rest[rest.index(after: space)...]
            } else if end == rest.startIndex {
                // A grapheme wider than the line: drop it rather than loop.
                rest = rest.dropFirst()
            } else {
                lines.append(String(rest[rest.startIndex..<end]))
                rest = rest[end...]
            }
        }
        return lines
    }
}
