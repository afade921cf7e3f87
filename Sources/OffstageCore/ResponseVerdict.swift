import Foundation

/// What to do with a response, decided from its head before any body byte is written.
public enum ResponseVerdict: Sendable, Equatable {
    /// Take the body: it continues the partial file at the requested offset.
    case accept(expectedTotal: Int64, validator: String?)
    /// Follow a redirect to this (possibly relative) location.
    case redirect(location: String)
    /// The partial file cannot be continued: truncate it and start from zero with a new request, for this reason.
    case restartFromZero(reason: String)
    /// The answer to a range request is the whole file again (a 200): empty the partial file and write this body
    /// into it from byte 0, in this same request, for this reason (never appended to what was there).
    case restartWithBody(expectedTotal: Int64, validator: String?, reason: String)
    /// The server says the resource is already complete at this length (416 at the end).
    case alreadyComplete(total: Int64)
    /// An HTTP error; `retryAfter` is the server's requested wait, if any.
    case httpError(status: Int, retryAfter: Double?)
    /// The response breaks HTTP's syntax or framing (its length cannot be determined reliably, a NUL in a
    /// header): a permanent failure, never a completed transfer and never retried as if transient.
    case malformed(reason: String)

    /// Judges a response to a request that asked for bytes from `offset` under `validator`.
    ///
    /// A 206 must start exactly at the offset and carry the same validator, else the partial file is stale and
    /// must be dropped. A 200 to a range request is the whole file (the one we had, or a new one when it changed):
    /// its body replaces the partial file from byte 0.
    public static func judge(_ head: ResponseHead, offset: Int64, validator: String?, now: Date) -> ResponseVerdict {
        let status = head.status
        if let problem = head.framingProblem { return .malformed(reason: problem) }
        if [301, 302, 303, 307, 308].contains(status) {
            guard let location = head.location, !location.isEmpty else {
                return .httpError(status: status, retryAfter: nil)
            }
            return .redirect(location: location)
        }
        if status == 416, offset > 0, let range = head.contentRange, range.total == offset {
            // A 416 to an If-Range request means the validator matched; one it names itself must match too.
            if let served = head.strongValidator, served != validator {
                return .restartFromZero(reason: changed(from: validator, to: served))
            }
            return .alreadyComplete(total: offset)
        }
        guard (200..<300).contains(status) else {
            return .httpError(status: status, retryAfter: head.retryAfter(now: now))
        }
        let served = head.strongValidator
        if offset == 0 {
            if status == 206 { return .restartFromZero(reason: "206 to a request without Range") }
            return .accept(expectedTotal: head.contentLength ?? -1, validator: served)
        }
        if status == 200 {
            let reason =
                if let validator, let served, served != validator {
                    changed(from: validator, to: served)
                } else {
                    "the server sent the whole file instead of the range from byte \(offset)"
                }
            return .restartWithBody(expectedTotal: head.contentLength ?? -1, validator: served, reason: reason)
        }
        guard let validator else { return .restartFromZero(reason: "no strong validator to resume under") }
        if let served, served != validator {
            return .restartFromZero(reason: changed(from: validator, to: served))
        }
        guard status == 206 else {
            return .restartFromZero(reason: "server answered \(status) to a range request")
        }
        guard let range = head.contentRange, let first = range.first, let last = range.last else {
            return .restartFromZero(reason: "206 without a usable Content-Range")
        }
        guard first == offset else {
            return .restartFromZero(reason: "Content-Range starts at \(first), not at offset \(offset)")
        }
        if let length = head.contentLength, length != last - first + 1 {
            return .restartFromZero(reason: "Content-Length \(length) disagrees with Content-Range")
        }
        return .accept(expectedTotal: range.total ?? -1, validator: validator)
    }

    /// `the file changed on the server (ETag "v1" → "v2")`, or with `Last-Modified` dates.
    static func changed(from old: String?, to new: String) -> String {
        func kind(_ validator: String) -> String { validator.hasPrefix("\"") ? "ETag" : "Last-Modified" }
        guard let old else { return "the file changed on the server (now \(kind(new)) \(new))" }
        if kind(old) == kind(new) { return "the file changed on the server (\(kind(new)) \(old) → \(new))" }
        return "the file changed on the server (\(kind(old)) \(old) → \(kind(new)) \(new))"
    }
}
