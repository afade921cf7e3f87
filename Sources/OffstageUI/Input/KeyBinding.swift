import OffstageCore

/// One key of the dashboard and what it does: the single source of the help overlay, the key bar and the reducer.
///
/// A key that means something else on Android has one binding per meaning, each naming the profiles it is offered
/// in; `KeyBinding.all(for:)` is what one profile offers.
public struct KeyBinding: Equatable, Sendable {
    /// The key as the help shows it (`a`, `Enter`, `PgUp/PgDn`, `Ctrl-L`).
    public var label: String
    /// What it does, in a few words.
    public var action: String
    /// The short word the key bar shows (nil: help only).
    public var bar: String?
    /// The platform profiles that offer this binding (the others do not list it).
    public var profiles: Set<PlatformProfile>

    /// A binding, offered in `profiles` (every profile unless told).
    public init(
        _ label: String, _ action: String, bar: String? = nil,
        in profiles: Set<PlatformProfile> = Set(PlatformProfile.allCases)
    ) {
        self.label = label
        self.action = action
        self.bar = bar
        self.profiles = profiles
    }

    /// The bindings one profile offers, in table order (each label at most once).
    public static func all(for profile: PlatformProfile) -> [KeyBinding] {
        all.filter { $0.profiles.contains(profile) }
    }

    /// Every key in every profile, in the order the help lists them.
    public static let all: [KeyBinding] = [
        KeyBinding("↑/↓ j/k", "move the selection"),
        KeyBinding("PgUp/PgDn", "move a page"),
        KeyBinding("Home/End", "first / last row"),
        KeyBinding("Tab/S-Tab", "next / previous pane"),
        KeyBinding("Enter", "details of the selected row"),
        KeyBinding("Esc", "back: close details, help, prompts"),
        KeyBinding("/", "filter the focused pane", bar: "filter"),
        KeyBinding("a", "add a download (asks for a URL)", bar: "add"),
        KeyBinding("u", "upload a file (asks for the file, then the URL)"),
        KeyBinding("p", "pause / resume the selected transfer", bar: "pause"),
        KeyBinding("c", "cancel the selected transfer (asks first)", bar: "cancel", in: [.ios]),
        KeyBinding("c", "cancel a transfer or work (asks first)", bar: "cancel", in: [.android, .both]),
        KeyBinding("s", "schedule a BG task request", bar: "schedule", in: [.ios]),
        KeyBinding("s", "schedule an iOS BG request", bar: "schedule", in: [.both]),
        KeyBinding("l", "simulate a launch of the selected request", bar: "launch", in: [.ios]),
        KeyBinding("l", "run the selected work now", bar: "run", in: [.android]),
        KeyBinding("l", "launch (iOS) or run (work)", bar: "launch/run", in: [.both]),
        KeyBinding("x", "simulate the expiration of a running task", bar: "expire", in: [.ios]),
        KeyBinding("x", "expire a running iOS task", bar: "expire", in: [.both]),
        KeyBinding("o", "open the app (foreground)", in: [.ios]),
        KeyBinding("o", "open the app", in: [.android, .both]),
        KeyBinding("h", "send the app home (background)", in: [.ios]),
        KeyBinding("h", "leave the app (background)", in: [.android]),
        KeyBinding("h", "send home / leave the app", in: [.both]),
        KeyBinding("t", "terminate the app, as the system does (memory pressure)", bar: "kill app", in: [.ios]),
        KeyBinding("t", "low-memory kill the process", in: [.android]),
        KeyBinding("t", "terminate / low-memory kill", bar: "kill app", in: [.both]),
        KeyBinding("K", "force-quit the app, as a user swipe does (asks first)", bar: "force-quit", in: [.ios]),
        KeyBinding("K", "force-stop the app (asks)", in: [.android]),
        KeyBinding("K", "force-quit / -stop (asks)", in: [.both]),
        KeyBinding("r", "relaunch the app in the background", in: [.ios]),
        KeyBinding("r", "relaunch the iOS app", in: [.both]),
        KeyBinding("R", "reboot the device (asks)", in: [.android, .both]),
        KeyBinding("F", "start / stop a demo service", in: [.android, .both]),
        KeyBinding(
            "d", "device conditions: network, power, battery, Low Power Mode, refresh", bar: "device", in: [.ios]),
        KeyBinding("d", "device, Doze, bucket, saver", bar: "device", in: [.android]),
        KeyBinding("d", "device conditions (both)", bar: "device", in: [.both]),
        KeyBinding("L", "limit every transfer's bandwidth together (asks for 2m, off…)"),
        KeyBinding("w", "cycle the clock's warp: ×1, ×10, ×60, ×600", bar: "warp"),
        KeyBinding("f", "freeze / unfreeze the clock"),
        KeyBinding("n", "jump to the next deadline"),
        KeyBinding("Ctrl-L", "redraw the screen"),
        KeyBinding("?", "this help", bar: "help"),
        KeyBinding("q", "quit (a hosting dashboard stops its engine cleanly)", bar: "quit"),
    ]
}

/// What a mouse position points at on the main screen, as the layout knows it.
public enum HitTarget: Equatable, Sendable {
    /// A transfer's row.
    case transfer(Int64)
    /// A pending or running request's row.
    case request(String)
    /// An Android work request's row (by id).
    case work(String)
    /// An event-log line (index into the snapshot's events).
    case event(Int)
    /// Somewhere else inside a pane (its title, an empty row).
    case pane(DashboardState.Pane)
}
