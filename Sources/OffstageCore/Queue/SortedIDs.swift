/// Task ids in ascending order, for the rows of a list in id order: a new id (always the highest) is appended, and
/// the position of any id is found by binary search, so a view's window is found without looking at every task.
public struct SortedIDs: Sendable, Equatable, RandomAccessCollection {
    private var ids: [Int64] = []

    /// No ids.
    public init() {}

    /// `ids` in ascending order, each once.
    public init(_ ids: some Sequence<Int64>) {
        self.ids = Array(Set(ids)).sorted()
    }

    /// The first position.
    public var startIndex: Int { 0 }
    /// One past the last position.
    public var endIndex: Int { ids.count }
    /// The id at `position`.
    public subscript(position: Int) -> Int64 { ids[position] }

    /// Adds `id` where it belongs (at the end when it is the highest, as new ids are); nothing when it is there.
    public mutating func insert(_ id: Int64) {
        if let last = ids.last, last >= id {
            let at = lowerBound(id)
            guard at == ids.count || ids[at] != id else { return }
            ids.insert(id, at: at)
        } else {
            ids.append(id)
        }
    }

    /// Removes `id` when it is there.
    public mutating func remove(_ id: Int64) {
        let at = lowerBound(id)
        if at < ids.count, ids[at] == id { ids.remove(at: at) }
    }

    /// The position of `id`, or nil.
    public func position(of id: Int64) -> Int? {
        let at = lowerBound(id)
        return at < ids.count && ids[at] == id ? at : nil
    }

    /// Whether `id` is there.
    public func contains(_ id: Int64) -> Bool { position(of: id) != nil }

    /// The position of the first id not below `id` (`count` when every id is below it).
    public func lowerBound(_ id: Int64) -> Int {
        var low = 0
        var high = ids.count
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
