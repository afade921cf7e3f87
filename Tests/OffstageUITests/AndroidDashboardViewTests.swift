import Foundation
import OffstageCore
import OffstageUI
import Testing

/// The Android profile and both platforms side by side on the dashboard: work rows, the header, the details.
@Suite struct AndroidDashboardViewTests {
    let capabilities = TerminalCapabilities(colors: 256, unicode: true)

    /// Every row of the frame of `snapshot` under `state`.
    func rows(
        _ snapshot: Snapshot, _ state: DashboardState = DashboardState(), size: Size = Size(width: 80, height: 24)
    ) -> [String] {
        let screen = DashboardView.render(snapshot: snapshot, state: state, size: size, capabilities: capabilities)
        return (0..<screen.height).map { screen.text(row: $0) }
    }

    /// The scheduled pane's rows of a frame.
    func scheduledRows(_ lines: [String]) -> [String] {
        guard let start = lines.firstIndex(where: { $0.hasPrefix(" Scheduled") }),
            let end = lines.firstIndex(where: { $0.hasPrefix(" Events") })
        else { return [] }
        return Array(lines[(start + 1)..<end])
    }

    /// The Android sample with its work replaced.
    func android(_ work: [WorkSnapshot], device: AndroidDeviceSnapshot = AndroidDeviceSnapshot()) -> Snapshot {
        var snapshot = SnapshotSamples.android
        snapshot.android?.work = work
        snapshot.android?.device = device
        return snapshot
    }

    @Test func theAndroidProfileListsWorkWithStateScheduleCountdownAndReason() throws {
        let lines = scheduledRows(rows(SnapshotSamples.android))
        let running = try #require(lines.first { $0.contains("sync-photos") })
        #expect(running.contains("RUNNING 7:12 left"))
        let foreground = try #require(lines.first { $0.contains("upload-backup") })
        #expect(foreground.contains("foreground, no time limit"))
        let periodic = try #require(lines.first { $0.contains("refresh-feed") })
        #expect(periodic.contains("every 1h"))
        #expect(periodic.contains("ENQUEUED in 45:00"))
        #expect(periodic.contains("next period in 45 min"))
        let backoff = try #require(lines.first { $0.contains("send-report") })
        #expect(backoff.contains("backoff: attempt 4"))
        let blocked = try #require(lines.first { $0.contains("compress-logs") })
        #expect(blocked.contains("BLOCKED"))
        #expect(blocked.contains("blocked by cleanup-cache"))
    }

    @Test func finishedWorkComesLastWithItsStopReasonAndAttempts() throws {
        let lines = scheduledRows(rows(SnapshotSamples.android, size: Size(width: 120, height: 40)))
        let names = ["analytics-upload", "migrate-db", "old-export"]
        let positions = try names.map { name in try #require(lines.firstIndex { $0.contains(name) }) }
        let unfinished = try #require(lines.firstIndex { $0.contains("index-search") })
        #expect(positions.allSatisfy { $0 > unfinished })
        #expect(lines[positions[1]].contains("FAILED"))
        #expect(lines[positions[1]].contains("stopped: TIMEOUT · 5 attempts"))
        #expect(lines[positions[2]].contains("stopped: CANCELLED_BY_APP"))
        #expect(lines.contains { $0.contains("prefetch-articles") && $0.contains("unmetered") })
    }

    @Test func everyReasonIsSaidInTheCoreWordsOnItsRow() {
        let now = SnapshotSamples.now
        let reasons: [WorkWaitReason] = [
            .initialDelay(until: now.addingTimeInterval(90)), .backoff(until: now.addingTimeInterval(30), attempt: 2),
            .nextPeriod(at: now.addingTimeInterval(600)), .network(.notRoaming), .charging, .batteryNotLow, .deviceIdle,
            .storageNotLow, .blocked(by: ["a", "b"]), .deferred(.bucketWindow, opensAt: now.addingTimeInterval(7200)),
            .deferred(.backgroundRestricted, opensAt: nil), .expeditedQuotaSpent(until: nil), .processStarting,
            .eligible,
        ]
        let work = reasons.enumerated().map { index, reason in
            WorkSnapshot(id: "id-\(index)", name: "w\(index)", state: .enqueued, reason: reason)
        }
        let lines = scheduledRows(rows(android(work), size: Size(width: 160, height: 50)))
        for (index, reason) in reasons.enumerated() {
            let line = lines.first { $0.contains(" w\(index) ") }
            #expect(line?.contains(reason.text(now: now)) == true, "row of \(reason)")
        }
    }

    @Test func aWorkerPastItsLimitSaysSo() throws {
        let work = WorkSnapshot(
            id: "late", name: "late-worker", state: .running, runDeadline: SnapshotSamples.at(-3))
        let line = try #require(scheduledRows(rows(android([work]))).first { $0.contains("late-worker") })
        #expect(line.contains("past its 10-minute limit"))
    }

    @Test func theHeaderShowsTheProcessTheFirstServiceAndTheAndroidDevice() {
        let lines = rows(SnapshotSamples.android)
        #expect(lines[0].contains("app: background"))
        #expect(lines[0].contains("fgs upload-backup: Backing up"))
        #expect(lines[0].contains("+1"))
        #expect(lines[2].contains("bucket rare"))
        #expect(lines[2].contains("Doze off"))
        #expect(lines[2].contains("roaming"))
        #expect(lines[2].contains("storage low"))
        #expect(!lines[1].contains("refresh on"), "Background App Refresh is iOS's")
        let wide = rows(SnapshotSamples.android, size: Size(width: 120, height: 40))
        #expect(wide[0].contains("fgs upload-backup: Backing up · 3 of 12 photos +1"))
    }

    @Test func dozeMaintenanceAndRestrictionsAreShown() {
        let device = AndroidDeviceSnapshot(
            bucket: .restricted, doze: .maintenance(until: SnapshotSamples.at(300)), batterySaver: true,
            backgroundRestricted: true,
            gate: .closed(.backgroundRestricted, opensAt: nil))
        let lines = rows(android([], device: device), size: Size(width: 120, height: 40))
        #expect(lines[2].contains("bucket restricted"))
        #expect(lines[2].contains("Doze maintenance until 22:18:20"))
        #expect(lines[2].contains("battery saver"))
        #expect(lines[2].contains("background restricted"))
        #expect(lines.contains { $0.contains("jobs held: background activity restricted by the user") })
        #expect(lines.contains { $0.contains("no work requests") })
    }

    @Test func bothPlatformsShowBothAppsAndTagEveryRow() {
        let lines = rows(SnapshotSamples.both)
        #expect(lines[0].contains("iOS Bg 0:21 left"))
        #expect(lines[0].contains("And gone (low-memory killer)"))
        #expect(lines[2].contains("dozing, window in 1 h 12 min"))
        #expect(lines[2].contains("battery saver"))
        let scheduled = scheduledRows(lines)
        #expect(scheduled.contains { $0.hasPrefix(" iOS ") && $0.contains("com.example.refre") })
        #expect(scheduled.contains { $0.hasPrefix(" And ") && $0.contains("refresh-feed") })
        let wide = scheduledRows(rows(SnapshotSamples.both, size: Size(width: 120, height: 40)))
        #expect(wide.contains { $0.hasPrefix(" Android ") && $0.contains("compress-logs") })
        let full = rows(SnapshotSamples.both, size: Size(width: 120, height: 40))
        #expect(full[0].contains("iOS: Background 0:21 left  Android: gone (low-memory killer)"))
    }

    @Test func theIOSProfileDrawsNoAndroidPiece() {
        let lines = rows(SnapshotSamples.demoMidway)
        #expect(!lines.contains { $0.contains("bucket") || $0.contains("Doze") || $0.contains("ENQUEUED") })
        #expect(lines[1].hasPrefix(" device"))
        #expect(lines[2].hasPrefix(" Transfers"))
    }

    @Test func theWorkDetailsShowIdTagsBackoffStopReasonAndNextRun() {
        var state = DashboardState()
        state.overlay = .workDetails("5c2a8d40-report")
        let text = rows(SnapshotSamples.android, state).joined(separator: "\n")
        #expect(text.contains("5c2a8d40-report"))
        #expect(text.contains("tags           report"))
        #expect(text.contains("runAttemptCount 3"))
        #expect(text.contains("attempt 4 at 22:15:20 (in 2:00)"))
        #expect(text.contains("CONSTRAINT_CONNECTIVITY (7)"))
        #expect(text.contains("next run       22:15:20 (in 2:00)"))
        var periodic = DashboardState()
        periodic.overlay = .workDetails("0b9e3f12-feed")
        let feed = rows(SnapshotSamples.android, periodic, size: Size(width: 120, height: 40)).joined(separator: "\n")
        #expect(feed.contains("periodic every 1 h, flex 15 min"))
    }

    @Test func hostileTextIsEscapedAndEveryLineFits() {
        let sizes = [Size(width: 40, height: 12), Size(width: 80, height: 24), Size(width: 120, height: 40)]
        var details = DashboardState()
        details.overlay = .workDetails("evil\u{1B}[2J-id")
        for size in sizes {
            for state in [DashboardState(), details] {
                let screen = DashboardView.render(
                    snapshot: SnapshotSamples.androidHostile, state: state, size: size, capabilities: capabilities)
                for row in 0..<screen.height {
                    let text = screen.text(row: row)
                    #expect(DisplayWidth.of(text) == size.width, "row \(row) at \(size.width)x\(size.height)")
                    #expect(!text.unicodeScalars.contains { Printable.needsEscape($0) }, "row \(row): \(text)")
                }
                let all = (0..<screen.height).map { screen.text(row: $0) }.joined()
                #expect(all.contains("\\x1B"), "the escapes are shown, at \(size.width)x\(size.height)")
            }
        }
    }

    @Test func theAndroidKeyBarOffersNoIOSKey() {
        let bar = rows(SnapshotSamples.android, size: Size(width: 120, height: 40))[39]
        for word in ["schedule", "launch", "expire", "kill app", "force-quit"] { #expect(!bar.contains(word)) }
        #expect(bar.contains("? help"))
        let both = rows(SnapshotSamples.both, size: Size(width: 120, height: 40))[39]
        #expect(both.contains("l launch"))
    }

    @Test func theHelpSaysWhatEachKeyDoesInTheAndroidProfile() {
        var state = DashboardState()
        state.overlay = .help
        let text = rows(SnapshotSamples.android, state).joined(separator: "\n")
        #expect(text.contains("run the selected work now"))
        #expect(text.contains("force-stop the app (asks)"))
        #expect(text.contains("r and P are iOS keys."))
        #expect(!text.contains("simulate a launch"))
        #expect(text.contains("device, Doze, bucket, saver"))
    }

    @Test func theHelpSaysWhichPlatformTheKeysActOnSideBySide() {
        var state = DashboardState()
        state.overlay = .help
        // Every key of both profiles and the note fit at 120×40 (at 80×24 the help says how many keys it left out).
        let text = rows(SnapshotSamples.both, state, size: Size(width: 120, height: 40)).joined(separator: "\n")
        #expect(text.contains("On a work row in Scheduled, l c o h t K act on Android; on an iOS row (or"))
        #expect(text.contains("launch (iOS) or run (work)"))
    }
}
