/// The persistent state of the model app's side, as the store keeps it apart from the system's tables.
public struct StoredAppState: Codable, Sendable, Equatable {
    /// The life-cycle manager's state (the system's view of the app).
    public var lifecycle: AppLifecycleState
    /// The mistakes switched on at run time (`offstage app mistake NAME on`), on top of the configuration's.
    public var mistakes: AppMistakes

    /// A stored state.
    public init(lifecycle: AppLifecycleState, mistakes: AppMistakes = AppMistakes()) {
        self.lifecycle = lifecycle
        self.mistakes = mistakes
    }
}

/// Store changes of one step of the app side: written in one transaction, together with any transfer changes.
public struct AppChanges: Sendable, Equatable {
    /// The whole app-side state after the step (nil: unchanged).
    public var state: StoredAppState?
    /// Registry records to add or replace (the app's own registry, keyed by `taskDescription`).
    public var upserts: [AppRecord] = []
    /// Registry keys to remove.
    public var removals: [String] = []
    /// Event-log lines to append (after the transfer changes' lines).
    public var log: [LogEntry] = []

    /// Changes.
    public init(state: StoredAppState? = nil, upserts: [AppRecord] = [], removals: [String] = [], log: [LogEntry] = [])
    {
        self.state = state
        self.upserts = upserts
        self.removals = removals
        self.log = log
    }

    /// Whether there is nothing to write.
    public var isEmpty: Bool { state == nil && upserts.isEmpty && removals.isEmpty && log.isEmpty }
}
