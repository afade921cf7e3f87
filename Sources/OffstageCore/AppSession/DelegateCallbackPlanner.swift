import Foundation

/// Turns what the daemon reports for one session's tasks into delegate calls in Apple's order, with no I/O.
///
/// Per task: `didResumeAtOffset` → `didWriteData`/`didSendBodyData`* → `didFinishDownloadingTo` →
/// `didCompleteWithError`; then, when the app was handling events, `urlSessionDidFinishEvents`. Progress is
/// coalesced: at most one progress call per task per `progressInterval`, the latest total winning, and a held one
/// is delivered before the task's next message. Reports out of order are dropped with a reason in `refusals`.
public struct DelegateCallbackPlanner: Codable, Sendable, Equatable {
    /// Where a task is in its callback sequence.
    enum Stage: Int, Codable, Sendable, Comparable {
        /// Nothing delivered yet.
        case fresh
        /// Resumed or progressing.
        case transferring
        /// `didFinishDownloadingTo` delivered.
        case finished
        /// `didCompleteWithError` delivered.
        case completed
        static func < (a: Stage, b: Stage) -> Bool { a.rawValue < b.rawValue }
    }

    /// Progress bookkeeping for one task.
    struct Progress: Codable, Sendable, Equatable {
        var stage = Stage.fresh
        var reportedTotal: Int64 = 0
        var lastEmit: Date?
        var held: DelegateCall?
    }

    /// The session identifier.
    public let session: String
    /// Seconds between two progress calls of one task.
    public var progressInterval: Double
    /// Whether the app got `handleEventsForBackgroundURLSession` and waits for `urlSessionDidFinishEvents`.
    public private(set) var handlingEvents = false
    /// Why reports were dropped (out of order, after completion).
    public private(set) var refusals: [String] = []
    var tasks: [Int: Progress] = [:]

    /// A planner for one session.
    public init(session: String, progressInterval: Double = 1) {
        self.session = session
        self.progressInterval = progressInterval
    }

    /// Plans a whole batch (e.g. the events of one relaunch), reported at `now`, held progress flushed at the end.
    public static func plan(
        session: String, events: [TaskEvent], now: Date, progressInterval: Double = 1
    ) -> [DelegateCall] {
        var planner = DelegateCallbackPlanner(session: session, progressInterval: progressInterval)
        return events.flatMap { planner.handle($0, now: now) } + planner.flushAll()
    }

    /// The delegate calls one report leads to, at `now`.
    public mutating func handle(_ event: TaskEvent, now: Date) -> [DelegateCall] {
        switch event {
        case .handleEventsReceived:
            handlingEvents = true
            return []
        case .resumed(let id, let offset, let total):
            guard tasks[id, default: Progress()].stage == .fresh else {
                return refuse("task \(id): didResumeAtOffset after the transfer began")
            }
            tasks[id] = Progress(stage: .transferring, reportedTotal: offset)
            return [.didResumeAtOffset(taskIdentifier: id, fileOffset: offset, expectedTotalBytes: total)]
        case .wrote(let id, let bytes, let total):
            return progress(id, total: bytes, now: now) { delta in
                .didWriteData(
                    taskIdentifier: id, bytesWritten: delta, totalBytesWritten: bytes, totalBytesExpectedToWrite: total)
            }
        case .sent(let id, let bytes, let total):
            return progress(id, total: bytes, now: now) { delta in
                .didSendBodyData(
                    taskIdentifier: id, bytesSent: delta, totalBytesSent: bytes, totalBytesExpectedToSend: total)
            }
        case .finishedDownloading(let id, let file):
            guard tasks[id, default: Progress()].stage < .finished else {
                return refuse("task \(id): didFinishDownloadingTo twice or after completion")
            }
            let held = flush(id)
            tasks[id, default: Progress()].stage = .finished
            return held + [
                .didFinishDownloadingTo(taskIdentifier: id, location: file, note: DelegateCall.temporaryFileNote)
            ]
        case .completed(let id, let end):
            guard tasks[id, default: Progress()].stage < .completed else {
                return refuse("task \(id): didCompleteWithError twice")
            }
            let held = flush(id)
            tasks[id, default: Progress()].stage = .completed
            switch end {
            case .response(let status):
                return held + [.didCompleteWithError(taskIdentifier: id, error: nil, httpStatus: status)]
            case .failed(let error):
                return held + [.didCompleteWithError(taskIdentifier: id, error: error, httpStatus: nil)]
            }
        case .allEventsDelivered:
            let held = flushAll()
            guard handlingEvents else { return held }
            handlingEvents = false
            return held + [.urlSessionDidFinishEvents(session: session)]
        }
    }

    /// Every held progress call, now.
    public mutating func flushAll() -> [DelegateCall] {
        tasks.keys.sorted().flatMap { flush($0) }
    }

    private mutating func progress(
        _ id: Int, total: Int64, now: Date, call: (Int64) -> DelegateCall
    ) -> [DelegateCall] {
        var p = tasks[id, default: Progress()]
        guard p.stage < .finished else { return refuse("task \(id): progress after the transfer ended") }
        p.stage = .transferring
        if let last = p.lastEmit, now.timeIntervalSince(last) < progressInterval {
            p.held = call(total - p.reportedTotal)
            tasks[id] = p
            return []
        }
        p.held = nil
        p.lastEmit = now
        let delta = total - p.reportedTotal
        p.reportedTotal = total
        tasks[id] = p
        return [call(delta)]
    }

    private mutating func flush(_ id: Int) -> [DelegateCall] {
        guard var p = tasks[id], let held = p.held else { return [] }
        p.held = nil
        switch held {
        case .didWriteData(_, _, let total, _), .didSendBodyData(_, _, let total, _): p.reportedTotal = total
        default: break
        }
        tasks[id] = p
        return [held]
    }

    private mutating func refuse(_ reason: String) -> [DelegateCall] {
        refusals.append(reason)
        return []
    }
}
