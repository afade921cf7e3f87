import Synchronization

/// A value shared between threads behind a lock, as a reference the threads can all hold.
final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    /// A box holding `value`.
    init(_ value: Value) { mutex = Mutex(value) }

    /// The value now.
    var value: Value { mutex.withLock { $0 } }

    /// Replaces the value.
    func set(_ value: Value) { mutex.withLock { $0 = value } }

    /// Reads and changes the value under the lock.
    func withLock<Result>(_ body: (inout Value) -> Result) -> Result { mutex.withLock { body(&$0) } }
}
