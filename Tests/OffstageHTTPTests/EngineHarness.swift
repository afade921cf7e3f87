import Dispatch
import Foundation
import OffstageCore
import OffstageHTTP
import Synchronization
import Testing

/// Runs a `CurlEngine` for one request and collects its reports until `.ended`.
final class EngineHarness: Sendable {
    let parts: String
    let engine: CurlEngine
    private let sink: ReportSink

    /// An engine writing part files into a fresh temporary folder (or `parts`).
    init(parts: String? = nil, adjust: (inout EngineConfiguration) -> Void = { _ in }) throws {
        let folder = try parts ?? Self.temporaryDirectory()
        self.parts = folder
        var configuration = EngineConfiguration(partsDirectory: folder)
        adjust(&configuration)
        let sink = ReportSink()
        self.sink = sink
        engine = CurlEngine(configuration: configuration) { sink.receive($0) }
        sink.engine.withLock { $0 = engine }
        engine.start()
    }

    deinit {
        engine.shutdown()
        sink.engine.withLock { $0 = nil }
        try? FileManager.default.removeItem(atPath: parts)
    }

    /// Calls `action` on the engine thread for every report (e.g. to stop the task).
    func onReport(_ action: @escaping @Sendable (TransferReport, CurlEngine) -> Void) {
        sink.hook.withLock { $0 = action }
    }

    /// Submits `request` and waits (30 s at most, as a failure guard) for its `.ended`; returns the
    /// reports of this request only.
    func run(_ request: TransferRequest, credentials: OriginCredentials? = nil) throws
        -> [TransferReport]
    {
        let before = sink.reports.withLock { $0.count }
        engine.submit(request, credentials: credentials)
        let outcome = sink.ended.wait(timeout: .now() + 30)
        try #require(outcome == .success, "no .ended within 30 s")
        return sink.reports.withLock { Array($0[before...]) }
    }

    /// Submits every request at once and waits (60 s at most, as a failure guard) for as many `.ended` reports;
    /// returns the reports of these requests.
    func runAll(_ requests: [TransferRequest]) throws -> [TransferReport] {
        let before = sink.reports.withLock { $0.count }
        for request in requests { engine.submit(request) }
        for _ in requests {
            try #require(
                sink.ended.wait(timeout: .now() + 60) == .success, "not every request ended within 60 s")
        }
        return sink.reports.withLock { Array($0[before...]) }
    }

    /// Every report so far.
    var all: [TransferReport] { sink.reports.withLock { $0 } }

    /// The part file path of a task.
    func partPath(_ id: Int64) -> String { parts + "/\(id).part" }

    /// The size of the part file, or nil when missing.
    func partSize(_ id: Int64) -> Int64? {
        (try? FileManager.default.attributesOfItem(atPath: partPath(id))[.size] as? NSNumber)?
            .int64Value
    }

    static func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "/offstage-http-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

/// Collects reports from the engine thread and signals each `.ended`.
final class ReportSink: Sendable {
    let reports = Mutex<[TransferReport]>([])
    let ended = DispatchSemaphore(value: 0)
    let hook = Mutex<(@Sendable (TransferReport, CurlEngine) -> Void)?>(nil)
    let engine = Mutex<CurlEngine?>(nil)

    func receive(_ report: TransferReport) {
        reports.withLock { $0.append(report) }
        if let action = hook.withLock({ $0 }), let engine = engine.withLock({ $0 }) {
            action(report, engine)
        }
        if case .ended = report { ended.signal() }
    }
}

/// A download request with test defaults.
func download(
    _ url: String, id: Int64 = 1, offset: Int64 = 0, validator: String? = nil, idle: Double = 10
)
    -> TransferRequest
{
    TransferRequest(
        taskID: id, kind: .download, url: url, method: "GET", offset: offset, validator: validator,
        uploadPath: nil,
        idleTimeout: idle)
}

/// An upload request with test defaults.
func upload(_ url: String, file: String, method: String, id: Int64 = 1) -> TransferRequest {
    TransferRequest(
        taskID: id, kind: .upload, url: url, method: method, offset: 0, validator: nil,
        uploadPath: file,
        idleTimeout: 10)
}

extension [TransferReport] {
    /// The single `.ended` outcome (nil unless there is exactly one).
    var end: TransferEnd? {
        let ends = compactMap { report -> TransferEnd? in
            if case .ended(_, let end) = report { return end }
            return nil
        }
        return ends.count == 1 ? ends.first : nil
    }

    /// The number of `.ended` reports.
    var endCount: Int { filter { if case .ended = $0 { true } else { false } }.count }

    /// Offsets of `.checkpointed` reports, in order.
    var checkpoints: [Int64] {
        compactMap { if case .checkpointed(_, let offset) = $0 { offset } else { nil } }
    }

    /// The `.responseAccepted` report's fields, if any.
    var accepted: (offset: Int64, total: Int64, validator: String?, name: String?, status: Int)? {
        for case .responseAccepted(_, let offset, let total, let validator, let name, let status, _) in self {
            return (offset, total, validator, name, status)
        }
        return nil
    }

    /// Whether the last `.checkpointed` comes before the `.ended`.
    var checkpointPrecedesEnd: Bool {
        guard let checkpoint = lastIndex(where: { if case .checkpointed = $0 { true } else { false } }),
            let end = firstIndex(where: { if case .ended = $0 { true } else { false } })
        else { return false }
        return checkpoint < end
    }

    /// Whether the outcome was `.interrupted`, with its reason.
    var interruption: (reason: String, stalled: Bool)? {
        if case .interrupted(let reason, let stalled) = end { return (reason, stalled) }
        return nil
    }
}
