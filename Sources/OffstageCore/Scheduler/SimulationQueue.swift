import Foundation

/// What happens at one instant of a replay.
enum SimulationStep: Sendable {
    /// The device changes for every app.
    case device(DeviceConditions)
    /// The user opens this app.
    case open(app: Int)
    /// The user leaves this app.
    case leave(app: Int)
    /// This app's scheduler wake.
    case timer(app: Int)
    /// The work of this app's run `run` of `identifier` ends (dropped when that run has ended).
    case workEnded(app: Int, identifier: String, run: Int64)
}

/// A min-heap of steps by time, ties in insertion order, so a replay is deterministic (iOS and Android steps).
///
/// The heap holds plain (time, slot) pairs; steps wait in slots that are reused, so sifting copies no strings.
struct SimulationQueue<Step> {
    private var items: [(time: Double, sequence: Int, slot: Int)] = []
    private var steps: [Step?] = []
    private var freeSlots: [Int] = []
    private var sequence = 0

    /// Whether nothing is queued.
    var isEmpty: Bool { items.isEmpty }

    /// Queues a step.
    mutating func push(_ time: Double, _ step: Step) {
        sequence += 1
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            steps[slot] = step
        } else {
            slot = steps.count
            steps.append(step)
        }
        items.append((time, sequence, slot))
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard less(child, parent) else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the earliest step.
    mutating func pop() -> (time: Double, step: Step)? {
        guard !items.isEmpty else { return nil }
        items.swapAt(0, items.count - 1)
        let top = items.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < items.count && less(left, smallest) { smallest = left }
            if right < items.count && less(right, smallest) { smallest = right }
            if smallest == parent { break }
            items.swapAt(parent, smallest)
            parent = smallest
        }
        guard let step = steps[top.slot] else { return nil }
        steps[top.slot] = nil
        freeSlots.append(top.slot)
        return (top.time, step)
    }

    private func less(_ a: Int, _ b: Int) -> Bool {
        (items[a].time, items[a].sequence) < (items[b].time, items[b].sequence)
    }
}
