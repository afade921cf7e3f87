/// One key of the dashboard and what it does: the single source of the help overlay, the key bar and the reducer.
public struct KeyBinding: Equatable, Sendable {
    /// The key as the help shows it (`a`, `Enter`, `PgUp/PgDn`, `Ctrl-L`).
    public var label: String
    /// What it does, in a few words.
    public var action: String
    /// The short word the key bar shows (nil: help only).
    public var bar: String?

    /// A binding.
    public init(_ label: String, _ action: String, bar: String? = nil) {
        self.label = label
        self.action = action
        self.bar = bar
    }

    /// Every key, in the order the help lists them.
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
        KeyBinding("c", "cancel the selected transfer (asks first)", bar: "cancel"),
        KeyBinding("s", "schedule a BG task request", bar: "schedule"),
        KeyBinding("l", "simulate a launch of the selected request", bar: "launch"),
        KeyBinding("x", "simulate the expiration of a running task", bar: "expire"),
        KeyBinding("o", "open the app (foreground)"),
        KeyBinding("h", "send the app home (background)"),
        KeyBinding("t", "terminate the app, as the system does (memory pressure)", bar: "kill app"),
        KeyBinding("K", "force-quit the app, as a user swipe does (asks first)", bar: "force-quit"),
        KeyBinding("r", "relaunch the app in the background"),
        KeyBinding("d", "device conditions: network, power, battery, Low Power Mode, refresh", bar: "device"),
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
