import OffstageCore

/// The device, scheduler and app commands: `clock`, `device`, `schedule`, `pending`, `launch`, `expire`,
/// `unschedule`, `app`, `simulate`.
extension CommandCatalog {
    /// `offstage clock …`.
    static let clock = CommandSpec(
        name: "clock", positionals: "warp N|real|freeze|next", summary: "steer the running engine's clock",
        subcommands: [
            SubcommandSpec("warp", "N", "run N times faster (1 to 10000)"),
            SubcommandSpec("real", "", "real time"),
            SubcommandSpec("freeze", "", "stop the clock"),
            SubcommandSpec("next", "", "jump to the next deadline"),
        ])

    /// `offstage device …`.
    static let device = CommandSpec(
        name: "device", positionals: "[SETTING ...]", summary: "show or change the simulated device's conditions",
        options: [config],
        subcommands: [
            SubcommandSpec("wifi", "", "on Wi-Fi"),
            SubcommandSpec("cellular", "", "on cellular"),
            SubcommandSpec("offline", "", "no network"),
            SubcommandSpec("charging", "on|off", "on external power, or on battery"),
            SubcommandSpec("battery", "N", "the battery level (0 to 100)"),
            SubcommandSpec("low-power", "on|off", "Low Power Mode"),
            SubcommandSpec("refresh", "on|off", "Background App Refresh"),
            SubcommandSpec("in-use", "on|off", "the user is using the device (processing tasks run only when idle)"),
            SubcommandSpec(
                "platform", PlatformProfile.allCases.map(\.rawValue).joined(separator: "|"),
                "the simulated platform: iOS, Android or both (kept for this home; else config/android.json)"),
        ] + androidDeviceSettings,
        subcommandsRepeat: true,
        notes: [
            "Settings combine: offstage device cellular battery 15 charging off doze on",
            "offstage device platform android: the Android model instead of the iOS one",
        ])

    /// `offstage schedule …`.
    static let schedule = CommandSpec(
        name: "schedule", positionals: "refresh|processing ID", summary: "submit a BG task request",
        options: [
            .option("--earliest", value: "DUR", help: "earliestBeginDate, from now (30s, 10m, 2h, 1d)"),
            .flag("--needs-network", help: "requiresNetworkConnectivity (processing only)"),
            .flag("--needs-power", help: "requiresExternalPower (processing only)"),
        ],
        subcommands: [
            SubcommandSpec("refresh", "ID", "a BGAppRefreshTaskRequest (also app-refresh)"),
            SubcommandSpec("processing", "ID", "a BGProcessingTaskRequest"),
        ])

    /// `offstage pending …`.
    static let pending = CommandSpec(
        name: "pending", summary: "each pending BG task request and why it has not run yet",
        options: [
            .flag("--json", help: "print JSON"),
            .option("--decisions", value: "N", help: "add the newest N scheduler decisions (1 to 5000)"),
            config,
        ])

    /// `offstage launch ID`.
    static let launch = CommandSpec(
        name: "launch", positionals: "ID", summary: "launch a pending BG task now, as Apple's debugger command does")

    /// `offstage expire ID`.
    static let expire = CommandSpec(
        name: "expire", positionals: "ID", summary: "expire a running BG task, as Apple's debugger command does")

    /// `offstage unschedule ID|--all`.
    static let unschedule = CommandSpec(
        name: "unschedule", positionals: "ID|--all", summary: "cancel a pending BG task request",
        options: [.flag("--all", help: "cancel every pending request")])

    /// `offstage app …`.
    static let app = CommandSpec(
        name: "app", positionals: "[VERB ...]",
        summary: "the model app: show it (no verb), or act on it through the running offstage",
        options: [
            .flag("--json", help: "print JSON (no verb)"),
            .option("--reason", value: "R", help: "why the system kills the app (kill; default memory pressure)"),
            .option("--description", value: "TEXT", help: "the new task's description (download, upload)"),
            config,
        ],
        subcommands: [
            SubcommandSpec("open", "", "the user opens the app"),
            SubcommandSpec("background", "", "the user goes home (also home)"),
            SubcommandSpec("lock", "", "the user locks the device"),
            SubcommandSpec("kill", "", "the system terminates the app (--reason R)"),
            SubcommandSpec("force-quit", "", "the user swipes the app away"),
            SubcommandSpec("relaunch", "", "the system relaunches the app"),
            SubcommandSpec("download", "URL", "the running app starts a download"),
            SubcommandSpec("upload", "FILE URL", "the running app starts an upload"),
            SubcommandSpec(
                "try", "CALL [URL]",
                "a call background sessions restrict: "
                    + RestrictedCall.allCases.map(\.rawValue).joined(separator: ", ")),
            SubcommandSpec("mistake", "NAME on|off", "switch an app mistake at run time"),
            SubcommandSpec(
                "refresh", "on|off", "the app's own Background App Refresh switch (the device's: device refresh)"),
        ],
        notes: ["Mistakes: " + AppMistakes.names.map(\.name).joined(separator: ", ")])

    /// `offstage simulate …`.
    static let simulate = CommandSpec(
        name: "simulate", summary: "simulate the BG task scheduler over days of app use, without waiting",
        options: [
            .option("--days", value: "N", help: "how many days (1 to 3650, default 14)"),
            .option(
                "--usage", value: "rare|weekly|daily|heavy", help: "how often the user opens the app (default daily)"),
            .option(
                "--opens", value: "HH:MM,...",
                help: "the user's own times of day to open the app, every day (e.g. 08:00,12:30,21:00)"),
            .option("--seed", value: "S", help: "the random seed (default 1)"),
            .option("--platform", value: "ios|android|both", help: "which platform's model to replay (default ios)"),
            config,
            .flag("--json", help: "print JSON"),
            .flag("--hourly", help: "also draw opens and runs by hour of the day"),
            .flag(
                "--calibrate",
                help: "compare the model with public observations of when iOS runs BG tasks"),
        ])
}
