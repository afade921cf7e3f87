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
        let (transferOptions, headers) = try TransferOptionArguments.parse(args)
        let credentials = try GetCredentials.given(url: url, args: args)
        let lock = try context.acquireLock()
        defer { lock.release() }
        let store = try context.openStore()
        let (id, commands) = try findOrAdd(
            store: store, url: stripped, directory: directory, name: name, options: transferOptions)
        let quiet = args.flag("--quiet") || args.flag("-s")
        let meter = ProgressMeter(mode: quiet ? .off : ProgressMeter.Mode.forStandardError(), id: id)
        let wake = PlainWake()
        let home = context.home
        let engine = InProcessEngine(wake: { wake.signal() }) { publish in
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
            if !headers.isEmpty { options.credentialHeaders[id] = headers }
            if meter.mode != .off { options.onSnapshot = publish }
            return DaemonRuntime(home: home, store: store, options: options)
        }
        for command in commands { _ = engine.send(command, taskID: id) }
        signals.attach { engine.requestStop(reason: StopSignals.name($0)) }
        meter.start()
        var seen: UInt64?
        while true {
            let ended = engine.ended != nil
            if let snapshot = engine.snapshot(newerThan: seen) {
                seen = snapshot.sequence
                meter.show(snapshot)
            }
            if ended { break }
            wake.wait(0.5)
        }
        let outcome: RunOutcome
        do { outcome = try engine.waitForEnd().get() } catch StoreError.diskFull {
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
                task.bytesWritten > 0
                    ? "interrupted at \(ByteFormat.size(task.bytesWritten)); run the same command again to resume"
                    : "interrupted before any data arrived; run the same command again to try again")
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
        case .failed where task.checksumState == .mismatch:
            throw CLIError.checksumMismatch(
                "\(TransferDaemon.printable(task.error ?? "checksum mismatch")); nothing was delivered (\(location))")
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

    /// The unfinished `get` of the same URL into the same place with the same checksum, headers and compression, and
    /// the commands that resume it (a paused or failed one keeps its partial file: the same command continues from
    /// its checkpoint) with the rate limit given now; or a new task's id, reserved here, and the `add` that creates it.
    private static func findOrAdd(
        store: Store, url: String, directory: String, name: String?, options: TransferOptions
    ) throws -> (Int64, [DaemonCommand]) {
        let existing = try store.tasks(session: session, url: url).last {
            $0.destinationDirectory == directory && $0.requestedName == name
                && (!$0.state.isTerminal || ($0.state == .failed && $0.checksumState != .mismatch))
                && sameDownload($0.options, options)
        }
        if let existing {
            var commands: [DaemonCommand] = []
            if existing.options.rateLimit != options.rateLimit {
                commands.append(.setTaskRateLimit(id: existing.id, bytesPerSecond: options.rateLimit))
            }
            if existing.state == .paused || existing.state == .failed { commands.append(.resume(id: existing.id)) }
            return (existing.id, commands)
        }
        let spec = TransferSpec(
            kind: .download, url: url, session: session, name: name, destinationDirectory: directory,
            options: options)
        return (try store.reserveTaskID(), [.add(spec)])
    }

    /// Whether two sets of options ask for the same file (the rate limit aside: it only changes how fast it comes).
    private static func sameDownload(_ a: TransferOptions, _ b: TransferOptions) -> Bool {
        var a = a
        a.rateLimit = b.rateLimit
        return a == b
    }
}
