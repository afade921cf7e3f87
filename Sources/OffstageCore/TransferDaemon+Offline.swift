import Foundation

extension TransferDaemon {
    /// Takes the store's sessions, tasks and conditions as they are, with no transition: no restart is logged and
    /// no task changes state (a task left `running` by a killed engine stays so until the next `.started`).
    ///
    /// For a process that applies one command while no engine runs; set `exclusive = []` too, so nothing starts.
    public mutating func load(sessions: [SessionConfiguration], tasks: [TransferTask], conditions: DeviceConditions) {
        self.sessions = Dictionary(sessions.map { ($0.identifier, $0) }, uniquingKeysWith: { _, last in last })
        self.tasks = Dictionary(tasks.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        index = TaskIndex(self.tasks.values)
        self.conditions = conditions
        attempts = [:]
        stopping = [:]
        liveBytes = [:]
    }
}
