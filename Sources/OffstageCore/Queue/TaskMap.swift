/// The daemon's tasks by id, stored densely: the values side by side in one array, and a small table from id to
/// position.
///
/// A `[Int64: TransferTask]` keeps its values in a table at most three-quarters full, rounded up to a power of two:
/// 100,000 tasks took 262,144 slots of a task's size each (110 MB, nearly all of it touched). Here they take
/// 100,000, and the table from id to position 12 bytes a slot. Reads like a dictionary (`tasks[id]`, `values`,
/// `keys`, iteration as `(key:, value:)` pairs); the order of `values` is not the id order (`TaskIndex.order` is).
public struct TaskMap: Sendable, Equatable, Sequence {
    /// The tasks, in no particular order.
    public private(set) var values: ContiguousArray<TransferTask> = []
    /// The position of each task in `values`, by id.
    private var positions: [Int64: Int32] = [:]

    /// No tasks.
    public init() {}

    /// `tasks` by id; of two with the same id, the last wins.
    public init(_ tasks: some Collection<TransferTask>) {
        values.reserveCapacity(tasks.count)
        positions.reserveCapacity(tasks.count)
        for task in tasks { updateValue(task, forKey: task.id) }
    }

    /// How many tasks there are.
    public var count: Int { values.count }

    /// Whether there is none.
    public var isEmpty: Bool { values.isEmpty }

    /// Every task's id, in the order of `values`.
    public var keys: LazyMapSequence<ContiguousArray<TransferTask>, Int64> { values.lazy.map(\.id) }

    /// The task with this id, or nil; setting nil removes it.
    public subscript(id: Int64) -> TransferTask? {
        get { positions[id].map { values[Int($0)] } }
        set {
            if let newValue {
                updateValue(newValue, forKey: id)
            } else {
                removeValue(forKey: id)
            }
        }
    }

    /// Stores `task` under `id` (its own id), and gives the value it replaced, if any.
    @discardableResult
    public mutating func updateValue(_ task: TransferTask, forKey id: Int64) -> TransferTask? {
        precondition(task.id == id, "a task is stored under its own id")
        if let position = positions[id] {
            let previous = values[Int(position)]
            values[Int(position)] = task
            return previous
        }
        positions[id] = Int32(values.count)
        values.append(task)
        return nil
    }

    /// Removes the task with this id and gives it back (the last task takes its place), or nil.
    @discardableResult
    public mutating func removeValue(forKey id: Int64) -> TransferTask? {
        guard let position = positions.removeValue(forKey: id).map(Int.init) else { return nil }
        let removed = values[position]
        let last = values.removeLast()
        if position < values.count {
            values[position] = last
            positions[last.id] = Int32(position)
        }
        return removed
    }

    /// The tasks as `(key:, value:)` pairs, as a dictionary iterates.
    public func makeIterator() -> some IteratorProtocol<(key: Int64, value: TransferTask)> {
        values.lazy.map { (key: $0.id, value: $0) }.makeIterator()
    }

    /// The same tasks by id, whatever their order.
    public static func == (lhs: TaskMap, rhs: TaskMap) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return lhs.values.allSatisfy { rhs[$0.id] == $0 }
    }
}
