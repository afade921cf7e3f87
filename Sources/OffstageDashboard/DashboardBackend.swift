import OffstageCore
import OffstageUI

/// Where a dashboard's snapshots come from and where what its keys do goes: the engine it hosts, or one it is
/// attached to in another process.
public protocol DashboardBackend: AnyObject {
    /// The newest snapshot when it is newer than `sequence` (nil: nothing new).
    func snapshot(newerThan sequence: UInt64?) -> Snapshot?
    /// Carries out an effect meant for the engine (commands, the clock); returns a line for the key bar saying
    /// what was sent or why it was not (nil: nothing to say).
    func perform(_ effect: DashboardEffect) -> String?
    /// Lines for the key bar about commands sent earlier: the engine's refusals, once it executed them.
    func notices() -> [String]
    /// Why the engine can no longer be reached (it stopped, or the attached one went away); nil while it runs.
    var ended: String? { get }
    /// Stops hosting or detaches; a hosting backend stops its engine cleanly. Idempotent.
    func close()
}
