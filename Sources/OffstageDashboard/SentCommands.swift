import Foundation
import OffstageCore
import OffstageRuntime
import OffstageUI

/// What a dashboard sent its engine and not yet heard back about, so it can tell the engine's refusals.
public struct SentCommands {
    private var waiting: [(ticket: CommandTicket, what: String, launches: Bool)] = []

    /// Nothing sent yet.
    public init() {}

    /// Sends the command an effect stands for (none for `.quit` and `.redrawAll`); a line only when it could not
    /// be sent.
    public mutating func send(_ effect: DashboardEffect, to engine: any EngineClient) -> String? {
        let command: DaemonCommand
        switch effect {
        case .send(let sent): command = sent
        case .setClockRate(let rate): command = .setClockRate(rate)
        case .jumpToNextDeadline: command = .jumpToNextDeadline
        case .quit, .redrawAll: return nil
        }
        do {
            waiting.append((try engine.send(command), Self.describe(command), Self.launches(command)))
        } catch let refusal as EngineClientError {
            return refusal.description
        } catch {
            return "could not send the command: \(error)"
        }
        return nil
    }

    /// The refusals of commands the engine executed since the last call, one line each; and what a command that
    /// launches the app answered when it was not just done (the app crashed as it launched: the key bar's "comes
    /// to the foreground" was not what happened).
    public mutating func refusals(from engine: any EngineClient) -> [String] {
        guard !waiting.isEmpty else { return [] }
        var lines: [String] = []
        waiting = waiting.filter { item in
            switch engine.outcome(of: item.ticket) {
            case nil, .stillPending?: return true
            case .executed(.refused, let result)?:
                lines.append("\(item.what) refused: \(Printable.escape(result))")
                return false
            case .executed(_, let result)?:
                if item.launches, result != "ok" { lines.append("\(item.what): \(Printable.escape(result))") }
                return false
            }
        }
        return lines
    }

    /// Whether the command may launch the app (an open, a relaunch, a BG task launch).
    static func launches(_ command: DaemonCommand) -> Bool {
        switch command {
        case .app(.open), .app(.relaunch), .launchTask: true
        default: false
        }
    }

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
        case .setPlatform(let profile): "platform \(profile.rawValue)"
        default: "command"
        }
    }
}
