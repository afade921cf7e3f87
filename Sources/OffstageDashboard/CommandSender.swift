import Foundation
import OffstageCore
import OffstageRuntime
import OffstageStore
import OffstageUI

/// Sends what the dashboard's keys do to an engine through the home's inbox, pokes it, and reports the engine's
/// refusals once it has executed them (the same path for a hosted and an attached engine).
final class CommandSender {
    private let home: OffstageHome
    private let store: Store
    /// Commands sent and not yet executed, with what to call them in a refusal.
    private var waiting: [(id: Int64, what: String)] = []

    /// A sender on `home`'s store (opened for writing).
    init(home: OffstageHome) throws {
        self.home = home
        store = try Store.open(home: home)
    }

    /// Leaves the effect's command in the inbox and pokes the engine; returns a line only when that failed.
    func perform(_ effect: DashboardEffect) -> String? {
        let command: DaemonCommand
        switch effect {
        case .send(let sent): command = sent
        case .setClockRate(let rate): command = .setClockRate(rate)
        case .jumpToNextDeadline: command = .jumpToNextDeadline
        case .quit, .redrawAll: return nil
        }
        if case .add(let spec) = command, spec.kind == .upload, let path = spec.uploadPath {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
                return "no such file to upload: \(Printable.escape(path))"
            }
        }
        do {
            let id = try store.enqueue(command, now: Date())
            waiting.append((id, Self.describe(command)))
        } catch {
            return "could not send the command: \(error)"
        }
        SnapshotClient.poke(home: home.path)
        return nil
    }

    /// The refusals of commands the engine has executed since the last call, one line each.
    func refusals() -> [String] {
        guard !waiting.isEmpty else { return [] }
        var lines: [String] = []
        waiting = waiting.filter { item in
            guard let (status, result) = try? store.commandStatus(id: item.id) else { return true }
            switch status {
            case .pending: return true
            case .refused:
                lines.append("\(item.what) refused: \(Printable.escape(result ?? "no reason given"))")
                return false
            case .done: return false
            }
        }
        return lines
    }

    /// Closes the store.
    func close() { store.close() }

    /// What to call a command in a refusal.
    static func describe(_ command: DaemonCommand) -> String {
        switch command {
        case .add(let spec): spec.kind == .upload ? "upload" : "add"
        case .pause(let id): "pause of task \(id)"
        case .resume(let id): "resume of task \(id)"
        case .cancel(let id): "cancel of task \(id)"
        case .schedule(let request): "schedule of \(request.identifier)"
        case .launchTask(let identifier): "launch of \(identifier)"
        case .expireTask(let identifier): "expiration of \(identifier)"
        case .app(let request): "app \(request)".prefix(40).description
        case .setClockRate, .jumpToNextDeadline: "clock change"
        default: "command"
        }
    }
}
