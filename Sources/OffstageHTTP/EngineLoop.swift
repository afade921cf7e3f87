import CCurl
import Glibc
import OffstageCore

/// A command for the engine thread, queued in FIFO order.
enum EngineCommand: Sendable {
    /// Start a request.
    case submit(TransferRequest, OriginCredentials?)
    /// Abort the task's active request, if any.
    case stop(Int64)
    /// Change the rate limit of the task's active request at once (nil: none).
    case limit(Int64, Int64?)
    /// Stop every request and leave the loop.
    case shutdown
}

/// The engine thread's state: the multi handle's transfers, driven by `perform`/`poll`/`info_read`.
///
/// Not Sendable: created and used on the engine thread only.
final class EngineLoop {
    private let multi: UnsafeMutableRawPointer?
    private let configuration: EngineConfiguration
    private let report: @Sendable (TransferReport) -> Void
    /// Active transfers by task ID; keeps each `Transfer` alive while its handle is in the multi handle.
    private var active: [Int64: Transfer] = [:]
    /// Downloads libcurl finished whose connection is watched briefly for bytes past Content-Length.
    private var settling: [Settling] = []
    /// How long a finished download's connection is watched for excess bytes.
    static let settleSeconds = 0.05

    private struct Settling {
        let transfer: Transfer
        let socket: Int32
        let deadline: Double
    }

    init(
        multi: UnsafeMutableRawPointer?, configuration: EngineConfiguration,
        report: @escaping @Sendable (TransferReport) -> Void
    ) {
        self.multi = multi
        self.configuration = configuration
        self.report = report
    }

    /// Whether any transfer is in flight.
    var isBusy: Bool { !active.isEmpty }

    /// Carries out one command. Returns false for `.shutdown`.
    func handle(_ command: EngineCommand) -> Bool {
        switch command {
        case .submit(let request, let credentials):
            start(request, credentials: credentials)
        case .stop(let taskID):
            if let transfer = active[taskID] { end(transfer, result: nil) }
        case .limit(let taskID, let rate):
            active[taskID]?.applyRateLimit(rate)
        case .shutdown:
            for transfer in active.values.sorted(by: { $0.request.taskID < $1.request.taskID }) {
                end(transfer, result: nil)
            }
            return false
        }
        return true
    }

    /// Lets libcurl move data, then ends (or starts settling) every transfer it reports done.
    func perform() {
        guard let multi else { return }
        resumePaced()
        var running: Int32 = 0
        _ = curl_multi_perform(multi, &running)
        var left: Int32 = 0
        while let message = curl_multi_info_read(multi, &left) {
            guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle else { continue }
            let result = offstage_curl_msg_result(message)
            guard let transfer = active.values.first(where: { $0.easy == handle }) else { continue }
            if result == CURLE_OK, let socket = transfer.settleSocket() {
                _ = curl_multi_remove_handle(multi, handle)
                let finished = MonotonicClock.now()
                // The final sync overlaps the watch for excess bytes: both take time, neither needs the other.
                transfer.checkpoint(now: finished)
                settling.append(Settling(transfer: transfer, socket: socket, deadline: finished + Self.settleSeconds))
            } else {
                end(transfer, result: result)
            }
        }
        settle()
        endStalledTransfers()
    }

    /// Reports transfers that stalled and ends those stalled for their timeout (interrupted, to be reconnected).
    private func endStalledTransfers() {
        let now = MonotonicClock.now()
        let finishing = Set(settling.map { ObjectIdentifier($0.transfer) })
        for transfer in active.values.sorted(by: { $0.request.taskID < $1.request.taskID })
        where !finishing.contains(ObjectIdentifier(transfer)) && transfer.stallTimedOut(now: now) {
            end(transfer, result: CURLE_ABORTED_BY_CALLBACK)
        }
    }

    /// Waits for socket activity (libcurl's and the settling connections'), libcurl's next timeout,
    /// a wakeup, or `milliseconds`.
    func poll(milliseconds: Int32) {
        guard let multi else { return }
        var timeout = milliseconds
        if let nearest = (settling.map(\.deadline) + active.values.compactMap(\.resumeAt)).min() {
            timeout = min(timeout, Clamped.int32(max(0, ((nearest - MonotonicClock.now()) * 1000).rounded(.up))))
        }
        var extra = settling.map { curl_waitfd(fd: $0.socket, events: Int16(CURL_WAIT_POLLIN), revents: 0) }
        var ready: Int32 = 0
        _ = extra.withUnsafeMutableBufferPointer { fds in
            curl_multi_poll(multi, fds.baseAddress, UInt32(fds.count), timeout, &ready)
        }
    }

    /// Lets the transfers their pacers paused go on once their time has come (unpausing may hand over the held chunk
    /// at once, which may pause them again).
    private func resumePaced() {
        let now = MonotonicClock.now()
        for transfer in active.values where (transfer.resumeAt ?? .infinity) <= now {
            transfer.resumeAt = nil
            if let easy = transfer.easy { _ = offstage_curl_unpause(easy) }
        }
    }

    /// Ends settling transfers whose connection became readable (peeking for excess) or whose time is up.
    private func settle() {
        guard !settling.isEmpty else { return }
        let now = MonotonicClock.now()
        var done: [Transfer] = []
        settling.removeAll { entry in
            var probe = pollfd(fd: entry.socket, events: Int16(POLLIN), revents: 0)
            let readable = Glibc.poll(&probe, 1, 0) == 1
            if readable { entry.transfer.noteTrailingBytes(on: entry.socket) }
            guard readable || now >= entry.deadline else { return false }
            done.append(entry.transfer)
            return true
        }
        for transfer in done { end(transfer, result: CURLE_OK) }
    }

    private func start(_ request: TransferRequest, credentials: OriginCredentials?) {
        // A second request for a task whose request is still active replaces it: the old one ends first.
        if let previous = active[request.taskID] { end(previous, result: nil) }
        guard let multi else {
            report(.ended(taskID: request.taskID, end: .permanentFailure(reason: "libcurl multi handle unavailable")))
            return
        }
        switch Transfer.prepare(request, credentials: credentials, configuration: configuration, report: report) {
        case .failure(let now):
            report(.ended(taskID: request.taskID, end: now.end))
        case .success(let transfer):
            guard let easy = transfer.easy, curl_multi_add_handle(multi, easy) == CURLM_OK else {
                transfer.close()
                report(.ended(taskID: request.taskID, end: .permanentFailure(reason: "libcurl refused the request")))
                return
            }
            active[request.taskID] = transfer
        }
    }

    /// Removes the transfer from the multi handle, reports its final checkpoint and its end, frees it.
    private func end(_ transfer: Transfer, result: CURLcode?) {
        settling.removeAll { $0.transfer === transfer }
        if let multi, let easy = transfer.easy { _ = curl_multi_remove_handle(multi, easy) }
        active[transfer.request.taskID] = nil
        let end = transfer.finish(result: result)
        transfer.close()
        report(.ended(taskID: transfer.request.taskID, end: end))
    }
}
