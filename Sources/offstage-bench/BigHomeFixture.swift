import Foundation
import OffstageCore
import OffstageStore

/// A home with many tasks for `offstage-bench big-home`, written straight into its store in one transaction (what
/// `offstage add` would leave, without 100,000 processes).
enum BigHomeFixture {
    /// What the tasks of a fixture home are.
    enum Kind: String, Sendable {
        /// Queued, each with a begin date about ten years out (the last two without one, discretionary on a
        /// cellular network: they wait for Wi-Fi and power), so nothing starts.
        case waiting
        /// Completed downloads of 1 MiB each, delivered.
        case finished
    }

    /// Seconds from now to the waiting tasks' begin date: ten years less a day.
    static let beginIn = 3_650.0 * 86_400 - 86_400

    /// Makes a store in `path` holding `count` tasks of `kind`, and returns how long that took (seconds).
    @discardableResult
    static func make(at path: String, count: Int, kind: Kind) throws -> Double {
        let started = ChildProcess.monotonicSeconds()
        let home = OffstageHome(path: path)
        try home.prepare()
        let store = try Store.open(home: home)
        defer { store.close() }
        let now = Date()
        var changes = StoreChanges()
        changes.tasks.reserveCapacity(count)
        for index in 0..<count {
            let id = Int64(index + 1)
            var task = TransferTask(
                id: id, session: "com.offstage.default", taskIdentifier: index + 1, kind: .download,
                url: "http://127.0.0.1:9/files/file-\(id).bin",
                destinationDirectory: home.documentsDirectory,
                createdAt: now)
            switch kind {
            case .waiting:
                if index >= count - 2 {
                    task.isDiscretionary = true
                } else {
                    task.earliestBeginDate = now.addingTimeInterval(beginIn + Double(index))
                }
            case .finished:
                task.state = .completed
                task.bytesWritten = 1 << 20
                task.bytesExpected = 1 << 20
                task.httpStatus = 200
                task.deliveredPath = home.documentsDirectory + "/file-\(id).bin"
            }
            changes.tasks.append(task)
        }
        if kind == .waiting {
            // The last two are discretionary on a cellular network: they wait for Wi-Fi and power.
            changes.conditions = DeviceConditions(network: .cellular, charging: false)
        }
        try store.apply(changes, now: now)
        try store.checkpoint()
        return ChildProcess.monotonicSeconds() - started
    }
}
