import Foundation

extension TransferDaemon {
    /// How much room a task paused for a full disk waits for before it resumes by itself: the rest of its file
    /// plus 2 MiB (the engine stops 1 MiB short of full), or 64 MiB when that is less or the size is unknown.
    public static let roomToResume: Int64 = 64 << 20

    /// The tasks the engine paused because the disk was full, in id order: while there are any, the runtime
    /// measures the free space and reports it (`.diskSpaceChecked`).
    public var tasksPausedForFullDisk: [Int64] {
        index.pausedForFullDisk.sorted()
    }

    /// Asks the runtime to measure the free space when a check is due (on a wake: never while handling the
    /// measurement itself).
    mutating func measureDiskSpaceIfDue(in transition: inout Transition) {
        guard !index.pausedForFullDisk.isEmpty, (nextDiskCheck ?? transition.now) <= transition.now else { return }
        nextDiskCheck = transition.now + timings.diskCheckInterval
        transition.actions.append(.measureDiskSpace)
    }

    /// The wake for the next check while tasks are paused for a full disk (nil, and no check pending, otherwise).
    mutating func nextDiskCheckWake(now: Date) -> Date? {
        guard !index.pausedForFullDisk.isEmpty else {
            nextDiskCheck = nil
            return nil
        }
        return nextDiskCheck ?? now
    }

    /// The free space `task` waits for.
    static func room(for task: TransferTask) -> Int64 {
        guard task.bytesExpected >= 0 else { return roomToResume }
        return min(roomToResume, max(0, task.bytesExpected - task.bytesWritten) + (2 << 20))
    }

    /// Queues again every task paused for a full disk that now has the room it waits for (a user's pause stays);
    /// the scheduling pass after this event starts them from their checkpoints.
    mutating func resumeAfterFullDisk(freeBytes: Int64, in transition: inout Transition) {
        for id in tasksPausedForFullDisk {
            guard var task = tasks[id], freeBytes >= Self.room(for: task) else { continue }
            task.state = .queued
            task.error = nil
            update(task, in: &transition)
            transition.log(
                .waiting, task.subject,
                "room on the disk again (\(ByteText.size(freeBytes)) free): resuming from "
                    + ByteText.size(task.bytesWritten))
        }
    }
}
