import Foundation
import OffstageCore

extension DaemonRuntime {
    /// The Android side of the snapshot at `now` (nil: the iOS profile): profile, process, device, work, services.
    func androidSnapshot(now: Date) -> AndroidSnapshot? {
        guard let host = androidHost else { return nil }
        var snapshot = AndroidSnapshot(profile: host.profile)
        host.system.fill(&snapshot, now: now)
        snapshot.work = host.work.snapshots(now: now)
        return snapshot
    }
}
