import Foundation
import OffstageCore

/// Sample snapshots for golden screens, view tests and `offstage render`: fixed dates, deterministic, each one a
/// situation the engine really produces.
public enum SnapshotSamples {
    /// The fixtures' "now": 2023-11-14 22:13:20 UTC.
    public static let now = Date(timeIntervalSince1970: 1_700_000_000)

    /// `now` moved by `seconds`.
    public static func at(_ seconds: Double) -> Date { now.addingTimeInterval(seconds) }

    /// A request reading whose reason text is the scheduler's own wording.
    static func request(
        _ identifier: String, _ kind: BGTaskKind, earliestIn: Double? = nil, network: Bool = false, power: Bool = false,
        submittedAgo: Double, reason: WaitReason, penalisedUntil: Date? = nil
    ) -> RequestSnapshot {
        RequestSnapshot(
            request: BGTaskRequest(
                identifier: identifier, kind: kind, earliestBeginDate: earliestIn.map(at), requiresNetworkConnectivity: network,
                requiresExternalPower: power),
            submittedAt: at(-submittedAgo), reason: reason, reasonText: reason.text(), penalisedUntil: penalisedUntil)
    }

    /// `request` with a decision log.
    static func withDecisions(_ request: RequestSnapshot, _ decisions: [String]) -> RequestSnapshot {
        var copy = request
        copy.decisions = decisions
        return copy
    }

    /// An event-log line `secondsAgo` before `now`.
    static func event(_ secondsAgo: Double, _ kind: LogKind, _ subject: String, _ reason: String = "") -> LogEntry {
        LogEntry(time: at(-secondsAgo), kind: kind, subject: subject, reason: reason)
    }

    /// Mid-demo: a resumed download, one of unknown size, a retry after a 503, a discretionary one waiting for
    /// Wi-Fi and power, an upload, a delivered one and one with an earliest date; the app in the background with
    /// 0:21 left; a refresh and a processing request; events up to a relaunch.
    public static var demoMidway: Snapshot {
        let iso = TransferSnapshot(
            id: 1, taskIdentifier: 1, name: "ubuntu.iso", url: "http://127.0.0.1:8080/files/ubuntu.iso", state: .running,
            bytes: 1_200_000_000, bytesExpected: 2_500_000_000, resumedFrom: 800_000_000, speed: 12_400_000, eta: 105,
            status: .running, attempts: 0, validator: "\"5f2b-9c3e1a\"", httpStatus: 206,
            history: [
                event(290, .started, "task 1", "receiving 2.5 GB (HTTP 200 OK)"),
                event(200, .retryScheduled, "task 1", "connection reset by peer; retry in 2 s (attempt 1 of 8)"),
                event(170, .resumed, "task 1", "from 800 MB of 2.5 GB (HTTP 206 Partial Content, If-Range \"5f2b-9c3e1a\")"),
            ])
        let feed = TransferSnapshot(
            id: 2, taskIdentifier: 2, name: "feed.json", url: "http://127.0.0.1:8080/stream/feed.json", state: .running,
            bytes: 340_000, bytesExpected: nil, speed: 1_100_000, status: .running, httpStatus: 200)
        let photos = TransferSnapshot(
            id: 3, taskIdentifier: 3, name: "photos.zip", url: "http://127.0.0.1:8080/faults/503/photos.zip", state: .retrying,
            bytes: 5_000_000, bytesExpected: 40_000_000, resumedFrom: 5_000_000,
            status: .retrying(nextAttempt: at(12), attempt: 3, maxAttempts: 8, lastError: "HTTP 503 Service Unavailable"),
            attempts: 2, validator: "\"ph-77\"", httpStatus: 503)
        let nightly = TransferSnapshot(
            id: 4, taskIdentifier: 4, name: "nightly.db", url: "http://127.0.0.1:8080/files/nightly.db", state: .queued,
            status: .waiting("discretionary — needs Wi-Fi and power"), isDiscretionary: true)
        let backup = TransferSnapshot(
            id: 5, taskIdentifier: 5, name: "backup.tar", kind: .upload, url: "http://127.0.0.1:8080/upload/backup.tar",
            state: .running, bytes: 30_000_000, bytesExpected: 120_000_000, speed: 2_100_000, eta: 43, status: .running)
        let report = TransferSnapshot(
            id: 6, taskIdentifier: 6, name: "report.pdf", url: "http://127.0.0.1:8080/files/report.pdf", state: .completed,
            bytes: 2_400_000, bytesExpected: 2_400_000, status: .completed, httpStatus: 200,
            deliveredPath: "/home/demo/Downloads/report.pdf")
        let later = TransferSnapshot(
            id: 7, taskIdentifier: 7, name: "later.bin", url: "http://127.0.0.1:8080/files/later.bin", state: .queued,
            status: .earliestBegin(at(30)), earliestBeginDate: at(30))
        return Snapshot(
            sequence: 41, clock: ClockSnapshot(now: now, rate: .real, nextDeadline: at(12)),
            engine: EngineSnapshot(role: .hosting, pid: 4242, home: "/home/demo/.offstage"),
            device: DeviceSnapshot(conditions: DeviceConditions(network: .cellular, charging: false, batteryLevel: 64)),
            app: AppSnapshot(phase: .background, backgroundTimeRemaining: 21, budget: AppSnapshot.Budget(credits: 3, maximum: 5)),
            transfers: [iso, feed, photos, nightly, backup, report, later],
            requests: [
                request("com.example.refresh", .appRefresh, earliestIn: 750, submittedAgo: 30, reason: .earliestIn(750)),
                request(
                    "com.example.maintenance", .processing, network: true, power: true, submittedAgo: 120,
                    reason: .needsExternalPower),
            ],
            events: [
                event(300, .taskAdded, "task 1", "http://127.0.0.1:8080/files/ubuntu.iso"),
                event(290, .started, "task 1", "receiving 2.5 GB (HTTP 200 OK)"),
                event(210, .appTerminated, "app", "terminated by the system (memory pressure)"),
                event(200, .retryScheduled, "task 1", "connection reset by peer; retry in 2 s (attempt 1 of 8)"),
                event(180, .appRelaunch, "com.offstage.downloads", "relaunched in background for session events"),
                event(170, .resumed, "task 1", "from 800 MB of 2.5 GB (HTTP 206 Partial Content, If-Range \"5f2b-9c3e1a\")"),
                event(120, .retryScheduled, "task 3", "HTTP 503 Service Unavailable; retry in 12 s (attempt 3 of 8)"),
                event(90, .waiting, "task 4", "discretionary — needs Wi-Fi and power"),
                event(60, .delivered, "task 6", "report.pdf into /home/demo/Downloads"),
                event(30, .bgSubmitted, "com.example.refresh", "app refresh, earliest in 13 min"),
                event(9, .appLifecycle, "app", "entered the background; 30 s of background time"),
            ])
    }

    /// After a background relaunch: the completion handler outstanding, deliveries waiting, a reconciliation block.
    public static var relaunchReconciliation: Snapshot {
        let done = TransferSnapshot(
            id: 2, taskIdentifier: 2, name: "episode-12.mp3", url: "http://127.0.0.1:8080/files/episode-12.mp3",
            state: .finishing, bytes: 48_000_000, bytesExpected: 48_000_000, status: .finishing("waits for the app to move the file"))
        let moved = TransferSnapshot(
            id: 3, taskIdentifier: 3, name: "episode-13.mp3", url: "http://127.0.0.1:8080/files/episode-13.mp3",
            state: .completed, bytes: 51_000_000, bytesExpected: 51_000_000, status: .completed, httpStatus: 200,
            deliveredPath: "/home/demo/Library/Podcasts/episode-13.mp3")
        let resumed = TransferSnapshot(
            id: 4, taskIdentifier: 4, name: "episode-14.mp3", url: "http://127.0.0.1:8080/files/episode-14.mp3", state: .running,
            bytes: 20_000_000, bytesExpected: 50_000_000, resumedFrom: 18_000_000, speed: 4_000_000, eta: 7.5, status: .running,
            validator: "\"ep14\"", httpStatus: 206)
        return Snapshot(
            sequence: 7, clock: ClockSnapshot(now: now, rate: .warped(60)),
            engine: EngineSnapshot(role: .attached, pid: 31337, home: "/home/demo/.offstage"),
            device: DeviceSnapshot(conditions: DeviceConditions(network: .wifi, charging: true, batteryLevel: 82)),
            app: AppSnapshot(
                phase: .background, backgroundTimeRemaining: 28, lastTermination: "terminated by the system",
                completionHandlers: [AppSnapshot.Handler(session: "com.offstage.downloads", secondsLeft: 24, eventsFinished: false)],
                waitingDeliveries: 1, budget: AppSnapshot.Budget(credits: 4.5, maximum: 5)),
            transfers: [done, moved, resumed],
            events: [
                event(60, .appTerminated, "app", "terminated by the system (memory pressure)"),
                event(20, .delivered, "task 3", "episode-13.mp3 body complete; waits for the app"),
                event(8, .appRelaunch, "com.offstage.downloads", "relaunched in background for session events"),
                event(8, .appCompletionHandler, "com.offstage.downloads", "issued; the app must call it within 30 s"),
                event(7, .appReconciled, "com.offstage.downloads", "3 tasks: 1 delivered, 1 waiting for the app, 1 resumed"),
                event(7, .appReconciled, "task 3", "delivered: didFinishDownloadingTo moved the file"),
                event(7, .appReconciled, "task 2", "finishing: delivery waits for the app's delegate"),
                event(7, .appReconciled, "task 4", "running: resumed from 18 MB"),
                event(6, .appDelegate, "task 3", "urlSession(_:downloadTask:didFinishDownloadingTo:)"),
                event(5, .resumed, "task 4", "from 18 MB of 50 MB (HTTP 206 Partial Content, If-Range \"ep14\")"),
            ])
    }

    /// A running refresh task about to expire, a processing task whose expiration was called, a penalised request,
    /// and the events of an earlier expiry and watchdog kill.
    public static var expiringWithPenalty: Snapshot {
        Snapshot(
            sequence: 99, clock: ClockSnapshot(now: now, rate: .warped(10)),
            engine: EngineSnapshot(role: .hosting, pid: 4242, home: "/home/demo/.offstage"),
            device: DeviceSnapshot(conditions: DeviceConditions(network: .wifi, charging: true, batteryLevel: 100, lowPowerMode: true)),
            app: AppSnapshot(phase: .background, backgroundTimeRemaining: 3, budget: AppSnapshot.Budget(credits: 1, maximum: 5)),
            requests: [
                withDecisions(
                    request(
                        "com.example.sync", .appRefresh, submittedAgo: 400, reason: .penalisedUntil(at(3600)),
                        penalisedUntil: at(3600)),
                    [
                        "21:58 com.example.sync launched: app refresh, budget 2.0 credits",
                        "21:59 com.example.sync not launched: penalised until 23:13",
                    ]),
                request("com.example.index", .processing, power: true, submittedAgo: 50, reason: .lowPowerMode),
            ],
            runningTasks: [
                RunningTaskSnapshot(
                    identifier: "com.example.refresh", kind: .appRefresh, launchedAt: at(-27), expiresIn: 3, deadlineIn: 33),
                RunningTaskSnapshot(
                    identifier: "com.example.cleanup", kind: .processing, launchedAt: at(-200), expiresIn: -1, deadlineIn: 4,
                    expirationCalled: true, simulated: true),
            ],
            events: [
                event(900, .bgLaunched, "com.example.sync", "app refresh, 30 s allowed"),
                event(870, .bgExpired, "com.example.sync", "expired after 30 s without setTaskCompleted — penalised"),
                event(860, .bgKilled, "app", "0x2182bad2: a BG task did not complete after its expiration handler"),
                event(860, .appKilled, "app", "watchdog 0x2182bad2"),
                event(200, .bgLaunched, "com.example.cleanup", "processing (simulated launch)"),
                event(27, .bgLaunched, "com.example.refresh", "app refresh, 30 s allowed"),
                event(1, .bgExpired, "com.example.cleanup", "expiration handler called; 5 s to call setTaskCompleted"),
            ])
    }

    /// One download retrying after a refused connection, with its history; the clock frozen, the app suspended.
    public static var retryingDownload: Snapshot {
        let history = [
            event(400, .started, "task 9", "receiving 10.5 MB (HTTP 200 OK)"),
            event(300, .retryScheduled, "task 9", "connection refused; retry in 2 s (attempt 1 of 8)"),
            event(290, .resumed, "task 9", "from 1.0 MB of 10.5 MB (HTTP 206 Partial Content, If-Range \"v9\")"),
            event(100, .retryScheduled, "task 9", "connection refused; retry in 4 s (attempt 2 of 8)"),
            event(20, .retryScheduled, "task 9", "connection refused; retry in 12 s (attempt 3 of 8)"),
        ]
        let task = TransferSnapshot(
            id: 9, taskIdentifier: 1, name: "dataset.parquet", url: "http://127.0.0.1:9/data/dataset.parquet", state: .retrying,
            bytes: 3_145_728, bytesExpected: 10_485_760, resumedFrom: 1_048_576,
            status: .retrying(nextAttempt: at(12), attempt: 3, maxAttempts: 8, lastError: "connection refused"), attempts: 3,
            validator: "\"v9\"", effectiveURL: "http://127.0.0.1:9/mirror/dataset.parquet", httpStatus: 206, history: history)
        return Snapshot(
            sequence: 3, clock: ClockSnapshot(now: now, rate: .frozen, nextDeadline: at(12)),
            engine: EngineSnapshot(role: .hosting, pid: 4242, home: "/home/demo/.offstage"),
            device: DeviceSnapshot(conditions: DeviceConditions(network: .wifi, charging: true, batteryLevel: 90), inUse: true),
            app: AppSnapshot(phase: .suspended, backgroundTimeRemaining: 0), transfers: [task], events: history)
    }

    /// The demo under an engine-wide limit of 2 MiB/s: the ISO with a checksum, a header, a credential (masked) and
    /// `--compressed`; the feed limited to 256 KiB/s of its own and saved gzip-encoded.
    public static var limited: Snapshot {
        var snapshot = demoMidway
        snapshot.rateLimit = 2 << 20
        for index in snapshot.transfers.indices {
            switch snapshot.transfers[index].id {
            case 1:
                snapshot.transfers[index].speed = 1_800_000
                snapshot.transfers[index].eta = 722
                snapshot.transfers[index].extras = TransferExtras(
                    appliedRate: 1_835_008,
                    checksum: "sha-256=9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
                    headers: ["X-Build: 42", "Authorization: *** (held in memory by the command that added it)"],
                    compressed: true)
            case 2:
                snapshot.transfers[index].speed = 262_144
                snapshot.transfers[index].extras = TransferExtras(
                    rateLimit: 256 << 10, appliedRate: 256 << 10, contentEncoding: "gzip")
            default: break
            }
        }
        return snapshot
    }

    /// Nothing at all, and no engine running.
    public static var empty: Snapshot {
        Snapshot(clock: ClockSnapshot(now: now), engine: EngineSnapshot(role: .notRunning, home: "/home/demo/.offstage"))
    }

    /// A 300-character name with ESC, bidi overrides, zero-width, wide CJK and combining characters; a URL with
    /// control bytes; an event whose subject and reason carry the same.
    public static var hostileName: String {
        var name = "evil\u{1B}[2J\u{1B}]0;pwned\u{07}\u{202E}gnp.exe\u{202C}\u{200B}\u{2066}漢字ファイル名e\u{301}\u{0336}"
        let filler = "ab\u{0007}漢c\u{0301}\u{200D}"
        while name.count < 300 { name += filler }
        return String(name.prefix(300))
    }

    /// See `hostileName`.
    public static var hostile: Snapshot {
        let task = TransferSnapshot(
            id: 13, name: hostileName, url: "http://evil.example/\u{1B}[31m\u{7F}\u{9B}x\r\n.bin", state: .failed,
            bytes: 0, status: .failed("server said \u{1B}[1mno\u{1B}[0m\u{202E}"), httpStatus: 403,
            responseSummary: "\u{1B}]52;c;ZXZpbA==\u{07}")
        let running = TransferSnapshot(
            id: 14, name: "正常な名前.txt", url: "http://evil.example/ok", state: .running, bytes: 500, bytesExpected: 1000,
            speed: 100, eta: 5, status: .running)
        return Snapshot(
            clock: ClockSnapshot(now: now), engine: EngineSnapshot(role: .hosting, pid: 1, home: "/tmp/h"),
            transfers: [task, running],
            requests: [request("com.example.\u{1B}[5mblink", .appRefresh, submittedAgo: 5, reason: .eligible(nextWakeIn: nil))],
            events: [event(3, .failed, hostileName, "HTTP 403 \u{1B}[2K\u{202E}Forbidden"), event(1, .taskAdded, "task 14", "ok")])
    }

    /// `count` transfers in a repeating mix of statuses and 100 requests, generated deterministically.
    public static func thousandTransfers(count: Int = 1000) -> Snapshot {
        var transfers: [TransferSnapshot] = []
        transfers.reserveCapacity(count)
        for index in 0..<count {
            let id = Int64(index + 1)
            let total: Int64 = Int64(1 + index % 97) * 10_000_000
            let bytes = total / 100 * Int64(index % 100)
            let status: TransferStatus
            let state: TransferState
            switch index % 6 {
            case 0, 1: (status, state) = (.running, .running)
            case 2: (status, state) = (.waiting("connection slot (6 running)"), .queued)
            case 3: (status, state) = (.paused(nil), .paused)
            case 4: (status, state) = (.retrying(nextAttempt: at(Double(5 + index % 40)), attempt: 1 + index % 7, maxAttempts: 8, lastError: "timed out"), .retrying)
            default: (status, state) = (.completed, .completed)
            }
            let done = state == .completed ? total : bytes
            let rate = Double(1_000_000 + index * 1000)
            let speed: Double? = state == .running ? rate : nil
            let eta: Double? = state == .running ? Double(total - done) / rate : nil
            transfers.append(
                TransferSnapshot(
                    id: id, taskIdentifier: index + 1, name: "file-\(index + 1).bin",
                    url: "http://127.0.0.1:8080/files/file-\(index + 1).bin", state: state, bytes: done, bytesExpected: total,
                    resumedFrom: index % 3 == 0 ? done / 2 : 0, speed: speed, eta: eta, status: status))
        }
        var requests: [RequestSnapshot] = []
        for index in 0..<100 {
            let kind: BGTaskKind = index % 2 == 0 ? .appRefresh : .processing
            let wait = Double(60 * (index + 1))
            requests.append(
                request(
                    "com.example.task\(index)", kind, earliestIn: wait, power: index % 2 == 1, submittedAgo: Double(100 - index),
                    reason: .earliestIn(wait)))
        }
        var events: [LogEntry] = []
        for index in 0..<Snapshot.eventLimit {
            let kind: LogKind = index % 10 == 0 ? .delivered : .resumed
            events.append(event(Double(Snapshot.eventLimit - index), kind, "task \(index + 1)", "line \(index)"))
        }
        return Snapshot(
            sequence: 1000, clock: ClockSnapshot(now: now, rate: .warped(600)),
            engine: EngineSnapshot(role: .hosting, pid: 4242, home: "/home/demo/.offstage"),
            app: AppSnapshot(phase: .active, backgroundTimeRemaining: nil, budget: AppSnapshot.Budget(credits: 5, maximum: 5)),
            transfers: transfers, requests: requests, events: events)
    }
}
