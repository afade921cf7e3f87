import OffstageCore

/// The ids of a view's transfer list in list order (id order), found through the daemon's indexes: every task is
/// the daemon's `order` as it is; a filtered list is made once and kept until a task changes (`TransferDaemon.version`)
/// or the inbox's adds do, so a publication where nothing changed looks at no task it does not send.
struct TransferLists {
    /// A list as last made, with what it was made from.
    private struct Made {
        /// The daemon's version it was made at.
        var version: Int
        /// The inbox's adds it was made with.
        var inbox: [Int64]
        /// The ids, in order.
        var ids: [Int64]
    }

    /// Lists made for filters (and for every task merged with the inbox's adds), by what they list.
    private var made: [Key: Made] = [:]

    /// What a list depends on besides the tasks.
    private struct Key: Hashable {
        var filter: String
        var ids: [Int64]?
        var states: [TransferState]?
    }

    /// The ids `query` lists, in order: the daemon's tasks and the `inbox` adds it has not taken yet (`name` says
    /// what a task is called, for a text filter).
    mutating func ids(
        for query: TransferQuery, daemon: TransferDaemon, inbox: [TransferTask],
        name: (TransferTask) -> String
    ) -> ListedIDs {
        let waiting = inbox.filter { daemon.tasks[$0.id] == nil }
        if !query.isFiltered, waiting.isEmpty { return ListedIDs(daemon.order) }
        let key = Key(filter: (query.filter ?? "").lowercased(), ids: query.ids, states: query.states)
        let inboxIDs = waiting.map(\.id)
        if let list = made[key], list.version == daemon.version, list.inbox == inboxIDs {
            return ListedIDs(list.ids)
        }
        var ids: [Int64]
        if let wanted = query.ids {
            ids = Array(Set(wanted)).sorted().filter { id in
                guard let task = daemon.tasks[id] ?? waiting.first(where: { $0.id == id }) else {
                    return false
                }
                return Self.lists(query, task, name: name)
            }
        } else {
            ids = daemon.order.filter { id in
                daemon.tasks[id].map { Self.lists(query, $0, name: name) } ?? false
            }
            let extra = waiting.filter { Self.lists(query, $0, name: name) }.map(\.id)
            if !extra.isEmpty { ids = (ids + extra).sorted() }
        }
        // Only the lists of the views that asked lately are kept.
        if made.count >= 8 { made = [:] }
        made[key] = Made(version: daemon.version, inbox: inboxIDs, ids: ids)
        return ListedIDs(ids)
    }

    /// Whether `query` lists `task`.
    private static func lists(
        _ query: TransferQuery, _ task: TransferTask, name: (TransferTask) -> String
    ) -> Bool {
        let hasText = !(query.filter ?? "").isEmpty
        return query.lists(
            id: task.id, state: task.state, name: hasText ? name(task) : "",
            url: hasText ? URLCredentials.masked(task.url) : "")
    }
}

/// A list's ids in ascending order: the daemon's own index, or an array made for a filter.
struct ListedIDs: RandomAccessCollection {
    private let order: SortedIDs?
    private let array: [Int64]

    /// The daemon's index as it is (no copy).
    init(_ order: SortedIDs) {
        self.order = order
        array = []
    }

    /// Ids in ascending order.
    init(_ ids: [Int64]) {
        order = nil
        array = ids
    }

    /// The first position.
    var startIndex: Int { 0 }
    /// One past the last position.
    var endIndex: Int { order?.count ?? array.count }
    /// The id at `position`.
    subscript(position: Int) -> Int64 { order?[position] ?? array[position] }

    /// The position of `id`, or nil (binary search).
    func position(of id: Int64) -> Int? {
        if let order { return order.position(of: id) }
        var low = 0
        var high = array.count
        while low < high {
            let middle = (low + high) / 2
            if array[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low < array.count && array[low] == id ? low : nil
    }
}
