extension StoryCatalog {
    /// `relaunch`: a download outlives its app; the system relaunches the app to deliver it.
    static let relaunch = #"""
        # A download outlives its app, and the system relaunches the app to deliver it.
        title a download outlives its app: killed mid-download, relaunched to deliver
        platform ios

        say the app opens and starts a 12 MB episode in its background session
        do device wifi charging off battery 64
        do app open
        do app download "{origin}/gen/12m?seed=21&rate=700000&filename=episode-1.mp3" --description episode-1
        pause 3
        say five more transfers: a dropped connection, an unknown size, a 503, a discretionary one, an upload
        do add "{origin}/gen/6m?seed=22&rate=600000&drop=2000000" --name ubuntu.iso
        do add "{origin}/gen/3m?seed=23&chunked=1&rate=300000" --name feed.json
        do add "{origin}/gen/1m?seed=24&status=503&retryAfter=6" --name busy.bin
        do add "{origin}/gen/4m?seed=25&rate=800000" --name photos.zip --discretionary
        do upload {home}/upload.bin --to {origin}/upload/backup.tar --description backup.tar
        expect ls discretionary: needs power
        pause 3
        say requests wait with their reasons: the app refresh, and a report that needs power
        do schedule processing com.example.slow-report --needs-power
        expect pending needs external power
        pause 3
        say the user goes home: the app has about 30 s of background time
        do app background
        wait event app-lifecycle suspended within 1m
        say memory pressure: the system kills the suspended app; its download goes on
        do app kill
        expect app not-running
        pause 2
        say the episode finishes while the app is away…
        wait event finishing task 1 within 2m
        say …the system relaunches the app in the background: it reconciles, moves the file, calls its handler
        wait event app-relaunch session events within 1m
        wait event app-completion-handler called within 1m
        expect app "episode-1" download delivered
        pause 4
        say a simulated launch of com.example.slow-report (Apple's debugger command)
        do launch com.example.slow-report
        pause 3
        say expired, but its work goes on: the watchdog kills the app (0x2182bad2) and the task is penalised
        do expire com.example.slow-report
        wait event bg-killed within 15m
        expect events 0x2182bad2
        pause 3
        say the charger is plugged in: the discretionary photos.zip may start
        do device charging on
        wait event started task 5 within 1m
        pause 2
        say the scheduler's next wake: the eligible app refresh launches (the clock jumps through the wait)
        wait event bg-launched com.example.refresh within 1h
        pause 4
        say the story is over: every transfer and request is still live; the keys are yours
        """#
}
