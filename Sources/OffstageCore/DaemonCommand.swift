/// A command another `offstage` process leaves in the store's inbox for the running daemon.
public enum DaemonCommand: Codable, Sendable, Equatable {
    /// Create a transfer; its task identifier is the inbox row's identifier.
    case add(TransferSpec)
    /// Pause a task.
    case pause(id: Int64)
    /// Resume a paused or failed task.
    case resume(id: Int64)
    /// Cancel a task.
    case cancel(id: Int64)
    /// Replace the device conditions.
    case setConditions(DeviceConditions)
    /// Create or reconfigure a session.
    case configureSession(SessionConfiguration)
}

/// What became of an inbox command.
public enum CommandStatus: String, Codable, Sendable {
    /// Waiting for a running daemon to pick it up.
    case pending
    /// Executed.
    case done
    /// Refused, with a reason.
    case refused
}
