import OffstageCore

/// The model app's process as the runtime runs it: everything here is lost when the app is killed.
struct AppProcess {
    /// Its live background sessions (CFNetwork's process-global table).
    var sessions = BackgroundSessionRegistry()
    /// Its code: the reactions it decides, and the completion handlers it holds in memory.
    var behaviour: AppBehaviour
    /// The background task it began in `applicationDidEnterBackground`, and the steady time its work is done.
    var backgroundTask: (id: BackgroundTaskID, workDoneAt: Double)?
    /// Labels it keeps in memory for tasks it created without a `taskDescription`, by daemon task id.
    var unnamedTasks: [Int64: String] = [:]
}
