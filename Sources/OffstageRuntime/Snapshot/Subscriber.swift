import OffstageCore

/// Who the engine publishes to: the face in this process, or a client of the attach socket (by its number).
enum SubscriberID: Hashable, Comparable, Sendable {
    /// The face that hosts the engine (`RuntimeOptions.onSnapshot`, `InProcessEngine`).
    case local
    /// A client of `<home>/engine.sock`.
    case client(Int)
}

/// One view the engine publishes to: what it asked for, what it holds (the base of its next update), and when it
/// may get the next one.
struct Subscriber {
    /// What it asked for.
    var subscription: SnapshotSubscription
    /// The snapshot it holds (nil: none yet, so the next update carries one whole).
    var held: Snapshot?
    /// When its next publication may go out.
    var throttle: SnapshotThrottle
    /// Whether its next publication goes out even if nothing changed (it just subscribed).
    var forced = true
    /// Whether something beyond progress may have changed since its last publication.
    var dirty = true
    /// Whether its last update is still on its way (a client's socket is full): the next waits for it, and is then
    /// made from what it holds to what is newest, so nothing in between is built for it.
    var inFlight = false

    /// A view that asked for `subscription`, published to at the throttle's pace.
    init(subscription: SnapshotSubscription, throttle: SnapshotThrottle) {
        self.subscription = subscription
        self.throttle = throttle
    }
}
