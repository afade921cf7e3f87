import OffstageCore

/// Which platform a key acts on, and the keys that mean nothing on it.
///
/// iOS alone: iOS. Android alone: Android. Both side by side: the platform of the selected row in the Scheduled
/// pane (an Android work row: Android; an iOS request, or nothing: iOS) for `l`, `o`, `h`, `t` and `K`; `c` on a
/// work row in the Scheduled pane; `s`, `x` and `r` are iOS's only, `R` and `F` Android's only.
enum AndroidKeys {
    /// The platform the row-and-app keys act on now.
    static func targetsAndroid(state: DashboardState, snapshot: Snapshot) -> Bool {
        switch snapshot.platform {
        case .ios: false
        case .android: true
        case .both: state.selectedWork != nil
        }
    }

    /// The Android action of `character`, or nil when the key goes to its iOS action. A key that means nothing on
    /// Android says why on the key bar and returns no effect.
    static func handle(_ character: Character, state: inout DashboardState, snapshot: Snapshot) -> [DashboardEffect]? {
        let platform = snapshot.platform
        let android = targetsAndroid(state: state, snapshot: snapshot)
        switch character {
        case "l" where android: return AndroidActions.run(state: &state, snapshot: snapshot)
        case "c" where platform.includesAndroid && state.focus == .scheduled && state.selectedWork != nil:
            AndroidActions.confirmCancel(state: &state, snapshot: snapshot)
            return []
        case "o", "h", "t", "K":
            guard android else { return nil }
            return AndroidActions.app(character, state: &state, snapshot: snapshot)
        case "G":
            guard platform.includesAndroid else {
                state.message =
                    "G makes an Android worker a foreground service, which the iOS profile does not run"
                return []
            }
            return AndroidActions.setForeground(state: &state, snapshot: snapshot)
        case "R", "F":
            guard platform.includesAndroid else {
                state.message = "\(character) acts on the Android device, which the iOS profile does not run"
                return []
            }
            if character == "F" { return AndroidActions.foregroundService(state: &state, snapshot: snapshot) }
            AndroidActions.confirmReboot(state: &state)
            return []
        case "x" where android:
            state.message =
                platform == .android
                ? "x expires iOS BG tasks, which this profile does not run: c cancels work, l runs it"
                : "x expires iOS BG tasks: WorkManager gives a worker no expiration (c cancels this work)"
            return []
        case "s" where platform == .android:
            state.message = "s schedules iOS BG tasks, which this profile does not run: offstage work enqueue adds work"
            return []
        case "r" where platform == .android:
            state.message =
                "Android has no background relaunch: WorkManager starts the process when work runs (R reboots)"
            return []
        case "P" where platform == .android:
            state.message = "P sends the iOS app a background push, which this profile does not run"
            return []
        default: return nil
        }
    }
}
