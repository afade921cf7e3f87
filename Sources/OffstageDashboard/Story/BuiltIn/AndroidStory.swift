extension StoryCatalog {
    /// `android`: Doze and its maintenance windows, a standby bucket, WorkManager's backoff, a foreground
    /// service.
    static let android = #"""
        # Android: Doze and its maintenance windows, a standby bucket, WorkManager's backoff, a foreground service.
        title Android: Doze and its windows, a standby bucket, WorkManager's backoff, a foreground service
        platform android

        say the phone is unplugged; the user opens the app, which enqueues a periodic sync that needs a network
        do device charging off
        do android open
        do work enqueue sync --periodic 15m --network connected --simulate 5s:success
        wait event work started (attempt 1) within 5m
        wait event work finished: success within 5m
        expect work next period in 15 min
        pause 3
        say the user leaves the app; the phone lies still, unplugged, screen off: it enters Doze
        do android leave
        do device doze on
        wait 16m
        expect work Doze, opens in
        pause 3
        say Doze holds the sync until its next maintenance window; nothing else moves, so the clock jumps there
        wait event work started within 2h
        wait event work finished: success within 5m
        expect events Doze entered
        pause 3
        say the app goes unused for days, so Android puts it in the rare bucket: its jobs get a window once a day
        do device doze off
        do device bucket rare
        wait 16m
        expect work bucket window closed
        pause 3
        say the phone goes on its charger: the bucket's limits are lifted, and the sync runs at once
        do device charging on
        wait event work started within 10m
        wait event work finished: success within 5m
        expect work next period in 15 min
        pause 3
        say an upload whose server answers "try later": WorkManager backs off exponentially, 30 s, 1 min, 2 min
        do work enqueue upload --network connected --backoff exponential:30s --simulate 3s:retry
        wait event work finished: retry within 5m
        expect work backoff: attempt 2
        pause 2
        wait event work finished: retry within 5m
        expect work backoff: attempt 3
        pause 2
        wait event work finished: retry within 5m
        expect work backoff: attempt 4
        pause 2
        do work cancel upload
        say a foreground service keeps its notification up, and the low-memory killer spares the process
        do fgs start player --text "playing episode 12"
        refused android low-memory-kill
        pause 3
        say the service stops: now the low-memory killer ends the process; the enqueued sync outlives it
        do fgs stop player
        do android low-memory-kill
        expect events process ended: low-memory killer
        expect work sync ENQUEUED
        pause 4
        """#
}
