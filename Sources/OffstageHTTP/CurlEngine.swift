import CCurl
import Dispatch
import Foundation
import Glibc
import OffstageCore
import Synchronization

/// The transfer engine: libcurl's multi interface, event-driven (`EngineLoop`), on one dedicated thread that owns
/// every curl handle and part file. Commands cross in through a locked FIFO queue plus a wakeup (an eventfd);
/// reports go out in batches through `reports` (what one turn of the engine thread produced, in order), called on
/// the engine thread.
///
/// Every submitted request yields exactly one `.ended`; reports for one task come in order.
public final class CurlEngine: Sendable {
    private let configuration: EngineConfiguration
    private let reports: @Sendable ([TransferReport]) -> Void
    private let wakeup = EngineWakeup()
    private let state = Mutex(QueueState())
    private let running = DispatchGroup()

    private struct QueueState {
        var commands: [EngineCommand] = []
        var started = false
        var closed = false
        var thread: pthread_t?
    }

    /// An engine that will write part files under `configuration.partsDirectory`; call `start()`.
    public convenience init(
        configuration: EngineConfiguration, report: @escaping @Sendable (TransferReport) -> Void
    ) {
        self.init(configuration: configuration, reports: { batch in batch.forEach(report) })
    }

    /// An engine that hands its reports over a turn at a time: one call per batch, so a busy engine wakes its
    /// owner once per turn rather than once per report.
    public init(configuration: EngineConfiguration, reports: @escaping @Sendable ([TransferReport]) -> Void) {
        _ = Self.globalInit
        self.configuration = configuration
        self.reports = reports
        Self.raiseOpenFileLimit()
    }

    deinit {
        wakeup.close()
    }

    private static let globalInit: CURLcode = offstage_curl_global_init_default()

    /// Starts the engine thread. Does nothing when already started or shut down.
    public func start() {
        let begin = state.withLock { state -> Bool in
            guard !state.started, !state.closed else { return false }
            state.started = true
            return true
        }
        guard begin else { return }
        running.enter()
        let thread = Thread { [self] in
            state.withLock { $0.thread = pthread_self() }
            run()
            running.leave()
        }
        thread.name = "offstage-curl"
        thread.start()
    }

    /// The `.netrc` file its owner looks credentials up in (the engine itself never reads it).
    public var netrcFile: String? { configuration.netrcFile }

    /// Queues a request. `credentials` are sent only while the request URL has their origin; they
    /// never appear in a report. After `shutdown()`, the request ends at once with `.stopped`
    /// (reported on the calling thread).
    public func submit(_ request: TransferRequest, credentials: OriginCredentials? = nil) {
        guard enqueue(.submit(request, credentials)) else {
            reports([.ended(taskID: request.taskID, end: .stopped)])
            return
        }
    }

    /// Aborts the task's active request, which reports its final checkpoint and `.ended(.stopped)`.
    /// A no-op when the task has no active request.
    public func stop(taskID: Int64) {
        _ = enqueue(.stop(taskID))
    }

    /// Changes the rate limit of the task's active request at once (nil: none); a no-op when it has none.
    public func setRateLimit(taskID: Int64, bytesPerSecond: Int64?) {
        _ = enqueue(.limit(taskID, bytesPerSecond))
    }

    /// Says how often someone watching wants progress, in seconds (nil: nobody watches): reports come every
    /// `interval` (never more often than `progressInterval`, which is the cadence from the start), or every
    /// `unwatchedProgressInterval` while nobody watches.
    public func setWatched(every interval: Double?) {
        _ = enqueue(.watched(every: interval))
    }

    /// Stops every request (each reports `.ended(.stopped)`) and joins the engine thread.
    /// Idempotent. Called on the engine thread (from `report`), it does not wait.
    public func shutdown() {
        let (first, started, pending, onEngineThread) = state.withLock { state in
            let first = !state.closed
            state.closed = true
            var pending: [EngineCommand] = []
            if first {
                state.commands.append(.shutdown)
                if !state.started {
                    pending = state.commands
                    state.commands = []
                }
            }
            let here = state.thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false
            return (first, state.started, pending, here)
        }
        if first && !started {
            reports(
                pending.compactMap {
                    if case .submit(let request, _) = $0 { .ended(taskID: request.taskID, end: .stopped) } else { nil }
                })
            return
        }
        wake()
        if !onEngineThread { running.wait() }
    }

    /// Appends a command unless the engine is shut down; wakes the engine thread.
    private func enqueue(_ command: EngineCommand) -> Bool {
        let accepted = state.withLock { state -> Bool in
            guard !state.closed else { return false }
            state.commands.append(command)
            return true
        }
        if accepted { wake() }
        return accepted
    }

    private func wake() {
        wakeup.signal()
    }

    /// The engine thread: commands in FIFO order, then a wait on the sockets that are ready, until shutdown.
    private func run() {
        let loop = EngineLoop(configuration: configuration, wakeup: wakeup, reports: reports)
        loop.run {
            state.withLock { state -> [EngineCommand] in
                defer { state.commands.removeAll(keepingCapacity: true) }
                return state.commands
            }
        }
    }

    /// Raises the soft limit on open files to the hard limit (at most 2^20): every transfer holds a socket and a part
    /// file, and the usual soft limit of 1,024 would refuse the 500th of a thousand downloads at once.
    private static func raiseOpenFileLimit() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
        let wanted = min(limit.rlim_max, 1 << 20)
        guard limit.rlim_cur < wanted else { return }
        limit.rlim_cur = wanted
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }
}
