import Foundation
import OffstageCore
import OffstageHTTP
import OffstageRuntime
import OffstageStore
import OffstageUI

/// `offstage get URL [-o PATH] [--create-dirs] [--netrc-file FILE] [--user NAME --password-stdin]`: one download
/// in the foreground through the same engine and store.
///
/// The task lives in the home's store like any other, so after a kill the same command finds
/// it and resumes from the last checkpoint. Credentials in the URL stay in this process's memory.
enum GetCommand {
    static let session = "com.offstage.get"

    static func run(_ raw: [String], context: CLIContext) throws {
        // Signals are caught from the start; one that comes before the runtime exists is handed to it.
        let signals = StopSignals()
        defer { signals.cancel() }  // held to the end: until then every signal is the command's
        let args = try Arguments(raw, spec: CommandCatalog.get)
        let url = try InputValidation.url(try args.single("URL"))
        // Every argument is checked before anything is stored: a refused command changes nothing.
        let retries = try args.integer("--retry", in: 0...100)
        let stripped = URLCredentials.stripped(url)
        let target = try OutputTarget.resolve(
            args.value("-o") ?? args.value("--output"), workingDirectory: FileManager.default.currentDirectoryPath,
            createDirectories: args.flag("--create-dirs"))
        let (directory, name) = (target.directory, target.name)
        let netrcFile = try args.value("--netrc-file").map(GetCredentials.netrcFile)
        let credentials = try GetCredentials.given(url: url, args: args)
        let lock = try context.acquireLock()
        defer { lock.release() }
        let store = try context.openStore()
        let id = try findOrAdd(store: store, url: stripped, directory: directory, name: name)
        var options = RuntimeOptions()
        options.focus = [id]
        // `-o FILE` replaces a file already there, as curl does; into a directory, a taken name gets ` (1)`.
        if name != nil { options.replacesExisting = [id] }
        options.configureEngine = { configuration in
            EngineDefaults.apply(&configuration)
            if let netrcFile { configuration.netrcFile = netrcFile }
        }
        if let retries { options.retryPolicy.maxAttempts = retries + 1 }
        options.transferTimings = EngineDefaults.timings()
        if let credentials { options.credentials[id] = credentials }
        let quiet = args.flag("--quiet") || args.flag("-s")
        let meter = ProgressMeter(mode: quiet ? .off : ProgressMeter.Mode.forStandardError(), id: id)
        if meter.mode != .off { options.onSnapshot = { meter.show($0) } }
        let runtime = DaemonRuntime(home: context.home, store: store, options: options)
        let stopper = runtime.stopper
        signals.attach { stopper.requestShutdown(reason: StopSignals.name($0)) }
        let outcome: RunOutcome
        meter.start()
        do { outcome = try runtime.run() } catch StoreError.diskFull {
            meter.finish()
            let size = PartFiles.size(of: context.home.partPath(taskID: id))
            throw CLIError.diskFull(DiskFullText.getStopped(name: name ?? displayName(url: stripped), kept: size))
        } catch {
            meter.finish()
            throw CLIContext.translate(error)
        }
        meter.finish()
        guard let task = try store.task(id: id) else { throw CLIError.failed("task \(id) vanished from the store") }
        if case .interrupted = outcome {
            throw CLIError.interrupted(
                "interrupted at \(ByteFormat.size(task.bytesWritten)); run the same command again to resume")
        }
        try conclude(task)
    }

    /// Reports the end of the download: the path on stdout, or one line on stderr with the right exit code.
    private static func conclude(_ task: TransferTask) throws {
        let location = URLCredentials.masked(task.url)
        switch task.state {
        case .completed:
            print(task.deliveredPath ?? "")
        case .paused where task.isPausedForFullDisk:
            let name = FileNameSanitizer.downloadName(
                requested: task.requestedName, suggested: task.suggestedName, url: task.url)
            throw CLIError.diskFull(DiskFullText.getStopped(name: name, kept: task.bytesWritten))
        case .failed:
            throw CLIError.failed("\(TransferDaemon.printable(task.error ?? "failed")) (\(location))")
        default:
            throw CLIError.failed("task \(task.id) stopped while \(task.state.rawValue) (\(location))")
        }
    }

    /// What to call the download before the server named it: the URL's name.
    private static func displayName(url: String) -> String {
        FileNameSanitizer.downloadName(requested: nil, suggested: nil, url: url)
    }

    /// The unfinished `get` of the same URL into the same place, resumed; or a new one.
    private static func findOrAdd(store: Store, url: String, directory: String, name: String?) throws -> Int64 {
        let existing = try store.loadTasks().last {
            $0.session == session && $0.url == url && $0.destinationDirectory == directory && $0.requestedName == name
                && (!$0.state.isTerminal || $0.state == .failed)
        }
        if let existing {
            // A paused or failed download keeps its partial file: the same command continues from its checkpoint.
            if existing.state == .paused || existing.state == .failed {
                _ = try store.enqueue(.resume(id: existing.id), now: Date())
            }
            return existing.id
        }
        let spec = TransferSpec(
            kind: .download, url: url, session: session, name: name, destinationDirectory: directory)
        return try store.enqueueAdd(spec, now: Date()).task
    }
}
