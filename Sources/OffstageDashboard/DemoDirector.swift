import OffstageCore
import OffstageUI

/// One step of a scripted demo: what the line says and what it does, when.
public struct DemoStep: Sendable {
    /// The line shown while this step is the current one.
    public var line: String
    /// What the step does when it runs.
    public var effects: [DashboardEffect]
    /// Seconds of real time after the previous step ran before this one may run.
    public var after: Double
    /// Also wait until this holds for the engine's snapshot (nil: no condition).
    public var until: (@Sendable (Snapshot) -> Bool)?
    /// The longest the condition is waited for, after `after`; then the step runs anyway.
    public var limit: Double

    /// A step.
    public init(
        _ line: String, after: Double = 0, effects: [DashboardEffect] = [], until: (@Sendable (Snapshot) -> Bool)? = nil,
        limit: Double = 60
    ) {
        self.line = line
        self.effects = effects
        self.after = after
        self.until = until
        self.limit = limit
    }
}

/// Plays a demo's steps on real time while it has the controls; any key the user presses takes over.
public struct DemoDirector: Sendable {
    /// What `due` returns: the effects of the steps that ran, and the line to show now.
    public struct Due: Sendable {
        /// Effects to carry out, in order.
        public var effects: [DashboardEffect] = []
        /// The current step's line, when it changed.
        public var line: String?
    }

    let steps: [DemoStep]
    private(set) var index = 0
    private var previousAt: Double?

    /// A director for `steps`, starting with the first at the first call of `due`.
    public init(steps: [DemoStep]) {
        self.steps = steps
    }

    /// Whether every step has run.
    public var isFinished: Bool { index >= steps.count }

    /// The line shown once the script is over.
    public var finishedLine: String { "the story is over: the keys are yours (? for help, q to quit)" }

    /// The real time at which the next step may run, for the loop's wait (nil: finished or waiting on a condition
    /// only, which a new snapshot wakes).
    public var nextStepAt: Double? {
        guard !isFinished, let previousAt else { return isFinished ? nil : 0 }
        return previousAt + steps[index].after
    }

    /// Runs every step that is due at `now` (real seconds) given the engine's latest snapshot.
    public mutating func due(at now: Double, snapshot: Snapshot) -> Due {
        var result = Due()
        while !isFinished {
            let step = steps[index]
            let since = previousAt.map { now - $0 } ?? .infinity
            guard since >= step.after else { break }
            if let condition = step.until, !condition(snapshot), since < step.after + step.limit {
                result.line = label(index, waiting: true)
                break
            }
            result.effects += step.effects
            previousAt = now
            index += 1
            result.line = isFinished ? finishedLine : label(index - 1, waiting: false)
        }
        return result
    }

    private func label(_ position: Int, waiting: Bool) -> String {
        "\(position + 1)/\(steps.count) " + steps[position].line
    }
}
