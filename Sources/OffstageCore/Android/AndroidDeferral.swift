/// Why the system holds back an app's background jobs even when their own constraints are met.
public enum AndroidDeferral: String, Codable, Sendable, CaseIterable {
    /// The device dozes; jobs wait for the next maintenance window.
    case doze
    /// The app's standby bucket allows jobs only inside its window, which is closed now.
    case bucketWindow = "bucket-window"
    /// The app is in the restricted bucket: jobs once a day.
    case restrictedBucket = "restricted-bucket"
    /// Battery saver is on and defers background jobs.
    case batterySaver = "battery-saver"
    /// The user restricted the app's background activity (`isBackgroundRestricted`): jobs never run.
    case backgroundRestricted = "background-restricted"
    /// The user force-stopped the app: no job runs until the user opens it again.
    case forceStopped = "force-stopped"
    /// The bucket or Doze disables the network, and the work needs one.
    case networkDisabled = "network-disabled"
}
