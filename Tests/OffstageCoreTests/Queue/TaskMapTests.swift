import Foundation
import OffstageCore
import Testing

/// The daemon's dense table of tasks reads and changes like a dictionary by id.
@Suite struct TaskMapTests {
    private static func task(_ id: Int64, _ state: TransferState = .queued) -> TransferTask {
        var task = TransferTask(
            id: id, session: "s", taskIdentifier: Int(id), kind: .download, url: "http://h/\(id)",
            destinationDirectory: "/d", createdAt: Date(timeIntervalSince1970: 0))
        task.state = state
        return task
    }

    @Test func itFindsReplacesAndRemovesByID() {
        var map = TaskMap([Self.task(1), Self.task(2), Self.task(3), Self.task(2, .paused)])
        #expect(map.count == 3)
        #expect(map[2]?.state == .paused)
        #expect(map[4] == nil)
        #expect(map.updateValue(Self.task(1, .running), forKey: 1)?.state == .queued)
        #expect(map[1]?.state == .running)
        #expect(map.removeValue(forKey: 1)?.id == 1)
        #expect(map.removeValue(forKey: 1) == nil)
        // The last task moved into the removed one's place is still found by its id.
        #expect(map[3]?.id == 3 && map[2]?.id == 2)
        map[5] = Self.task(5)
        map[2] = nil
        #expect(Set(map.keys) == [3, 5])
        #expect(Set(map.values.map(\.id)) == [3, 5])
        #expect(Dictionary(uniqueKeysWithValues: map.map { ($0.key, $0.value.id) }) == [3: 3, 5: 5])
        #expect(!map.isEmpty)
    }

    @Test func equalityIgnoresTheOrder() {
        let forward = TaskMap([Self.task(1), Self.task(2)])
        let backward = TaskMap([Self.task(2), Self.task(1)])
        #expect(forward == backward)
        #expect(forward != TaskMap([Self.task(1), Self.task(2, .paused)]))
        #expect(forward != TaskMap([Self.task(1)]))
        #expect(TaskMap() == TaskMap([]))
    }
}
