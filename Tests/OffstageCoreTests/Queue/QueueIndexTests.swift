import Foundation
import OffstageCore
import Testing

@Suite struct QueueIndexTests {
    @Test func theHeapGivesTheEarliestDateFirstAndTiesByID() {
        var heap = DueDateHeap()
        let dates = [50.0, 10, 30, 10, 40, 20, 0, 60]
        for (index, offset) in dates.enumerated() { heap.push(t0 + offset, Int64(index + 1)) }
        var popped: [(Double, Int64)] = []
        while let entry = heap.popFirst() {
            popped.append((entry.date.timeIntervalSince(t0), entry.id))
        }
        #expect(popped.map(\.0) == dates.sorted())
        #expect(popped.map(\.1) == [7, 2, 4, 6, 3, 5, 1, 8])
        #expect(heap.isEmpty && heap.first == nil)
    }

    @Test func sortedIDsFindPositionsAndStayInOrder() {
        var ids = SortedIDs([5, 1, 3, 3])
        #expect(Array(ids) == [1, 3, 5])
        ids.insert(9)
        ids.insert(4)
        ids.insert(4)
        #expect(Array(ids) == [1, 3, 4, 5, 9])
        #expect(ids.position(of: 5) == 3 && ids.position(of: 2) == nil)
        #expect(ids.lowerBound(6) == 4 && ids.lowerBound(100) == 5 && ids.lowerBound(0) == 0)
        ids.remove(3)
        ids.remove(42)
        #expect(Array(ids) == [1, 4, 5, 9])
    }

    @Test func totalsFollowEveryChangeOfATask() {
        var task = TransferTask(
            id: 1, session: "s", taskIdentifier: 1, kind: .download, url: "https://a.example/f",
            destinationDirectory: documents, createdAt: t0)
        var totals = TransferTotals([task])
        #expect(totals.queued == 1 && totals.unknownSizes == 1 && totals.bytesTotal == 0)
        var running = task
        running.state = .running
        running.bytesExpected = 1000
        running.bytesWritten = 200
        totals.replace(task, with: running)
        #expect(totals.queued == 0 && totals.running == 1 && totals.active == 1)
        #expect(totals.bytesDone == 200 && totals.bytesTotal == 1000 && totals.unknownSizes == 0)
        totals.speed = 100
        #expect(totals.eta == 8)
        totals.addLive(500, over: 200)
        #expect(totals.bytesDone == 500 && totals.eta == 5)
        task = running
        task.state = .failed
        totals = TransferTotals([task])
        #expect(
            totals.failed == 1 && totals.bytesDone == 0 && totals.bytesTotal == 0 && totals.count == 1)
    }

    @Test func aSummaryCountsTheWaitsOfARestartInOneLine() {
        var summary = WaitSummary()
        #expect(summary.line(now: t0) == nil)
        for index in 0..<99_998 { summary.dated(t0 + 3_649 * 86_400 + Double(index), retry: false) }
        summary.waiting("discretionary: needs Wi-Fi and power")
        summary.waiting("discretionary: needs Wi-Fi and power")
        #expect(
            summary.line(now: t0)
                == "100,000 tasks waiting, 99,998 for their begin date, the earliest in 9 y 11 mo; 2 discretionary: "
                + "needs Wi-Fi and power")
        var slots = WaitSummary()
        slots.dated(t0 + 12, retry: true)
        slots.waiting("waiting for a connection slot (5 of 6 in use)")
        slots.waiting("waiting for a connection slot (6 of 6 in use)")
        #expect(
            slots.line(now: t0)
                == "3 tasks waiting, 1 to retry, the next in 12 s; 2 waiting for a connection slot (6 of 6 in use)"
        )
    }
}
