extension StoryCatalog {
    /// `why-not-run`: why a BG task has not run yet, one reason at a time, as `offstage pending` says it.
    static let whyNotRun = #"""
        # Why a BG task has not run: each reason the scheduler has, as `offstage pending` says it.
        title why a BG task has not run: a floor, the budget, conditions, mistakes, expiration
        platform ios

        say the app opens: it registers its BG task handlers and submits its requests
        do app open
        expect pending earliest in 15 min
        pause 3
        say earliestBeginDate is a floor, not a time: the refresh runs at a scheduler wake after it
        do app background
        wait event bg-launched com.example.refresh within 3h
        expect events launched by the scheduler
        pause 3
        say every launch spends the app's energy budget, and an app opened once a day earns little
        wait event bg-launched com.example.refresh within 3h
        wait 40m
        expect pending energy budget spent
        pause 4
        say the user opens the app: use earns credits, and the requests are eligible again
        do app open
        do app background
        expect pending eligible
        pause 3
        say conditions hold it back too: Low Power Mode
        do device low-power on
        expect pending Low Power Mode
        pause 3
        do device low-power off
        say an identifier missing from Info.plist is refused when submitted: notPermitted
        refused schedule refresh com.example.unknown
        pause 3
        say a mistake: handlers registered after launch finished, so no request can run
        do app mistake late-registration on
        do app kill
        do app open
        expect pending no handler registered at launch
        pause 3
        say a launch now crashes the app: no launch handler for the identifier
        do app background
        do launch com.example.db-cleanup
        wait event app-crashed within 1m
        expect events No launch handler registered
        pause 3
        say fixed; now a task that ignores its expiration: the watchdog kills the app and penalises it
        do app mistake late-registration off
        do app open
        do app background
        do launch com.example.slow-report
        do expire com.example.slow-report
        wait event bg-killed within 15m
        expect events penalised
        pause 3
        say its handler rescheduled first, before working: the request is still pending after the kill
        expect pending com.example.slow-report
        pause 4
        """#
}
