extension StoryCatalog {
    /// `ios-vs-android`: one workload (a sync every 15 min that needs a network) on both platforms, side by
    /// side.
    static let iosVsAndroid = #"""
        # One workload on both platforms, side by side: a sync every 15 minutes that needs a network.
        title iOS against Android: one sync every 15 min that needs a network, as each platform runs it
        platform both

        say one workload on both: iOS submits a BGAppRefreshTask, Android enqueues periodic work, every 15 min
        do device charging off
        do app open
        do android open
        do work enqueue sync --periodic 15m --network connected --simulate 5s:success
        expect pending com.example.refresh app refresh earliest in 15 min
        pause 3
        say Android runs the first period at once; on iOS the earliest begin date is a floor, 15 min away
        wait event work finished: success within 5m
        expect work next period in
        pause 3
        say both apps go to the background: iOS suspends its app, Android's process stays in the background
        do app background
        do android leave
        wait event app-lifecycle suspended within 1m
        expect app suspended
        pause 2
        say nothing moves, so the clock jumps: Android's next period comes, then iOS's scheduler wake past the floor
        wait event work started within 1h
        wait event bg-launched com.example.refresh within 1h
        expect events launched by the scheduler
        pause 3
        say the battery runs low: Low Power Mode on iOS and battery saver on Android both hold the sync back
        do device low-power on battery-saver on
        wait 16m
        expect pending Low Power Mode
        expect work battery saver
        pause 3
        say the phone goes on its charger: both run the sync again
        do device low-power off battery-saver off charging on
        wait event work started within 30m
        wait event bg-launched com.example.refresh within 30m
        pause 2
        say the user swipes the app away on iOS and force-stops it on Android: neither runs until it is opened
        do app force-quit
        do android force-stop
        wait 20m
        expect pending app swiped away by the user
        expect work app force-stopped: waits for the user to open it
        pause 3
        say the user opens the app on both: Android runs the overdue sync at once; iOS runs no refresh while it is open
        do app open
        do android open
        wait event work started within 5m
        expect pending com.example.refresh app refresh app in the foreground
        pause 4
        """#
}
