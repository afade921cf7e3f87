import Foundation
import OffstageUI
import Synchronization

/// A terminal with no screen, for a dashboard that plays a story headless (`story check`, `render --story`, a
/// demo whose output is not a terminal): it hands each frame presented to `onPresent` and has no keys; a wait in
/// `readInputs` ends at its timeout or at `wake()`.
public final class HeadlessTerminal: TerminalDevice, Sendable {
    /// The size it reports.
    public let size: Size
    /// What it claims to show.
    public let capabilities: TerminalCapabilities
    private let onPresent: @Sendable (Screen) -> Void
    private let woken = DispatchSemaphore(value: 0)
    private let wakePending = Mutex(false)

    /// A terminal of `size` that shows 256 colours and Unicode; `onPresent` gets every frame.
    public init(
        size: Size, capabilities: TerminalCapabilities = TerminalCapabilities(colors: 256, unicode: true),
        onPresent: @escaping @Sendable (Screen) -> Void = { _ in }
    ) {
        self.size = size
        self.capabilities = capabilities
        self.onPresent = onPresent
    }

    /// Hands the frame on.
    public func present(_ screen: Screen) { onPresent(screen) }

    /// Nothing to forget.
    public func invalidate() {}

    /// No inputs; waits up to `timeout` seconds (nil: until `wake()`).
    public func readInputs(timeout: Double?) -> [TerminalInput] {
        if let timeout {
            _ = woken.wait(timeout: .now() + max(0, min(timeout, 3600)))
        } else {
            woken.wait()
        }
        wakePending.withLock { $0 = false }
        return []
    }

    /// Ends a wait in `readInputs` (or the next one); safe from any thread.
    public func wake() {
        let first = wakePending.withLock { pending in
            defer { pending = true }
            return !pending
        }
        if first { woken.signal() }
    }
}
