/// The model app's mistakes: each one, switched on, breaks one rule of Apple's background-session contract and
/// produces the platform's observable consequence. Every switch is off by default (the canonical app). One set
/// for the one app: its background session and its BG tasks (`bgtasks.json`'s flags map here, inverted).
public struct AppMistakes: Codable, Sendable, Equatable {
    /// Never calls the `handleEventsForBackgroundURLSession` completion handler: the watchdog kills it (0x2182bad3).
    public var skipsCompletionHandler: Bool
    /// Moves a delivered file asynchronously, after `didFinishDownloadingTo` returned: the file is gone by then.
    public var movesFileAsynchronously: Bool
    /// Begins its background task without an expiration handler: it cannot end it in time (0x2182bad2).
    public var omitsExpirationHandler: Bool
    /// Never sets `taskDescription`: after a relaunch its results cannot be matched to its records.
    public var omitsTaskDescription: Bool
    /// Does not recreate its background session at launch: its events wait and its relaunch times out.
    public var skipsSessionRecreation: Bool
    /// Registers its BG task handlers after launching: the task never runs (a late registration crashes).
    public var registersLate: Bool
    /// Does not submit the next request at the start of a BG task handler: the task runs once.
    public var skipsReschedule: Bool
    /// Never calls `setTaskCompleted(success:)`: the BG watchdog kills it (0x2182bad2) and penalises the task.
    public var skipsSetTaskCompleted: Bool
    /// Does not submit its missing BG task requests when the user opens it.
    public var skipsSubmitOnOpen: Bool
    /// Submits the next BG task request at the end of its handler, not at the start: a task that expires first
    /// leaves nothing pending.
    public var reschedulesAtEnd: Bool
    /// Registers its BG task handlers after `didFinishLaunching` returned: Apple's exception, "All launch handlers
    /// must be registered before application finishes launching", crashes it.
    public var registersAfterLaunch: Bool

    /// The canonical app: no mistakes, unless switched on here.
    public init(
        skipsCompletionHandler: Bool = false, movesFileAsynchronously: Bool = false,
        omitsExpirationHandler: Bool = false, omitsTaskDescription: Bool = false, skipsSessionRecreation: Bool = false,
        registersLate: Bool = false, skipsReschedule: Bool = false, skipsSetTaskCompleted: Bool = false,
        skipsSubmitOnOpen: Bool = false, reschedulesAtEnd: Bool = false, registersAfterLaunch: Bool = false
    ) {
        self.skipsCompletionHandler = skipsCompletionHandler
        self.movesFileAsynchronously = movesFileAsynchronously
        self.omitsExpirationHandler = omitsExpirationHandler
        self.omitsTaskDescription = omitsTaskDescription
        self.skipsSessionRecreation = skipsSessionRecreation
        self.registersLate = registersLate
        self.skipsReschedule = skipsReschedule
        self.skipsSetTaskCompleted = skipsSetTaskCompleted
        self.skipsSubmitOnOpen = skipsSubmitOnOpen
        self.reschedulesAtEnd = reschedulesAtEnd
        self.registersAfterLaunch = registersAfterLaunch
    }

    /// Decodes, taking `false` for every missing key.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        skipsCompletionHandler = try c.decode(.skipsCompletionHandler, default: false)
        movesFileAsynchronously = try c.decode(.movesFileAsynchronously, default: false)
        omitsExpirationHandler = try c.decode(.omitsExpirationHandler, default: false)
        omitsTaskDescription = try c.decode(.omitsTaskDescription, default: false)
        skipsSessionRecreation = try c.decode(.skipsSessionRecreation, default: false)
        registersLate = try c.decode(.registersLate, default: false)
        skipsReschedule = try c.decode(.skipsReschedule, default: false)
        skipsSetTaskCompleted = try c.decode(.skipsSetTaskCompleted, default: false)
        skipsSubmitOnOpen = try c.decode(.skipsSubmitOnOpen, default: false)
        reschedulesAtEnd = try c.decode(.reschedulesAtEnd, default: false)
        registersAfterLaunch = try c.decode(.registersAfterLaunch, default: false)
    }

    /// The command-line names of the mistakes, with what each one shows.
    public static let names: [(name: String, effect: String)] = [
        ("no-completion-handler", "the completion handler is never called: killed with 0x2182bad3"),
        ("async-file-move", "the file is moved after the callback returned: it is gone"),
        ("no-expiration-handler", "the background task has no expiration handler: killed with 0x2182bad2"),
        ("no-task-description", "taskDescription is not set: results cannot be matched after a relaunch"),
        ("no-session-recreation", "the session is not recreated at launch: events wait, the relaunch times out"),
        ("late-registration", "BG task handlers are registered after launch: the task never runs"),
        ("no-reschedule", "the BG task handler does not submit the next request: it runs once"),
        ("no-set-task-completed", "setTaskCompleted is never called: killed with 0x2182bad2 and penalised"),
        ("no-submit-on-open", "opening the app does not submit its missing BG task requests"),
        ("reschedule-at-end", "the BG task handler submits the next request at its end: an expired task leaves none"),
        ("register-after-launch", "BG task handlers are registered after launch finished: Apple's exception, a crash"),
    ]

    /// Switches the mistake with this command-line name; false when no mistake has it.
    public mutating func set(_ name: String, _ on: Bool) -> Bool {
        switch name {
        case "no-completion-handler": skipsCompletionHandler = on
        case "async-file-move": movesFileAsynchronously = on
        case "no-expiration-handler": omitsExpirationHandler = on
        case "no-task-description": omitsTaskDescription = on
        case "no-session-recreation": skipsSessionRecreation = on
        case "late-registration": registersLate = on
        case "no-reschedule": skipsReschedule = on
        case "no-set-task-completed": skipsSetTaskCompleted = on
        case "no-submit-on-open": skipsSubmitOnOpen = on
        case "reschedule-at-end": reschedulesAtEnd = on
        case "register-after-launch": registersAfterLaunch = on
        default: return false
        }
        return true
    }

    /// The command-line names of the mistakes switched on.
    public var enabled: [String] {
        let flags = [
            skipsCompletionHandler, movesFileAsynchronously, omitsExpirationHandler, omitsTaskDescription,
            skipsSessionRecreation, registersLate, skipsReschedule, skipsSetTaskCompleted, skipsSubmitOnOpen,
            reschedulesAtEnd, registersAfterLaunch,
        ]
        return zip(Self.names, flags).filter(\.1).map(\.0.name)
    }

    /// Both sets together: a mistake is on when either has it on (the configuration file, then run-time switches).
    public func union(_ other: AppMistakes) -> AppMistakes {
        AppMistakes(
            skipsCompletionHandler: skipsCompletionHandler || other.skipsCompletionHandler,
            movesFileAsynchronously: movesFileAsynchronously || other.movesFileAsynchronously,
            omitsExpirationHandler: omitsExpirationHandler || other.omitsExpirationHandler,
            omitsTaskDescription: omitsTaskDescription || other.omitsTaskDescription,
            skipsSessionRecreation: skipsSessionRecreation || other.skipsSessionRecreation,
            registersLate: registersLate || other.registersLate,
            skipsReschedule: skipsReschedule || other.skipsReschedule,
            skipsSetTaskCompleted: skipsSetTaskCompleted || other.skipsSetTaskCompleted,
            skipsSubmitOnOpen: skipsSubmitOnOpen || other.skipsSubmitOnOpen,
            reschedulesAtEnd: reschedulesAtEnd || other.reschedulesAtEnd,
            registersAfterLaunch: registersAfterLaunch || other.registersAfterLaunch)
    }
}
