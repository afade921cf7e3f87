import Foundation

/// Task ids by the date they are due (a begin date, a retry), earliest first: a binary min-heap, so adding one and
/// taking the earliest cost O(log n) however many wait, and nothing has to look at every waiting task.
///
/// Entries are never updated in place: a task whose date changes is pushed again, and the owner skips an entry that
/// no longer holds (`TransferDaemon.dueTasks`).
public struct DueDateHeap: Sendable, Equatable {
    /// One waiting task and its date.
    public struct Entry: Sendable, Equatable {
        /// When it is due.
        public var date: Date
        /// The task.
        public var id: Int64
    }

    private var entries: [Entry] = []

    /// An empty heap.
    public init() {}

    /// How many entries it holds (stale ones included).
    public var count: Int { entries.count }
    /// Whether it holds none.
    public var isEmpty: Bool { entries.isEmpty }
    /// The earliest entry, if any.
    public var first: Entry? { entries.first }

    /// Adds a task due at `date`.
    public mutating func push(_ date: Date, _ id: Int64) {
        entries.append(Entry(date: date, id: id))
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.before(entries[child], entries[parent]) else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    /// Takes the earliest entry off.
    @discardableResult
    public mutating func popFirst() -> Entry? {
        guard !entries.isEmpty else { return nil }
        entries.swapAt(0, entries.count - 1)
        let first = entries.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < entries.count, Self.before(entries[left], entries[smallest]) { smallest = left }
            if right < entries.count, Self.before(entries[right], entries[smallest]) { smallest = right }
            guard smallest != parent else { break }
            entries.swapAt(parent, smallest)
            parent = smallest
        }
        return first
    }

    /// Rebuilds the heap from scratch (a restart); O(n).
    public mutating func rebuild(_ all: [Entry]) {
        entries = all.sorted { Self.before($0, $1) }
    }

    /// Date first, then id, so the order is the same on every run.
    private static func before(_ a: Entry, _ b: Entry) -> Bool {
        a.date != b.date ? a.date < b.date : a.id < b.id
    }
}
