import Foundation
import OffstageCore

/// Android and side-by-side sample snapshots: work in every state and with every kind of reason, a foreground
/// service, Doze, a rare bucket; fixed dates like the iOS samples.
extension SnapshotSamples {
    /// A work reading `id`, named `name`.
    static func work(
        _ id: String, _ name: String, _ state: WorkState, tags: [String] = [], periodic: PeriodicSchedule? = nil,
        expedited: Bool = false, foreground: Bool = false, attempts: Int = 0, nextIn: Double? = nil,
        reason: WorkWaitReason? = nil, stop: WorkStopReason = .notStopped, deadlineIn: Double? = nil,
        constraints: String = ""
    ) -> WorkSnapshot {
        WorkSnapshot(
            id: id, name: name, tags: tags, state: state, periodic: periodic, expedited: expedited,
            foreground: foreground,
            runAttemptCount: attempts, nextScheduleAt: nextIn.map(at), reason: reason, stopReason: stop,
            runDeadline: deadlineIn.map(at), constraints: constraints)
    }

    /// The Android profile: the rare bucket's job window open (the device in use, on battery, roaming, storage
    /// low), a worker running against its 10 minutes, a foreground worker and a foreground service with their
    /// notifications, and work enqueued for its next period, a backoff, a network, charging, the device's idleness,
    /// storage, its chain, an initial delay and a spent expedited quota, one eligible; finished work last.
    public static var android: Snapshot {
        let work = [
            Self.work(
                "6f1c0b2e-sync", "sync-photos", .running, tags: ["sync"], deadlineIn: 432, constraints: "unmetered"),
            Self.work(
                "a41d77c9-upload", "upload-backup", .running, tags: ["backup"], foreground: true,
                constraints: "connected"),
            Self.work(
                "0b9e3f12-feed", "refresh-feed", .enqueued, periodic: PeriodicSchedule(interval: 3600, flex: 900),
                attempts: 0,
                nextIn: 2700, reason: .nextPeriod(at: at(2700)), constraints: "connected"),
            Self.work(
                "5c2a8d40-report", "send-report", .enqueued, tags: ["report"], attempts: 3, nextIn: 120,
                reason: .backoff(until: at(120), attempt: 4), stop: .constraintConnectivity, constraints: "connected"),
            Self.work(
                "e7d01f3a-prefetch", "prefetch-articles", .enqueued, reason: .network(.unmetered),
                constraints: "unmetered"),
            Self.work(
                "9a6b2c11-cleanup", "cleanup-cache", .enqueued, tags: ["maintenance"], reason: .charging,
                constraints: "charging"),
            Self.work("6a7b8c9d-vacuum", "vacuum-db", .enqueued, reason: .deviceIdle, constraints: "device idle"),
            Self.work(
                "f00dbabe-maps", "download-maps", .enqueued, reason: .storageNotLow, constraints: "storage not low"),
            Self.work("98fe76dc-ping", "ping-server", .enqueued, reason: .eligible),
            Self.work(
                "3f8e5d27-compress", "compress-logs", .blocked, tags: ["maintenance"],
                reason: .blocked(by: ["cleanup-cache"])),
            Self.work(
                "c0ffee00-welcome", "welcome-mail", .enqueued, nextIn: 900, reason: .initialDelay(until: at(900))),
            Self.work(
                "1d2c3b4a-index", "index-search", .enqueued, expedited: true,
                reason: .expeditedQuotaSpent(until: at(1800))),
            Self.work("77aa0e51-analytics", "analytics-upload", .succeeded, attempts: 1),
            Self.work("4e4e1212-migrate", "migrate-db", .failed, attempts: 5, stop: .timeout),
            Self.work("b0b0cafe-export", "old-export", .cancelled, stop: .cancelledByApp),
        ]
        let android = AndroidSnapshot(
            profile: .android, process: AndroidProcessSnapshot(phase: .background),
            device: AndroidDeviceSnapshot(
                bucket: .rare, doze: .off, roaming: true, storageLow: true,
                gate: .open(closesAt: at(420), networkAllowed: true),
                expeditedQuotaLeft: 0),
            work: work,
            foregroundServices: [
                ForegroundServiceSnapshot(
                    name: "upload-backup", notification: "Backing up · 3 of 12 photos", startedAt: at(-120),
                    fromWorker: true),
                ForegroundServiceSnapshot(
                    name: "music-player", notification: "Now playing · Episode 12", startedAt: at(-900)),
            ])
        let photos = TransferSnapshot(
            id: 21, taskIdentifier: 21, name: "IMG_2041.heic", url: "http://127.0.0.1:8080/files/IMG_2041.heic",
            state: .running,
            bytes: 2_100_000, bytesExpected: 4_800_000, speed: 900_000, eta: 3, status: .running, httpStatus: 200)
        let backup = TransferSnapshot(
            id: 22, taskIdentifier: 22, name: "photos-3.tar", kind: .upload,
            url: "http://127.0.0.1:8080/upload/photos-3.tar",
            state: .running, bytes: 18_000_000, bytesExpected: 60_000_000, speed: 1_500_000, eta: 28, status: .running)
        return Snapshot(
            sequence: 12, clock: ClockSnapshot(now: now, rate: .warped(60), nextDeadline: at(120)),
            engine: EngineSnapshot(role: .hosting, pid: 4242, home: "/home/demo/.offstage"),
            device: DeviceSnapshot(
                conditions: DeviceConditions(network: .cellular, charging: false, batteryLevel: 41), inUse: true),
            transfers: [photos, backup],
            events: [
                event(600, .conditionsChanged, "device", "cellular, roaming; on battery"),
                event(168, .started, "task 21", "receiving 4.8 MB (HTTP 200 OK)"),
                event(120, .started, "task 22", "receiving 60 MB (HTTP 200 OK)"),
                event(40, .retryScheduled, "task 20", "network lost; retry in 2 s (attempt 1 of 8)"),
            ],
            android: android)
    }

    /// Both platforms on one device, dozing with the next maintenance window in 1 h 12 min: the iOS app in the
    /// background with its refresh and processing requests, the Android app gone (the low-memory killer) with its
    /// work held by Doze or waiting for the battery or its chain, battery saver on.
    public static var both: Snapshot {
        var snapshot = demoMidway
        snapshot.transfers = Array(snapshot.transfers.prefix(3))
        snapshot.device = DeviceSnapshot(
            conditions: DeviceConditions(network: .wifi, charging: false, batteryLevel: 14))
        let window = at(4320)
        let work = [
            Self.work(
                "0b9e3f12-feed", "refresh-feed", .enqueued, periodic: PeriodicSchedule(interval: 900, flex: 300),
                attempts: 2,
                nextIn: 4320, reason: .deferred(.doze, opensAt: window), constraints: "connected"),
            Self.work(
                "2b3c4d5e-thumbs", "render-thumbnails", .enqueued, reason: .batteryNotLow,
                constraints: "battery not low"),
            Self.work(
                "5c2a8d40-report", "send-report", .enqueued, attempts: 1, reason: .deferred(.doze, opensAt: window),
                stop: .deviceState, constraints: "connected"),
            Self.work(
                "3f8e5d27-compress", "compress-logs", .blocked,
                reason: .blocked(by: ["render-thumbnails", "send-report"])),
            Self.work("77aa0e51-analytics", "analytics-upload", .succeeded, attempts: 1),
        ]
        snapshot.android = AndroidSnapshot(
            profile: .both, process: AndroidProcessSnapshot(phase: .gone, lastEnd: "low-memory killer"),
            device: AndroidDeviceSnapshot(
                bucket: .frequent, doze: .dozing(nextWindowAt: window), batterySaver: true,
                gate: .closed(.doze, opensAt: window), expeditedQuotaLeft: 2),
            work: work)
        return snapshot
    }

    /// The Android profile with a hostile work name (ESC, bidi, 300 characters), a hostile tag, reason name and
    /// notification.
    public static var androidHostile: Snapshot {
        var snapshot = android
        guard var android = snapshot.android else { return snapshot }
        android.work.insert(
            Self.work(
                "evil\u{1B}[2J-id", hostileName, .blocked, tags: ["\u{1B}]0;tag\u{07}"],
                reason: .blocked(by: ["\u{1B}[31mred\u{202E}"]), constraints: "unmetered\u{1B}[5m"),
            at: 0)
        android.foregroundServices.insert(
            ForegroundServiceSnapshot(
                name: "svc\u{1B}[1m", notification: "\u{202E}evil\u{1B}]52;c;eA==\u{07}", startedAt: at(-5)),
            at: 0)
        snapshot.android = android
        return snapshot
    }
}
