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
    /// How often someone watching wants progress, in seconds (nil: nobody watches; `unwatchedProgressInterval`).
    case watched(every: Double?)
    /// Stop every request and leave the loop.
    case shutdown
}

/// The engine thread's state: libcurl's multi handle driven by its event-driven interface
/// (`curl_multi_socket_action`), the sockets it asks for in an epoll set, its one timer, and the transfers.
///
/// A turn waits for a ready socket, libcurl's timer, the engine's tick or a wakeup, and then hands libcurl only
/// the sockets that are ready: its cost follows active sockets, not the number of transfers. Progress, time-based
/// checkpoints and stall checks run on the tick (`progressInterval`), for every transfer together.
///
/// Not Sendable: created, used and destroyed on the engine thread only.
final class EngineLoop {
    /// The multi handle; nil when libcurl or the system could not make one (every request then fails at once).
    let multi: UnsafeMutableRawPointer?
    let configuration: EngineConfiguration
    /// Where a turn's reports go, in one call.
    let reports: @Sendable ([TransferReport]) -> Void
    /// The reports of the turn so far; the transfers' callbacks add to it.
    let outbox = ReportOutbox()
    /// The sockets libcurl watches, and the wakeup; nil when the system refused an epoll set.
    let watch: SocketWatch?
    /// When libcurl wants `curl_multi_socket_action(CURL_SOCKET_TIMEOUT)` next (monotonic seconds); nil: never.
    var timerDeadline: Double?
    /// Active transfers by task ID; keeps each `Transfer` alive while its handle is in the multi handle.
    var active: [Int64: Transfer] = [:]
    /// The same transfers by easy handle, while the handle is in the multi handle (for libcurl's "done" messages).
    var byHandle: [UnsafeMutableRawPointer: Transfer] = [:]
    /// The active transfers with a rate limit (a pacer), which may be paused until their `resumeAt`.
    var paced: [Int64: Transfer] = [:]
    /// Downloads libcurl finished whose connection is watched briefly for bytes past Content-Length.
    var settling: [Settling] = []
    /// When the next tick is due (monotonic seconds).
    var nextTick = 0.0
    /// How often the one watching wants progress, in seconds (nil: nobody watches); the configuration's
    /// `progressInterval` until the owner says otherwise.
    var watchedInterval: Double?
    /// How long a finished download's connection is watched for excess bytes.
    static let settleSeconds = 0.05

    /// A finished download whose connection is watched until `deadline`.
    struct Settling {
        let transfer: Transfer
        let socket: Int32
        let deadline: Double
    }

    /// A loop with its own epoll set and multi handle; `wakeup` is the engine's.
    init(
        configuration: EngineConfiguration, wakeup: EngineWakeup,
        reports: @escaping @Sendable ([TransferReport]) -> Void
    ) {
        self.configuration = configuration
        self.reports = reports
        watchedInterval = configuration.progressInterval
        watch = SocketWatch(wakeup: wakeup)
        multi = watch == nil ? nil : curl_multi_init()
        guard let multi else { return }
        let me = Unmanaged.passUnretained(self).toOpaque()
        _ = offstage_curl_multi_setopt_socketfunction(multi, engineSocketCallback)
        _ = offstage_curl_multi_setopt_pointer(multi, CURLMOPT_SOCKETDATA, me)
        _ = offstage_curl_multi_setopt_timerfunction(multi, engineTimerCallback)
        _ = offstage_curl_multi_setopt_pointer(multi, CURLMOPT_TIMERDATA, me)
    }

    /// Whether any transfer is in flight.
    var isBusy: Bool { !active.isEmpty }

    /// Seconds between two progress reports of a transfer: the configuration's, slower while nobody watches.
    var progressInterval: Double {
        max(configuration.progressInterval, watchedInterval ?? configuration.unwatchedProgressInterval)
    }

    /// The tick's period: how often progress is reported and checkpoints and stalls are looked at (never longer than
    /// the checkpoint interval, so checkpoints by time keep their time while progress is slow).
    var tickInterval: Double { min(max(progressInterval, 0.02), max(configuration.checkpointInterval, 0.02), 1) }

    /// Runs until `.shutdown`: each turn takes the queued commands, waits, and lets libcurl act on what is ready.
    /// Cleans the multi handle up before it returns (its connection cache closes sockets through the callback).
    func run(commands: () -> [EngineCommand]) {
        defer { if let multi { curl_multi_cleanup(multi) } }
        while true {
            for command in commands() where !handle(command) {
                flushReports()
                return
            }
            flushReports()
            wait()
            finishDone()
            settle()
            tickIfDue()
        }
    }

    /// Hands the turn's reports over in one call, in the order they were made.
    private func flushReports() {
        guard !outbox.items.isEmpty else { return }
        let batch = outbox.items
        outbox.items.removeAll(keepingCapacity: true)
        reports(batch)
    }

    /// Adds a report to the turn's batch.
    func report(_ report: TransferReport) {
        outbox.items.append(report)
    }

    /// Carries out one command. Returns false for `.shutdown`.
    func handle(_ command: EngineCommand) -> Bool {
        switch command {
        case .submit(let request, let credentials):
            start(request, credentials: credentials)
        case .stop(let taskID):
            if let transfer = active[taskID] { end(transfer, result: nil) }
        case .limit(let taskID, let rate):
            guard let transfer = active[taskID] else { break }
            transfer.applyRateLimit(rate)
            notePacing(transfer)
        case .watched(let interval):
            let before = progressInterval
            watchedInterval = interval
            // A view that just arrived gets fresh progress at once, not at the end of a slow tick.
            if progressInterval < before { nextTick = min(nextTick, MonotonicClock.now()) }
        case .shutdown:
            for transfer in active.values.sorted(by: { $0.request.taskID < $1.request.taskID }) {
                end(transfer, result: nil)
            }
            return false
        }
        return true
    }

    /// libcurl's socket callback: what to watch on `socket` (`CURL_POLL_*`).
    func socketChanged(_ socket: Int32, what: Int32) {
        switch what {
        case CURL_POLL_IN: watch?.watch(socket, reading: true, writing: false)
        case CURL_POLL_OUT: watch?.watch(socket, reading: false, writing: true)
        case CURL_POLL_INOUT: watch?.watch(socket, reading: true, writing: true)
        default: watch?.forget(socket)
        }
    }

    /// libcurl's timer callback: act on timeouts in `milliseconds` (0: at once; -1: no timer).
    func timerChanged(milliseconds: Int) {
        timerDeadline = milliseconds < 0 ? nil : MonotonicClock.now() + Double(milliseconds) / 1000
    }

    /// Waits for a ready socket, libcurl's timer, the tick, a settling deadline or a wakeup, then lets libcurl act:
    /// on each ready socket, and on its timeouts when the timer is due.
    private func wait() {
        guard let watch, let multi else {
            // Nothing can run: each request fails as it comes; sleep until the next command.
            usleep(100_000)
            return
        }
        resumePaced()
        let now = MonotonicClock.now()
        var deadline = now + (isBusy ? 1 : 10)
        if let timerDeadline { deadline = min(deadline, timerDeadline) }
        if let resume = paced.values.compactMap(\.resumeAt).min() { deadline = min(deadline, resume) }
        if isBusy { deadline = min(deadline, nextTick) }
        if let settle = settling.map(\.deadline).min() { deadline = min(deadline, settle) }
        let milliseconds = Clamped.int32(max(0, ((deadline - now) * 1000).rounded(.up)))
        var running: Int32 = 0
        watch.wait(milliseconds: milliseconds) { socket, action in
            _ = curl_multi_socket_action(multi, socket, action, &running)
        }
        if let due = timerDeadline, MonotonicClock.now() >= due {
            timerDeadline = nil
            _ = curl_multi_socket_action(multi, offstage_curl_socket_timeout(), 0, &running)
        }
    }

    /// Ends (or starts settling) every transfer libcurl reports done. The downloads that completed start their
    /// writeback together before each is synced, so their final syncs overlap on the disk.
    private func finishDone() {
        guard let multi else { return }
        var left: Int32 = 0
        var completed: [(transfer: Transfer, socket: Int32)] = []
        while let message = curl_multi_info_read(multi, &left) {
            guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle,
                let transfer = byHandle[handle]
            else { continue }
            let result = offstage_curl_msg_result(message)
            if result == CURLE_OK, let socket = transfer.settleSocket() {
                _ = curl_multi_remove_handle(multi, handle)
                byHandle[handle] = nil
                transfer.writer?.startWriteback()
                completed.append((transfer, socket))
            } else {
                end(transfer, result: result)
            }
        }
        let finished = MonotonicClock.now()
        for (transfer, socket) in completed {
            // The final sync overlaps the watch for excess bytes: both take time, neither needs the other.
            transfer.checkpoint(now: finished)
            transfer.settling = true
            settling.append(Settling(transfer: transfer, socket: socket, deadline: finished + Self.settleSeconds))
        }
    }

    /// Lets the transfers their pacers paused go on once their time has come (unpausing may hand over the held chunk
    /// at once, which may pause them again).
    private func resumePaced() {
        guard !paced.isEmpty else { return }
        let now = MonotonicClock.now()
        var lifted: [Int64] = []
        for transfer in paced.values where (transfer.resumeAt ?? .infinity) <= now {
            transfer.resumeAt = nil
            transfer.receivingPaused = false
            if let easy = transfer.easy { _ = offstage_curl_unpause(easy) }
            if transfer.pacer == nil { lifted.append(transfer.request.taskID) }
        }
        for id in lifted { paced[id] = nil }
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

    /// On the tick: every transfer reports its progress, checkpoints when its time came, and is looked at for a
    /// stall; one stalled for its timeout ends as interrupted (to be reconnected), one whose checkpoint failed ends.
    private func tickIfDue() {
        guard isBusy else { return }
        let now = MonotonicClock.now()
        guard now >= nextTick else { return }
        nextTick = now + tickInterval
        var ending: [(transfer: Transfer, result: CURLcode)] = []
        for transfer in active.values where !transfer.settling {
            if let result = transfer.tick(now: now, progressInterval: progressInterval) {
                ending.append((transfer, result))
            }
        }
        for (transfer, result) in ending.sorted(by: { $0.transfer.request.taskID < $1.transfer.request.taskID }) {
            end(transfer, result: result)
        }
    }

    private func start(_ request: TransferRequest, credentials: OriginCredentials?) {
        // A second request for a task whose request is still active replaces it: the old one ends first.
        if let previous = active[request.taskID] { end(previous, result: nil) }
        guard let multi else {
            report(.ended(taskID: request.taskID, end: .permanentFailure(reason: "libcurl multi handle unavailable")))
            return
        }
        let outbox = self.outbox
        let report: (TransferReport) -> Void = { outbox.items.append($0) }
        switch Transfer.prepare(
            request, credentials: credentials, configuration: configuration, concurrent: active.count, report: report)
        {
        case .failure(let now):
            report(.ended(taskID: request.taskID, end: now.end))
        case .success(let transfer):
            guard let easy = transfer.easy, curl_multi_add_handle(multi, easy) == CURLM_OK else {
                transfer.close()
                report(.ended(taskID: request.taskID, end: .permanentFailure(reason: "libcurl refused the request")))
                return
            }
            if active.isEmpty { nextTick = MonotonicClock.now() + tickInterval }
            active[request.taskID] = transfer
            byHandle[easy] = transfer
            notePacing(transfer)
        }
    }

    /// Keeps `paced` to the transfers that have a pacer or wait to be let go on (a lifted limit), so a turn looks at
    /// those only.
    private func notePacing(_ transfer: Transfer) {
        let keep = transfer.pacer != nil || transfer.resumeAt != nil
        paced[transfer.request.taskID] = keep ? transfer : nil
    }

    /// Removes the transfer from the multi handle, reports its final checkpoint and its end, frees it.
    func end(_ transfer: Transfer, result: CURLcode?) {
        settling.removeAll { $0.transfer === transfer }
        if let easy = transfer.easy, byHandle.removeValue(forKey: easy) != nil, let multi {
            _ = curl_multi_remove_handle(multi, easy)
        }
        active[transfer.request.taskID] = nil
        paced[transfer.request.taskID] = nil
        let end = transfer.finish(result: result)
        transfer.close()
        report(.ended(taskID: transfer.request.taskID, end: end))
    }
}

/// The reports of one engine turn, in order, until the loop hands them over. The engine thread's only.
final class ReportOutbox {
    /// The reports so far.
    var items: [TransferReport] = []
}

// libcurl's multi callbacks. `user` is the unretained `EngineLoop`, which outlives its multi handle (`run` cleans
// the handle up before it returns). They run inside `curl_multi_socket_action`, `curl_multi_add_handle`,
// `curl_multi_remove_handle` and `curl_multi_cleanup`, on the engine thread.

/// `CURLMOPT_SOCKETFUNCTION`: which events libcurl wants on a socket, or that it is done with it.
private func engineSocketCallback(
    _ easy: UnsafeMutableRawPointer?, _ socket: curl_socket_t, _ what: Int32, _ user: UnsafeMutableRawPointer?,
    _ socketData: UnsafeMutableRawPointer?
) -> Int32 {
    guard let user else { return 0 }
    Unmanaged<EngineLoop>.fromOpaque(user).takeUnretainedValue().socketChanged(socket, what: what)
    return 0
}

/// `CURLMOPT_TIMERFUNCTION`: when libcurl wants its timeouts handled next.
private func engineTimerCallback(
    _ multi: UnsafeMutableRawPointer?, _ milliseconds: Int, _ user: UnsafeMutableRawPointer?
) -> Int32 {
    guard let user else { return 0 }
    Unmanaged<EngineLoop>.fromOpaque(user).takeUnretainedValue().timerChanged(milliseconds: milliseconds)
    return 0
}
