import OffstageCore

/// The keys that have no Android command yet: on a work row, or in the Android profile where the iOS app and its
/// BG tasks do not exist, they say on the key bar what they would need instead of sending an iOS command.
enum AndroidKeys {
    /// The keys that act only on the iOS app and its BG tasks, which the Android profile does not run.
    static let iosOnly: Set<String> = ["s", "l", "x", "o", "h", "t", "K", "r"]

    /// Why `character` does nothing here (nil: the key goes to its iOS action).
    static func refusal(_ character: Character, state: DashboardState, snapshot: Snapshot) -> String? {
        let platform = snapshot.platform
        let workSelected = state.selectedWork != nil && platform.includesAndroid
        switch character {
        case "l":
            if workSelected { return "work run comes with the Android engine: no command runs work yet" }
            if platform == .android { return "l launches iOS BG tasks; work run comes with the Android engine" }
        case "x":
            if workSelected { return "stopping a worker comes with the Android engine: no command for it yet" }
            if platform == .android { return "x expires iOS BG tasks; stopping a worker comes with the Android engine" }
        case "s":
            if platform == .android { return "s schedules iOS BG tasks; work enqueue comes with the Android engine" }
        case "o", "h", "t", "K", "r":
            if platform == .android {
                return "\(character) acts on the iOS app; the Android process's keys come with the Android engine"
            }
        default: break
        }
        return nil
    }
}
