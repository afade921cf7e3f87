import Foundation

/// A `Range` request header and its resolution against a representation length.
enum RangeRequest: Equatable {
    /// `bytes=a-b` or `bytes=a-` (`last` is nil when open-ended).
    case from(first: Int64, last: Int64?)
    /// `bytes=-n`: the final `n` bytes.
    case suffix(Int64)
    /// More than one range was asked for; answered with the full body.
    case multiple
    /// Not a byte-range header the server understands; ignored (full body).
    case invalid

    /// Parses the value of a `Range` header.
    init(header: String) {
        let value = header.trimmingCharacters(in: .whitespaces)
        guard value.lowercased().hasPrefix("bytes=") else {
            self = .invalid
            return
        }
        let specs = value.dropFirst(6).split(separator: ",", omittingEmptySubsequences: false)
        guard specs.count == 1 else {
            self = .multiple
            return
        }
        let spec = specs[0].trimmingCharacters(in: .whitespaces)
        let bounds = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard bounds.count == 2 else {
            self = .invalid
            return
        }
        let firstText = String(bounds[0])
        let lastText = String(bounds[1])
        let digits = { (text: String) in !text.isEmpty && text.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } }
        if firstText.isEmpty {
            guard digits(lastText), let count = Int64(lastText) else {
                self = .invalid
                return
            }
            self = .suffix(count)
            return
        }
        guard digits(firstText), let first = Int64(firstText) else {
            self = .invalid
            return
        }
        if lastText.isEmpty {
            self = .from(first: first, last: nil)
            return
        }
        guard digits(lastText), let last = Int64(lastText), last >= first else {
            self = .invalid
            return
        }
        self = .from(first: first, last: last)
    }

    /// The inclusive byte range to send for a representation of `total` bytes,
    /// `nil` when unsatisfiable. Only meaningful for `.from` and `.suffix`.
    func resolve(total: Int64) -> ClosedRange<Int64>? {
        switch self {
        case .from(let first, let last):
            guard first < total else { return nil }
            return first...min(last ?? (total - 1), total - 1)
        case .suffix(let count):
            guard count > 0, total > 0 else { return nil }
            return max(0, total - count)...(total - 1)
        case .multiple, .invalid:
            return nil
        }
    }
}
