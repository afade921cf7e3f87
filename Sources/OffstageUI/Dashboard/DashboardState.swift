import OffstageCore

/// The dashboard's own state, apart from the engine's: what is focused, selected, scrolled, filtered, open.
///
/// `DashboardReducer` changes it from inputs; `DashboardView` draws it with a `Snapshot`. Pure value.
public struct DashboardState: Equatable, Sendable {
    /// A pane of the main screen.
    public enum Pane: String, CaseIterable, Equatable, Sendable {
        /// The transfers pane.
        case transfers
        /// The scheduled BG task requests pane.
        case scheduled
        /// The event log.
        case events
    }

    /// Something drawn over the panes that takes the keys until it closes.
    public enum Overlay: Equatable, Sendable {
        /// The `?` help: every key.
        case help
        /// The details of the selected transfer (by id).
        case transferDetails(Int64)
        /// The details of a pending or running request (by identifier).
        case requestDetails(String)
        /// The details of an Android work request (by id).
        case workDetails(String)
        /// A line of text being typed (add a URL, upload a file, schedule a request, filter).
        case prompt(Prompt)
        /// A destructive action waiting for `y`.
        case confirm(Confirmation)
        /// The device-conditions menu (`d`).
        case device
    }

    /// A text prompt.
    public struct Prompt: Equatable, Sendable {
        /// What the text is for.
        public enum Purpose: Equatable, Sendable {
            /// `a`: a URL to download.
            case addURL
            /// `u`: first the file, then the URL (`file` set once given).
            case upload(file: String?)
            /// `s`: a request to schedule: `refresh ID` or `processing ID [network] [power] [in DUR]`.
            case schedule
            /// `/`: the filter of the focused pane.
            case filter
            /// `L`: the engine-wide bandwidth limit (`2m`, `500k`, `off`).
            case limit
        }

        /// What it is for.
        public var purpose: Purpose
        /// What has been typed.
        public var text: String
        /// Why the last Enter was refused (shown under the prompt), if it was.
        public var error: String?

        /// A prompt.
        public init(purpose: Purpose, text: String = "", error: String? = nil) {
            self.purpose = purpose
            self.text = text
            self.error = error
        }
    }

    /// A destructive action that waits for confirmation.
    public struct Confirmation: Equatable, Sendable {
        /// The question shown, e.g. `Cancel task 3 "ubuntu.iso"? y/n`.
        public var question: String
        /// What `y` does.
        public var effect: DashboardEffect

        /// A confirmation.
        public init(question: String, effect: DashboardEffect) {
            self.question = question
            self.effect = effect
        }
    }

    /// The focused pane (`Tab` cycles).
    public var focus: Pane = .transfers
    /// The selected transfer, by id (nil: none).
    public var selectedTransfer: Int64?
    /// The selected request, by identifier (nil: none, or a work row is selected).
    public var selectedRequest: String?
    /// The selected Android work request, by id (nil: none, or an iOS row is selected).
    public var selectedWork: String?
    /// How many lines the event log is scrolled back from its newest line.
    public var eventScroll = 0
    /// The first visible row of the transfers list (kept so the selection stays in view).
    public var transferScroll = 0
    /// A row of the transfers list the selection goes to once the engine has sent it (a move past the rows the
    /// view holds, e.g. `End` in a list of 100,000); nil: none pending.
    public var transferJump: Int?
    /// The first visible row of the scheduled list.
    public var requestScroll = 0
    /// The filter of each pane (case-insensitive substring; empty: none).
    public var filters: [Pane: String] = [:]
    /// What is drawn over the panes.
    public var overlay: Overlay?
    /// A one-line message on the key bar: why a key did nothing, or what it did ("task 4 added").
    public var message: String?
    /// The line saying what the demo's script is doing (nil: no script, or the user took over).
    public var scriptLine: String?
    /// A counter that advances the indeterminate bars' animation (one step per frame with motion).
    public var animationFrame = 0
    /// The clock's rate before `f` froze it, so unfreezing returns to it (nil: not frozen by `f`).
    public var rateBeforeFreeze: ClockRate?
    /// The row of the selected request when last seen, so a vanished selection falls to its neighbour.
    public var selectedRequestRow = 0
    /// The newest event-log line (after the filter) when last seen, so a log scrolled back stays on its lines
    /// as new ones arrive.
    public var newestEventSeen: LogEntry?

    /// A fresh dashboard.
    public init() {}

    /// The scheduled pane's selection, whichever platform's row it is; setting it clears the other one.
    public var selectedScheduled: DashboardRows.ScheduledKey? {
        get {
            if let selectedRequest { return .request(selectedRequest) }
            return selectedWork.map { .work($0) }
        }
        set {
            switch newValue {
            case .request(let identifier)?: (selectedRequest, selectedWork) = (identifier, nil)
            case .work(let id)?: (selectedRequest, selectedWork) = (nil, id)
            case nil: (selectedRequest, selectedWork) = (nil, nil)
            }
        }
    }
}
