extension StoryCatalog {
    /// `force-quit`: a system kill leaves the app's transfers running and relaunches it; a user's force-quit
    /// cancels them and nothing relaunches it until the user opens it.
    static let forceQuit = #"""
        # A system kill against a force-quit: only the user's swipe ends the app's transfers.
        title a force-quit against a system kill: only the user's swipe ends the app's transfers
        platform ios

        say the app opens and starts a download in its background session, then the user goes home
        do app open
        do app download "{origin}/gen/3m?seed=31&rate=400000&filename=first.mp3" --description first
        do app background
        wait event app-lifecycle suspended within 1m
        pause 2
        say memory pressure: the system terminates the suspended app; its download goes on
        do app kill
        expect ls running
        pause 3
        say the download finishes while the app is away; the system relaunches the app to deliver it
        wait event app-relaunch session events within 1m
        wait event app-completion-handler called within 1m
        expect app "first" download delivered
        pause 3
        say again: the app opens, starts a second download, and the user goes home
        do app open
        do app download "{origin}/gen/3m?seed=32&rate=400000&filename=second.mp3" --description second
        do app background
        wait event app-lifecycle suspended within 1m
        pause 2
        say now the user swipes the app away: a force-quit cancels its transfers (-999, reason 0)
        do app force-quit
        wait event cancelled task 2 within 30s
        expect events transfers cancelled (-999, reason 0: user force-quit)
        expect app no background relaunch until opened
        pause 3
        say nothing relaunches a force-quit app: its BG requests wait for the user to open it
        expect pending app swiped away by the user
        wait 1h
        expect pending app swiped away by the user
        pause 3
        say the user opens the app: it reconciles, finds the resume data, and goes on from where it stopped
        do app open
        wait event resumed-from-resume-data within 30s
        wait event delivered second.mp3 within 1m
        expect app "second" download delivered
        pause 4
        """#
}
