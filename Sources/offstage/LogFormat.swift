import Foundation
import OffstageCore
import OffstageStore
import OffstageUI

/// Event-log lines for people, in local time (`EventText` formats them).
enum LogFormat {
    /// `14:02:10 retry-scheduled  task 7  HTTP 503; attempt 1 of 8; next in 1.3 s` (server text escaped), cut to
    /// `width` columns when given.
    static func line(_ entry: LogEntry, width: Int? = nil) -> String {
        EventText.line(entry, timeZone: .current, width: width)
    }

    /// `14:02:10` in local time.
    static func clockTime(_ date: Date) -> String { PendingText.clockTime(date, timeZone: .current) }
}
