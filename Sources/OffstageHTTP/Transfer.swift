import CCurl
import Foundation
import Glibc
import OffstageCore

/// What went wrong on our side of a transfer, remembered by a callback that aborted it.
enum LocalFailure {
    /// `pwrite` or `fdatasync` hit ENOSPC or EDQUOT.
    case diskFull
    /// Any other local file error (EIO, EACCES, a failed sync, an unreadable upload file).
    case file(String)
    /// The response head passed a limit (its size in all): the server would send the same head again.
    case headTooLarge(String)
    /// The request stayed stalled (under its `stallBytes` for its timeout): it is reconnected, with this reason.
    case stalled(String)
}

/// One request in flight: its easy handle, its file, and what its callbacks have seen.
///
/// Not Sendable: created, driven (through libcurl callbacks inside `curl_multi_socket_action`) and
/// destroyed on the engine thread only.
final class Transfer {
    /// The request as submitted.
    let request: TransferRequest
    /// Credentials to send, already checked against the request URL's origin.
    let credentials: OriginCredentials?
    let configuration: EngineConfiguration
    /// Adds a report to the engine's batch for this turn.
    let report: (TransferReport) -> Void
    /// The easy handle; nil once cleaned up.
    private(set) var easy: UnsafeMutableRawPointer?
    /// The part file (downloads, write-only) or the source file (uploads, read-only).
    private(set) var fd: Int32
    /// The file's path, for messages.
    let path: String
    /// `CURLOPT_HTTPHEADER` list, freed with the handle.
    var headerList: UnsafeMutablePointer<curl_slist>?
    /// `CURLOPT_ERRORBUFFER`, `CURL_ERROR_SIZE` bytes.
    let errorBuffer: UnsafeMutablePointer<CChar>
    /// `CURLOPT_BUFFERSIZE` for this request (see `EngineConfiguration.receiveBufferSize(concurrent:)`).
    var receiveBufferSize: Int

    // Response state.
    /// The block being collected by the header callback.
    var block: HeaderBlock?
    /// Bytes of response head read so far (every block, 1xx included).
    var headBytes = 0
    /// The most response head a request reads before it gives up: 256 KiB, below libcurl's own 300 KiB, so the
    /// reason is ours to say (libcurl also refuses one header line over 100 KiB).
    static let headLimit = 256 << 10
    /// The final head's status once judged.
    var status = 0
    /// Set when the head was accepted and the body may flow.
    var accepted = false
    /// Set when the head was refused; the header callback aborted the transfer.
    var rejection: ResponseVerdict?
    /// Where this response's body begins in the part file: the request's offset, or 0 once a 200 to a range
    /// request emptied the part file to take the whole file again.
    lazy var startOffset: Int64 = request.offset
    /// Absolute length of the whole file (downloads) or the upload size; -1 when unknown.
    var expectedTotal: Int64 = -1
    /// libcurl reported "Excess found": the body ran past Content-Length.
    var excessFound = false
    /// Set by a callback that aborted the transfer because of a local error.
    var failure: LocalFailure?

    // Download state.
    /// Writes the body into the part file (downloads only).
    let writer: PartWriter?
    /// Absolute bytes received into the part file (offset + received).
    var position: Int64 { writer?.position ?? request.offset }
    /// Absolute bytes known to be on disk.
    var durable: Int64 { writer?.durable ?? request.offset }
    var lastCheckpoint: Double
    var lastProgress = -Double.infinity
    var lastReportedProgress: Int64 = -1
    /// Where the bytes last moved by the request's `stallBytes`: when (monotonic seconds) and how many there were.
    var stallMark: (at: Double, bytes: Int64)
    /// Whether `.stalled` was reported and no `.moving` since.
    var stallReported = false
    /// Set once libcurl finished it and its connection is watched for excess bytes: the tick leaves it alone.
    var settling = false
    /// The most bytes a second the request may move now (nil: no limit); set with `applyRateLimit`.
    var rateLimit: Int64?
    /// The token bucket that paces it while it has a limit.
    var pacer: Pacer?
    /// While paused by its pacer: when to let it go on (monotonic seconds).
    var resumeAt: Double?
    /// Whether the write callback paused the socket's reading (`curl_easy_pause`): the rest of the read libcurl is
    /// handing over is taken, not refused, until the engine lets it go on.
    var receivingPaused = false
    /// The receive buffer the handle started with: a later limit may shrink it, never grow it past this.
    var startBuffer = 0

    // Upload state.
    /// Bytes of the upload file read so far.
    var sent: Int64 = 0
    /// The upload response body, at most `summaryCap` bytes.
    var responseBody: [UInt8] = []
    static let summaryCap = 4096

    private init(
        request: TransferRequest, credentials: OriginCredentials?, configuration: EngineConfiguration,
        report: @escaping (TransferReport) -> Void, fd: Int32, path: String, easy: UnsafeMutableRawPointer
    ) {
        self.request = request
        self.credentials = credentials
        self.configuration = configuration
        self.report = report
        self.fd = fd
        self.path = path
        self.easy = easy
        receiveBufferSize = configuration.receiveBufferSize
        self.writer =
            request.kind == .download
            ? PartWriter(
                fd: fd, offset: request.offset, bufferSize: configuration.writeBufferSize,
                writebackWindow: configuration.writebackWindow, diskReserve: configuration.diskReserve,
                fileSync: configuration.fileSync)
            : nil
        self.lastCheckpoint = MonotonicClock.now()
        self.stallMark = (lastCheckpoint, request.kind == .download ? request.offset : 0)
        let size = offstage_curl_error_size()
        errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: size)
        errorBuffer.initialize(repeating: 0, count: size)
    }

    deinit {
        close()
        errorBuffer.deallocate()
    }

    /// Whether this is a download into a part file.
    var isDownload: Bool { request.kind == .download }

    /// Opens the file, creates and configures the easy handle; or says how the request ends at once.
    static func prepare(
        _ request: TransferRequest, credentials: OriginCredentials?, configuration: EngineConfiguration,
        concurrent: Int = 0, report: @escaping (TransferReport) -> Void
    ) -> Result<Transfer, EndNow> {
        let opened: (fd: Int32, path: String)
        switch request.kind == .download
            ? PartFile.open(request, configuration: configuration) : PartFile.openUpload(request)
        {
        case .success(let value): opened = value
        case .failure(let end): return .failure(end)
        }
        guard let easy = curl_easy_init() else {
            Glibc.close(opened.fd)
            return .failure(EndNow(end: .permanentFailure(reason: "libcurl could not create a handle")))
        }
        let usable = credentials.flatMap { $0.apply(to: request.url) ? $0 : nil }
        let transfer = Transfer(
            request: request, credentials: usable, configuration: configuration, report: report,
            fd: opened.fd, path: opened.path, easy: easy)
        transfer.receiveBufferSize = configuration.receiveBufferSize(concurrent: concurrent)
        if let problem = transfer.configure() {
            return .failure(EndNow(end: .permanentFailure(reason: transfer.scrub(problem))))
        }
        return .success(transfer)
    }

    /// Releases the easy handle, the header list and the file. Idempotent.
    func close() {
        if let easy { curl_easy_cleanup(easy) }
        easy = nil
        if let headerList { curl_slist_free_all(headerList) }
        headerList = nil
        if fd >= 0 {
            writer?.release()
            Glibc.close(fd)
        }
        fd = -1
    }

    /// Removes secrets from text that leaves the engine.
    func scrub(_ text: String) -> String {
        let masked =
            text.contains(request.url)
            ? text.replacingOccurrences(of: request.url, with: URLCredentials.masked(request.url)) : text
        return credentials?.scrub(masked) ?? masked
    }

    /// Syncs everything written so far and reports it as a checkpoint. False when the sync failed.
    @discardableResult
    func checkpoint(now: Double) -> Bool {
        lastCheckpoint = now
        guard let writer, fd >= 0 else { return true }
        let before = writer.durable
        var synced = true
        do {
            try writer.sync()
        } catch {
            if failure == nil { failure = localFailure(error, doing: "write") }
            synced = false
        }
        if writer.durable > before { report(.checkpointed(taskID: request.taskID, offset: writer.durable)) }
        return synced
    }

    /// A part-file failure as the transfer remembers it.
    func localFailure(_ error: PartWriter.Failure, doing operation: String) -> LocalFailure {
        switch error {
        case .diskFull: return .diskFull
        case .file(let code): return .file("cannot \(operation) \(path): \(errorText(code))")
        }
    }
}

extension Transfer {
    /// The least the request must move within its stall window not to be stalled: its `stallBytes`, or half of what
    /// its rate limit lets through in that window when that is less (a tightly limited request is not stalled).
    var stallBytes: Int64 {
        guard let rateLimit else { return request.stallBytes }
        let window = request.stallWindow.isFinite ? max(1, request.stallWindow) : 30
        return max(1, min(request.stallBytes, Clamped.int64(Double(rateLimit) * window / 2)))
    }
}

/// A request that ends before it is sent: a missing part file, an unreadable upload, a bad option.
struct EndNow: Error {
    /// How it ends.
    let end: TransferEnd
}
