import OffstageCore

/// The Android commands: `work` (WorkManager), `fgs` (foreground services) and `android` (the app's process).
/// The Android device settings are subcommands of `device` (`CommandCatalog+Scheduler.swift`).
extension CommandCatalog {
    /// The options `offstage work enqueue` takes (the other `work` verbs refuse them).
    static let workEnqueueOptions: [OptionSpec] = [
        .option("--periodic", value: "DUR", help: "a PeriodicWorkRequest repeating every DUR (at least 15m)"),
        .option("--flex", value: "DUR", help: "the flex window at the end of each period (5m to the interval)"),
        .option("--delay", value: "DUR", help: "setInitialDelay (30s, 10m, 2h, 1d)"),
        .option(
            "--network", value: "connected|unmetered|not-roaming|metered", help: "setRequiredNetworkType"),
        .flag("--charging", help: "setRequiresCharging"),
        .flag("--battery-not-low", help: "setRequiresBatteryNotLow"),
        .flag("--idle", help: "setRequiresDeviceIdle"),
        .flag("--storage-not-low", help: "setRequiresStorageNotLow"),
        .option(
            "--backoff", value: "POLICY[:DUR]",
            help: "setBackoffCriteria: linear or exponential, base DUR (default exponential:30s; 10s to 5h)"),
        .option(
            "--unique", value: ExistingWorkPolicy.allCases.map(\.rawValue).joined(separator: "|"),
            help: "enqueue as unique work NAME with this existing-work policy"),
        .option("--after", value: "NAME", help: "run after the work named NAME succeeds (repeatable)"),
        .option("--tag", value: "T", help: "addTag (repeatable)"),
        .flag("--expedited", help: "setExpedited (one-time, no delay, network and storage constraints only)"),
        .option(
            "--out-of-quota", value: "run-as-non-expedited|drop",
            help: "what expedited work does once the quota is spent (default run-as-non-expedited)"),
        .option("--shell", value: "CMD", help: "the worker runs this shell command (exit 0: success)"),
        .option("--download", value: "URL", help: "the worker downloads URL through the transfer engine"),
        .option(
            "--simulate", value: "DUR[:RESULT]",
            help: "the worker takes DUR, then returns success, failure or retry (the default: 10s:success)"),
    ]

    /// `offstage work …`.
    static let work = CommandSpec(
        name: "work", positionals: "enqueue|ls|cancel|run|foreground ...",
        summary: "WorkManager: enqueue, list, cancel, run or make foreground the Android app's work requests",
        options: workEnqueueOptions + [
            .flag("--json", help: "print JSON (ls)"),
            .option("--id", value: "ID", help: "cancel the request with this id (cancel)"),
            .flag("--all", help: "cancel every request (cancel)"),
            .option("--text", value: "TEXT", help: "the notification's text (foreground)"),
            config,
        ],
        subcommands: [
            SubcommandSpec("enqueue", "NAME", "enqueue a work request (the options from --periodic to --simulate)"),
            SubcommandSpec("ls", "", "each work request, its state and why it is not running"),
            SubcommandSpec("cancel", "NAME", "cancel the work named NAME (or --tag T, --id ID, --all)"),
            SubcommandSpec("run", "NAME", "run it now, bypassing its constraints and delays (the test driver)"),
            SubcommandSpec(
                "foreground", "NAME",
                "its running worker calls setForegroundAsync (--text: the notification); from API 31 refused "
                    + "unless the app is open"),
        ],
        notes: [
            "Offstage coerces what WorkManager coerces, with its warning on stderr: an interval under 15 min "
                + "becomes 15 min, a flex under 5 min becomes 5 min, a flex over the interval becomes the interval, "
                + "a backoff outside 10 s to 5 h is clamped. It refuses what WorkManager throws on.",
            "offstage work enqueue sync --periodic 1h --flex 10m --network unmetered --unique KEEP",
        ])

    /// `offstage fgs start|stop NAME`.
    static let fgs = CommandSpec(
        name: "fgs", positionals: "start|stop NAME",
        summary: "the Android app starts or stops a foreground service (its notification stays visible)",
        options: [.option("--text", value: "TEXT", help: "the notification's text (start)")],
        subcommands: [
            SubcommandSpec("start", "NAME", "start the foreground service NAME"),
            SubcommandSpec("stop", "NAME", "stop it"),
        ])

    /// `offstage android open|leave|low-memory-kill|force-stop|reboot`.
    static let android = CommandSpec(
        name: "android", positionals: "VERB [start|stop NAME]",
        summary: "the Android app's process: the user or the system acts on it through the running offstage",
        subcommands: [
            SubcommandSpec("open", "", "the user opens the app (its bucket becomes active)"),
            SubcommandSpec("leave", "", "the user leaves the app (its process stays in the background)"),
            SubcommandSpec(
                "low-memory-kill", "", "the low-memory killer ends the background process (a service protects it)"),
            SubcommandSpec("force-stop", "", "the user force-stops the app: nothing runs until it is opened"),
            SubcommandSpec("reboot", "", "the device reboots; WorkManager reschedules its work at boot"),
            SubcommandSpec(
                "service", "start|stop NAME",
                "a plain background service: stopped about a minute after the app leaves the foreground (API 26+)"
            ),
        ],
        notes: ["The iOS app's life cycle is `offstage app`; Android has no Suspended state, so its verbs differ."])

    /// The Android settings of `offstage device`, after the iOS ones.
    static let androidDeviceSettings: [SubcommandSpec] = [
        SubcommandSpec("doze", "on|off", "Android: the device enters or leaves Doze"),
        SubcommandSpec(
            "bucket", StandbyBucket.allCases.map(\.rawValue).joined(separator: "|"),
            "Android: the app's App Standby Bucket"),
        SubcommandSpec("battery-saver", "on|off", "Android: battery saver"),
        SubcommandSpec("background-restricted", "on|off", "Android: the user restricts the app's background work"),
        SubcommandSpec("roaming", "on|off", "Android: the cellular network is roaming"),
        SubcommandSpec("storage-low", "on|off", "Android: storage is low"),
    ]
}
