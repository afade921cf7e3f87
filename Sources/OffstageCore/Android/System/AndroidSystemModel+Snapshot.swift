import Foundation

extension AndroidSystemModel {
    /// The process as a view shows it.
    public var processSnapshot: AndroidProcessSnapshot {
        AndroidProcessSnapshot(phase: state.phase, lastEnd: state.lastEnd)
    }

    /// The Android device state at `now` as a view shows it.
    public func deviceSnapshot(now: Date) -> AndroidDeviceSnapshot {
        AndroidDeviceSnapshot(
            bucket: bucket(now: now).bucket, doze: doze(now: now), batterySaver: batterySaverOn,
            backgroundRestricted: state.backgroundRestricted, roaming: state.roaming, storageLow: state.storageLow,
            gate: gate(now: now), expeditedQuotaLeft: expeditedQuotaLeft(now: now))
    }

    /// The process, the device and the running foreground services at `now`.
    public func snapshot(now: Date) -> (AndroidProcessSnapshot, AndroidDeviceSnapshot, [ForegroundServiceSnapshot]) {
        (processSnapshot, deviceSnapshot(now: now), state.foregroundServices)
    }

    /// Fills everything in `snapshot` but its profile and work (WorkManager's part).
    public func fill(_ snapshot: inout AndroidSnapshot, now: Date) {
        snapshot.process = processSnapshot
        snapshot.device = deviceSnapshot(now: now)
        snapshot.foregroundServices = state.foregroundServices
    }
}
