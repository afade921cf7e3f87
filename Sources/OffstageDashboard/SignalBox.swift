import Synchronization

/// Signals posted from another thread, taken by the loop.
public final class SignalBox: Sendable {
    private let pending = Mutex<Int32?>(nil)

    /// An empty box.
    public init() {}

    /// Remembers a signal (the first one wins until taken).
    public func post(_ signal: Int32) { pending.withLock { if $0 == nil { $0 = signal } } }

    /// The signal posted, if any, forgetting it.
    public func take() -> Int32? {
        pending.withLock { value in
            defer { value = nil }
            return value
        }
    }

    /// The signal posted, if any, keeping it.
    public var peek: Int32? { pending.withLock { $0 } }
}
