import Foundation
import OffstageCore
import OffstageStore

/// The home's simulated platform: which models this runtime hosts, and switching it (`.setPlatform`).
///
/// A runtime set up to host the platform models (`options.android` given, as `run` and the dashboard do) follows
/// the store's choice when there is one, else the configured profile. A switch is written first; a running engine
/// then starts and stops its hosts to match, while a command applied with no engine running takes effect at the
/// next start. Both say which.
extension DaemonRuntime {
    /// Reads the store's platform into `platform` (a runtime set up without `options.android` hosts iOS only and
    /// ignores it; an unusable row is reported and the configured profile stays).
    func loadPlatform() throws {
        guard options.android != nil else { return }
        if let stored = try context.loadState("platform", { try store.loadPlatform() }) { platform = stored }
    }

    /// The Android setup for the current platform, or nil when it has no Android.
    var androidSetup: AndroidSetup? {
        guard platform.includesAndroid else { return nil }
        var setup = options.android ?? AndroidSetup()
        setup.profile = platform
        return setup
    }

    /// Executes `.setPlatform`: keeps `profile` in the store with one `platform` line, then (in a running engine)
    /// starts and stops the hosts to match.
    func switchPlatform(to profile: PlatformProfile, from source: CommandSource) throws {
        guard options.android != nil else {
            return try context.refuse(
                source, "this offstage does not host the simulated platforms (offstage run or the dashboard does)")
        }
        let before = platform
        let result: String
        if context.offline {
            result =
                "platform \(profile.rawValue) kept for this home: no offstage is running, so it takes effect when "
                + "one starts"
        } else if before == profile {
            result = "the platform is already \(profile.rawValue) (kept for this home)"
        } else {
            result =
                "platform \(profile.rawValue), now in the running offstage (pid \(getpid())): "
                + Self.hostChanges(from: before, to: profile).joined(separator: ", ")
        }
        var changes = StoreCommit(platform: profile)
        changes.transfers.log = [LogEntry(time: time.now(), kind: .platform, subject: "device", reason: result)]
        try context.commit(Commitment(changes: changes, notes: [result]), command: source)
        guard !context.offline, before != profile else { return }
        try switchHosts(from: before, to: profile)
    }

    /// What a switch starts and stops, in words.
    static func hostChanges(from before: PlatformProfile, to after: PlatformProfile) -> [String] {
        var words: [String] = []
        if before.includesIOS != after.includesIOS {
            words.append(
                after.includesIOS
                    ? "the iOS model (BG task scheduler and app) started"
                    : "the iOS model stopped (its BG task handlers were stopped; its transfers go on)")
        }
        if before.includesAndroid != after.includesAndroid {
            words.append(
                after.includesAndroid
                    ? "the Android model started"
                    : "the Android model stopped (its workers were stopped; WorkManager reschedules them when it "
                        + "starts again)")
        }
        return words
    }

    /// Starts and stops the hosts for a switch from `before` to `after` (already written).
    private func switchHosts(from before: PlatformProfile, to after: PlatformProfile) throws {
        platform = after
        if before.includesIOS, !after.includesIOS {
            scheduler?.stopAllWork()
            scheduler = nil
            app = nil
            transfers.app = nil
        }
        if before.includesAndroid, !after.includesAndroid {
            android?.stopAllWorkers()
            android = nil
        }
        android?.profile = after
        if !before.includesIOS, after.includesIOS { try startModelApp(offline: false) }
        if !before.includesAndroid, let setup = androidSetup {
            let host = try AndroidHost(context: context, transfers: transfers, setup: setup)
            android = host
            try host.start()
        }
        forceSnapshots()
    }
}
