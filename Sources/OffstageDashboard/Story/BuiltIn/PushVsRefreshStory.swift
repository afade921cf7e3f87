extension StoryCatalog {
    /// `push-vs-refresh`: a background push wakes the app at once when the system allows it (rationed, held in Low
    /// Power Mode, never after a force-quit); an app refresh runs when the scheduler decides, past its earliest date.
    static let pushVsRefresh = #"""
        # A silent push against an app refresh: a push wakes the app now, when allowed; a refresh waits for the scheduler.
        title a silent push against an app refresh: now, when allowed, against when the system decides
        platform ios

        say the app asks for a refresh in 15 min and goes to the background; the user does not open it again
        do app open
        do schedule refresh com.example.refresh --earliest 15m
        do app background
        wait event app-lifecycle suspended within 1m
        expect pending com.example.refresh app refresh earliest in 15 min
        pause 3
        say the server sends a background push: the system wakes the app at once, for about 30 s
        do push --content-available
        wait event push delivered within 10s
        expect app background
        pause 3
        say the 30 s are over: the system suspends the app again; the refresh still waits for its date
        wait event push background time are over within 1m
        expect app suspended
        expect pending com.example.refresh
        pause 3
        say pushes are rationed: about 3 an hour; two more go through, the fourth waits for the budget
        do push --content-available
        do push --content-available
        do push --content-available
        expect events deferred: throttled
        pause 3
        say Low Power Mode: a new push waits until it ends (and replaces the one waiting for the budget)
        do device low-power on
        do push --content-available
        expect events Low Power Mode
        pause 3
        say Low Power Mode ends; the budget is still spent: the held push waits for the hour to pass
        do device low-power off
        expect events is still deferred: throttled
        pause 3
        say past its earliest date the refresh runs when the scheduler decides, not when asked
        wait event bg-launched com.example.refresh within 2h
        pause 3
        say an hour after the first push the budget has room: the held push wakes the app
        wait event push delivered within 1h
        pause 3
        say the user swipes the app away: no push wakes it and no refresh runs until the user opens it
        do app force-quit
        do push --content-available
        expect events not delivered: the user force-quit the app
        pause 4
        """#
}
