import OffstageCore
import OffstageStore
import OffstageUI

/// What a hosted and an attached engine have in common: the newest snapshot handed over from another thread,
/// the commands sent through the inbox, and why the engine went away.
final class EngineLink {
    /// The newest snapshot, put by the thread that receives it.
    let latest = LatestSnapshot()
    /// Why the engine can no longer be reached, set by that thread.
    let outcome = Locked<String?>(nil)
    /// The inbox the keys' commands go through.
    let sender: CommandSender

    /// A link to the engine of `home`.
    init(home: OffstageHome) throws {
        sender = try CommandSender(home: home)
    }
}

/// A backend built on an `EngineLink`: the four calls every engine answers the same way.
protocol LinkedBackend: DashboardBackend {
    /// The link.
    var link: EngineLink { get }
}

extension LinkedBackend {
    /// The newest snapshot, when newer than `sequence`.
    public func snapshot(newerThan sequence: UInt64?) -> Snapshot? { link.latest.newer(than: sequence) }

    /// Sends a command to the engine; a line only when it could not be sent.
    public func perform(_ effect: DashboardEffect) -> String? { link.sender.perform(effect) }

    /// Refusals of commands the engine executed since the last call.
    public func notices() -> [String] { link.sender.refusals() }

    /// Why the engine can no longer be reached (nil while it runs).
    public var ended: String? { link.outcome.value }
}
