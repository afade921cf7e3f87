import Foundation
import OffstageCore

@testable import OffstageStore

/// Domain values with every field set, or every optional left nil, for round-trip tests.
enum Fixtures {
    /// A download with every optional field set, including empty strings that must not become nil.
    static func fullTask(id: Int64 = 7) -> TransferTask {
        var task = TransferTask(
            id: id, session: "com.example.photos", taskIdentifier: 3, taskDescription: "",
            kind: .upload, url: "https://example.com/up?x=1", method: "POST", uploadPath: "/tmp/in.bin",
            requestedName: "naïve résumé.pdf", destinationDirectory: "/tmp/out dir", priority: 0.75,
            earliestBeginDate: date(60.25), isDiscretionary: true, createdAt: date(0.5)
        )
        task.state = .retrying
        task.bytesWritten = 5_000_000_000
        task.bytesExpected = 9_000_000_000
        task.validator = "\"etag-1\""
        task.effectiveURL = "https://cdn.example.com/up"
        task.suggestedName = "report.pdf"
        task.attempts = 4
        task.retryAt = date(120.125)
        task.error = "connection reset"
        task.deliveredPath = "/tmp/out dir/report.pdf"
        task.responseSummary = "sha256=abc"
        task.httpStatus = 503
        return task
    }

    /// The statement and values that insert `task` into a store older than version 8 (no options columns yet).
    static func insertBeforeOptions(_ task: TransferTask) -> (String, [SQLValue]) {
        let count = 26
        let columns = Records.taskColumns.prefix(count)
        let sql =
            "INSERT INTO tasks (\(columns.joined(separator: ", "))) VALUES ("
            + Array(repeating: "?", count: count).joined(separator: ", ") + ")"
        return (sql, Array(Records.values(task).prefix(count)))
    }

    /// A download with every optional field nil.
    static func bareTask(id: Int64 = 8) -> TransferTask {
        TransferTask(
            id: id, session: SessionConfiguration.defaultIdentifier, taskIdentifier: 1, kind: .download,
            url: "http://localhost/a", destinationDirectory: "/tmp", createdAt: date(1)
        )
    }

    /// A session with every field away from its default.
    static let session = SessionConfiguration(
        identifier: "com.example.photos", isDiscretionary: true, sessionSendsLaunchEvents: false,
        timeoutIntervalForRequest: 12.5, timeoutIntervalForResource: 3600, httpMaximumConnectionsPerHost: 2,
        allowsCellularAccess: false, allowsExpensiveNetworkAccess: false, allowsConstrainedNetworkAccess: false
    )

    /// Conditions with every field away from its default.
    static let conditions = DeviceConditions(
        network: .cellular, charging: false, batteryLevel: 17, lowPowerMode: true, backgroundRefresh: false
    )
}
