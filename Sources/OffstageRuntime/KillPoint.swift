import Foundation

/// Named points where a crash test can have the process kill itself (`OFFSTAGE_KILL_POINT=name`).
///
/// A real SIGKILL at an exact step is how the exactly-once claims of finalisation are tested;
/// without the variable this is one dictionary lookup at start and a string compare per call.
public enum KillPoint {
    private static let armed: String? = ProcessInfo.processInfo.environment["OFFSTAGE_KILL_POINT"]

    /// Kills the process with SIGKILL when `name` is the armed kill point.
    public static func hit(_ name: String) {
        guard let armed, armed == name else { return }
        kill(getpid(), SIGKILL)
    }
}
