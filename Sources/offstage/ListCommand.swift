import Foundation
import OffstageClock
import OffstageCore
import OffstageRuntime
import OffstageStore
import OffstageUI

/// `offstage ls [--json]`: the tasks of the one snapshot (live bytes while an engine runs).
///
/// The tasks come straight from the store a row at a time (`StoreListing`) and the output goes out as it is made:
/// no `Snapshot` of everything, whatever the home's size. A running engine is asked only for the rows it may show
/// otherwise (running tasks, and queued ones whose date has come: `Store.taskIDsWithLiveView`).
enum ListCommand {
    /// How far past now a begin date counts as come when asking the engine (its clock reads a moment later).
    static let dueMargin = 5.0
    /// The most queued tasks whose date has come that the engine is asked for: beyond it (a queue of 100,000 with
    /// no begin date) only the running ones are, and the queued ones show as the store holds them (the engine
    /// could not make 100,000 rows within `ViewSnapshot.timeout`, and would keep their memory after).
    static let dueLimit = 5_000

    static func run(_ raw: [String], context: CLIContext) throws {
        let args = try Arguments(raw, spec: CommandCatalog.ls)
        try args.none()
        // The listing needs no configuration of its own; a broken `config/` must not hide the tasks.
        let configuration = { (try? SchedulerConfig.load(nil, context: context)) ?? .builtIn }
        // Fitted to the terminal when stdout is one; full lines into a pipe or a file.
        let width = TerminalWidth.stdout()
        let json = args.flag("--json")
        var out = BufferedOutput()
        defer { out.flush() }
        guard let store = try context.openStoreForReading() else {
            // A fresh install: no store, no task.
            out.line(json ? "[]" : "no transfers")
            return
        }
        defer { store.close() }
        var live: [Int64: TransferSnapshot] = [:]
        // The engine's clock (it may be warped): countdowns read as the engine counts them.
        var engineNow: Date?
        if InstanceLock.owner(home: context.home) != nil {
            let ids = try store.taskIDsWithLiveView(
                until: SystemTimeSource().now().addingTimeInterval(dueMargin), dueLimit: dueLimit)
            let query = TransferQuery(ids: ids, histories: false)
            if let snapshot = ViewSnapshot.live(home: context.home.path, subscription: .init(transfers: query)) {
                live = Dictionary(snapshot.transfers.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
                engineNow = snapshot.clock.now
            }
        }
        // Asked again: an engine that stopped meanwhile left nothing running (and its rows are gone with it); one
        // that holds the home but did not answer shows the store as it last wrote it.
        let owner = InstanceLock.owner(home: context.home)
        if owner == nil {
            live = [:]
            engineNow = nil
        }
        let now = engineNow ?? SystemTimeSource().now()
        if json {
            var writer = TaskJSONWriter()
            try StoreListing.forEach(
                home: context.home, store: store, configuration: configuration(), now: now, owner: owner, live: live
            ) { out.text(try writer.element($0)) }
            out.line(writer.end)
            return
        }
        var table = TaskTableWriter(width: width, now: now)
        let totals = try StoreListing.forEach(
            home: context.home, store: store, configuration: configuration(), now: now, owner: owner, live: live
        ) { table.add($0) }
        guard table.count > 0 else {
            out.line("no transfers")
            return
        }
        table.write(notRunning: owner == nil ? context.home.path : nil) { out.line($0) }
        let line = TotalsText.line(totals)
        out.line(width.map { TextFit.truncate(line, to: $0) } ?? line)
    }
}

/// Standard output (`StandardStreams`) gathered into writes of about 64 KiB: a listing of 100,000 lines is not
/// 100,000 writes.
struct BufferedOutput {
    private var buffer = ""

    /// Adds `text` and a line break.
    mutating func line(_ text: String) {
        self.text(text)
        self.text("\n")
    }

    /// Adds `text`.
    mutating func text(_ text: String) {
        buffer += text
        if buffer.utf8.count >= 1 << 16 { flush() }
    }

    /// Writes what was gathered.
    mutating func flush() {
        guard !buffer.isEmpty else { return }
        StandardStreams.out(buffer)
        buffer = ""
    }
}
