import Foundation

/// The waits a restart found, in one line for the event log instead of one line per task:
/// `100,000 tasks waiting, 99,998 for their begin date, the earliest in 9 y 11 mo; 2 discretionary: needs Wi-Fi
/// and power`.
public struct WaitSummary: Sendable, Equatable {
    /// Tasks waiting for their begin date.
    public var forBeginDate = 0
    /// The earliest begin date among them.
    public var earliestBegin: Date?
    /// Tasks waiting to retry.
    public var forRetry = 0
    /// The earliest retry among them.
    public var nextRetry: Date?
    /// Other waits by their kind (the reason without its digits): how many, and the newest reason's words.
    public var others: [String: (count: Int, reason: String)] = [:]
    /// The kinds of `others` in the order they were first met.
    public var kinds: [String] = []

    /// Nothing waits.
    public init() {}

    /// Counts a task waiting for `date` (a retry when `retry`).
    public mutating func dated(_ date: Date, retry: Bool) {
        if retry {
            forRetry += 1
            nextRetry = min(nextRetry ?? date, date)
        } else {
            forBeginDate += 1
            earliestBegin = min(earliestBegin ?? date, date)
        }
    }

    /// Counts a task waiting for `reason` (a network, Wi-Fi and power, a connection slot).
    public mutating func waiting(_ reason: String) {
        let kind = Self.kind(reason)
        if let known = others[kind] {
            others[kind] = (known.count + 1, reason)
        } else {
            others[kind] = (1, reason)
            kinds.append(kind)
        }
    }

    /// How many tasks wait.
    public var count: Int { forBeginDate + forRetry + others.values.reduce(0) { $0 + $1.count } }

    /// Two summaries' equality ignores nothing (tuples are not `Equatable` by themselves).
    public static func == (a: WaitSummary, b: WaitSummary) -> Bool {
        a.forBeginDate == b.forBeginDate && a.earliestBegin == b.earliestBegin
            && a.forRetry == b.forRetry
            && a.nextRetry == b.nextRetry && a.kinds == b.kinds
            && a.kinds.allSatisfy {
                a.others[$0]?.count == b.others[$0]?.count && a.others[$0]?.reason == b.others[$0]?.reason
            }
    }

    /// The line at `now`, or nil when nothing waits.
    public func line(now: Date) -> String? {
        let total = count
        guard total > 0 else { return nil }
        var parts: [String] = []
        if forBeginDate > 0, let earliest = earliestBegin {
            parts.append(
                "\(Grouped.text(forBeginDate)) for \(forBeginDate == 1 ? "its" : "their") begin date, the earliest in "
                    + TransferDaemon.duration(earliest.timeIntervalSince(now)))
        }
        if forRetry > 0, let next = nextRetry {
            parts.append(
                "\(Grouped.text(forRetry)) to retry, the next in "
                    + TransferDaemon.duration(next.timeIntervalSince(now)))
        }
        for kind in kinds {
            guard let other = others[kind] else { continue }
            parts.append("\(Grouped.text(other.count)) \(other.reason)")
        }
        let head = "\(Grouped.text(total)) \(total == 1 ? "task" : "tasks") waiting"
        return head + ", " + parts.joined(separator: "; ")
    }

    /// A reason without its digits, so `3 of 6 in use` and `6 of 6 in use` are one kind.
    static func kind(_ reason: String) -> String {
        String(reason.unicodeScalars.filter { !("0"..."9").contains($0) })
    }
}

/// Whole numbers with a comma between thousands: `100,000`.
public enum Grouped {
    /// `count` with thousands separated by commas.
    public static func text(_ count: some BinaryInteger) -> String {
        let digits = String(count.magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return (count < 0 ? "-" : "") + grouped
    }
}
