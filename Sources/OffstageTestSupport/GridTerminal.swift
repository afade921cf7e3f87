import Foundation
import OffstageUI

/// A `TerminalDevice` in memory, for tests of the dashboard loop: it keeps the last frame presented, counts
/// presents and invalidations, and delivers scripted inputs.
///
/// `readInputs` returns the queued inputs at once; with none queued it waits (real time, on a condition) until
/// `enqueue`, `wake()` or the timeout. Tests pass small timeouts, or use `waitUntilReading(timeout:)` to know the
/// loop is idle in `readInputs`. Every member is safe to call from any thread.
// Safety: every stored var is read and written only with `condition` locked.
public final class GridTerminal: TerminalDevice, @unchecked Sendable {
    /// Guards every stored var below; `readInputs` waits on it.
    private let condition = NSCondition()
    /// The size `size` reports.
    private var currentSize: Size
    /// The capabilities `capabilities` reports.
    private var currentCapabilities: TerminalCapabilities
    /// Inputs not yet read.
    private var queue: [TerminalInput] = []
    /// Whether `wake()` was called since the last `readInputs` returned.
    private var woken = false
    /// The last frame presented.
    private var lastFrame: Screen?
    /// Presents so far.
    private var presents = 0
    /// Invalidations so far.
    private var invalidations = 0
    /// Whether a thread is inside `readInputs`.
    private var reading = false
    /// The notifications sent.
    private var sentNotifications: [String] = []

    /// A terminal of `size` (80×24 by default) that shows 256 colours and Unicode unless told otherwise.
    public init(
        size: Size = Size(width: 80, height: 24),
        capabilities: TerminalCapabilities = TerminalCapabilities(colors: 256, unicode: true)
    ) {
        currentSize = size
        currentCapabilities = capabilities
    }

    /// Runs `body` with the condition's lock held.
    private func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }

    /// The terminal's size; setting it does not deliver an input (see `resize(to:)`).
    public var size: Size {
        get { locked { currentSize } }
        set { locked { currentSize = newValue } }
    }

    /// What the terminal claims to show.
    public var capabilities: TerminalCapabilities {
        get { locked { currentCapabilities } }
        set { locked { currentCapabilities = newValue } }
    }

    /// The last frame presented (nil before the first).
    public var presented: Screen? { locked { lastFrame } }

    /// How many times `present` was called.
    public var presentCount: Int { locked { presents } }

    /// How many times `invalidate` was called.
    public var invalidateCount: Int { locked { invalidations } }

    /// Inputs queued and not yet read.
    public var pendingInputs: [TerminalInput] { locked { queue } }

    /// Keeps `screen` as the last frame.
    public func present(_ screen: Screen) {
        locked {
            lastFrame = screen
            presents += 1
        }
    }

    /// Counts an invalidation (a real terminal would repaint everything at the next present).
    public func invalidate() { locked { invalidations += 1 } }

    /// Records a notification.
    public func notify(_ text: String) { locked { sentNotifications.append(text) } }

    /// The notifications sent so far, oldest first.
    public var notifications: [String] { locked { sentNotifications } }

    /// Queues inputs for `readInputs` and ends a wait in it.
    public func enqueue(_ inputs: [TerminalInput]) {
        locked {
            queue += inputs
            condition.broadcast()
        }
    }

    /// Queues key presses.
    public func enqueue(keys: [Key]) { enqueue(keys.map { .key($0) }) }

    /// Changes the size and queues the `.resize` a real terminal would deliver.
    public func resize(to size: Size) {
        locked {
            currentSize = size
            queue.append(.resize(size))
            condition.broadcast()
        }
    }

    /// Returns every queued input; with none, waits up to `timeout` seconds (nil: without limit) for `enqueue` or
    /// `wake()`. A `wake()` made while nothing was waiting ends the next wait at once, as on the real terminal.
    public func readInputs(timeout: Double?) -> [TerminalInput] {
        condition.lock()
        defer { condition.unlock() }
        let deadline = timeout.map { Date().addingTimeInterval(max(0, $0)) }
        reading = true
        condition.broadcast()
        defer { reading = false }
        while queue.isEmpty, !woken {
            if let deadline {
                if !condition.wait(until: deadline) { break }
            } else {
                condition.wait()
            }
        }
        woken = false
        let inputs = queue
        queue.removeAll()
        return inputs
    }

    /// Ends a `readInputs` wait (or the next one) with what is queued, possibly nothing.
    public func wake() {
        locked {
            woken = true
            condition.broadcast()
        }
    }

    /// Blocks until some thread is inside `readInputs` with nothing queued (the loop is idle), at most `timeout`
    /// seconds; whether that happened.
    public func waitUntilReading(timeout: Double) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date().addingTimeInterval(timeout)
        while !(reading && queue.isEmpty && !woken) {
            if !condition.wait(until: deadline) { return reading && queue.isEmpty && !woken }
        }
        return true
    }
}
