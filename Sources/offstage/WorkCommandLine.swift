import Foundation
import OffstageCore

/// What an `offstage work …` line asks for, parsed without touching the home (`WorkCommandLine.parse`).
enum WorkCommandLine: Equatable {
    /// `work enqueue`: the request as WorkManager would build it, and the warnings for what it coerced.
    case enqueue(WorkEnqueue, warnings: [String])
    /// `work ls [--json]`.
    case list(json: Bool)
    /// `work cancel …`.
    case cancel(WorkSelector)
    /// `work run NAME`.
    case run(name: String)

    /// `work foreground NAME [--text T]`: the running worker calls `setForegroundAsync`.
    case foreground(name: String, notification: String)

    /// The daemon command the line sends (nil for `ls`, which only reads).
    var command: DaemonCommand? {
        switch self {
        case .enqueue(let request, _): .android(.enqueue(request))
        case .list: nil
        case .cancel(let selector): .android(.cancel(selector))
        case .run(let name): .android(.run(name: name))
        case .foreground(let name, let text): .android(.setForeground(name: name, notification: text))
        }
    }

    /// The verbs and the options each takes (canonical names); `--config` goes with every verb.
    static let verbs: [String: Set<String>] = [
        "enqueue": Set(CommandCatalog.workEnqueueOptions.map(\.canonical)),
        "ls": ["--json"],
        "cancel": ["--tag", "--id", "--all"],
        "run": [],
        "foreground": ["--text"],
    ]

    /// Parses `offstage work` arguments: one verb, its operands and only the options it takes; every number and
    /// name is checked here, and WorkManager's refusals are usage errors with WorkManager's message.
    static func parse(_ raw: [String]) throws -> WorkCommandLine {
        let args = try Arguments(raw, spec: CommandCatalog.work)
        guard let verb = args.positionals.first else {
            throw CLIError.usage(
                "offstage work takes a verb: enqueue, ls, cancel, run or foreground (see offstage work --help)")
        }
        guard let allowed = verbs[verb] else {
            throw CLIError.usage(
                "unknown work command \(TransferDaemon.printable(verb)): enqueue, ls, cancel, run or foreground")
        }
        if let stray = args.given.subtracting(allowed).subtracting(["--config"]).sorted().first {
            throw CLIError.usage("\(stray) does not apply to offstage work \(verb)")
        }
        let operands = Array(args.positionals.dropFirst())
        switch verb {
        case "ls":
            guard operands.isEmpty else { throw CLIError.usage("offstage work ls takes no arguments") }
            return .list(json: args.flag("--json"))
        case "cancel":
            return .cancel(try selector(args, operands: operands))
        case "run":
            return .run(name: try WorkName.validated(try one(operands, verb: "run")))
        case "foreground":
            let name = try WorkName.validated(try one(operands, verb: "foreground"))
            let text = try args.value("--text").map {
                try WorkName.validated($0, what: "the notification's text")
            }
            return .foreground(name: name, notification: text ?? "\(name) running")
        default:
            let name = try WorkName.validated(try one(operands, verb: "enqueue"))
            let (request, warnings) = try WorkEnqueueParser.parse(args, name: name)
            return .enqueue(request, warnings: warnings)
        }
    }

    /// The single operand NAME of `verb`, or a usage error.
    private static func one(_ operands: [String], verb: String) throws -> String {
        guard operands.count == 1 else {
            throw CLIError.usage(
                operands.isEmpty
                    ? "offstage work \(verb) needs a NAME"
                    : "offstage work \(verb) takes one NAME, not \(operands.count) words")
        }
        return operands[0]
    }

    /// `cancel NAME`, `cancel --tag T`, `cancel --id ID` or `cancel --all`: exactly one of them.
    private static func selector(_ args: Arguments, operands: [String]) throws -> WorkSelector {
        var choices: [WorkSelector] = []
        if operands.count > 1 { throw CLIError.usage("offstage work cancel takes one NAME") }
        if let name = operands.first { choices.append(.name(try WorkName.validated(name))) }
        let tags = args.values("--tag")
        if tags.count > 1 { throw CLIError.usage("offstage work cancel takes one --tag") }
        if let tag = tags.first { choices.append(.tag(try WorkName.validated(tag, what: "a tag"))) }
        if let id = args.value("--id") { choices.append(.id(try WorkName.validated(id, what: "a work id"))) }
        if args.flag("--all") { choices.append(.all) }
        guard choices.count == 1, let choice = choices.first else {
            throw CLIError.usage("offstage work cancel takes one of NAME, --tag T, --id ID or --all")
        }
        return choice
    }
}

/// Work names, tags and ids as typed: printable text (no control characters, ESC or bidi overrides).
enum WorkName {
    /// `text`, or a usage error naming `what` it should have been.
    static func validated(_ text: String, what: String = "a work name") throws -> String {
        guard !text.isEmpty, text.count <= 200, !text.unicodeScalars.contains(where: FileNameSanitizer.isForbidden)
        else {
            throw CLIError.usage(
                "\(what) is printable text of 1 to 200 characters, not \(TransferDaemon.printable(text))")
        }
        return text
    }
}

/// `offstage work enqueue NAME [OPTIONS]` as a `WorkEnqueue`, checked where each value enters.
enum WorkEnqueueParser {
    /// The worker when none is given: simulated work that takes 10 s and succeeds.
    static let defaultWorker = WorkerKind.simulated(seconds: 10, result: .success)

    /// The request `args` describe for the work `name`, coerced as WorkManager coerces it, and the warnings.
    /// Malformed values and what WorkManager refuses are usage errors (WorkManager's message for the latter).
    static func parse(_ args: Arguments, name: String) throws -> (WorkEnqueue, warnings: [String]) {
        var spec = WorkRequestSpec(worker: try worker(args))
        if let text = args.value("--periodic") {
            let interval = try InputValidation.duration(text, option: "--periodic")
            // `PeriodicWorkRequest.Builder(interval)`: without a flex, the flex is the whole (coerced) interval.
            let whole = max(interval, WorkRequestSpec.minimumInterval)
            let flex = try args.value("--flex").map { try InputValidation.duration($0, option: "--flex") } ?? whole
            spec.kind = .periodic(PeriodicSchedule(interval: interval, flex: flex))
        } else if args.value("--flex") != nil {
            throw CLIError.usage("--flex applies to periodic work only (with --periodic DUR)")
        }
        if let text = args.value("--delay") {
            spec.initialDelay = try InputValidation.duration(text, option: "--delay")
        }
        spec.constraints = try constraints(args)
        if let text = args.value("--backoff") { spec.backoff = try backoff(text) }
        spec.tags = try args.values("--tag").map { try WorkName.validated($0, what: "a tag") }
        if args.flag("--expedited") {
            spec.expedited = try outOfQuota(args.value("--out-of-quota"))
        } else if args.value("--out-of-quota") != nil {
            throw CLIError.usage("--out-of-quota applies to expedited work only (with --expedited)")
        }
        let after = try args.values("--after").map { try WorkName.validated($0, what: "an --after name") }
        let policy = try args.value("--unique").map(policy)
        let validated: (spec: WorkRequestSpec, warnings: [String])
        do {
            validated = try spec.validated()
        } catch {
            throw CLIError.usage(error.message)
        }
        // What `WorkManager` itself refuses at enqueue, in the model's words (WorkManagerModel+Enqueue).
        if spec.isPeriodic && !after.isEmpty {
            throw CLIError.usage("PeriodicWorkRequests cannot be part of a chain")
        }
        if let policy, spec.isPeriodic, !policy.appliesToPeriodic {
            throw CLIError.usage(
                "\(policy.rawValue) is not an ExistingPeriodicWorkPolicy (KEEP, UPDATE, CANCEL_AND_REENQUEUE)")
        }
        if let policy, !spec.isPeriodic, !policy.appliesToOneTime {
            throw CLIError.usage(
                "\(policy.rawValue) is not an ExistingWorkPolicy (KEEP, REPLACE, APPEND, APPEND_OR_REPLACE)")
        }
        let request = WorkEnqueue(spec: validated.spec, name: name, policy: policy, after: after)
        return (request, validated.warnings)
    }

    /// `--shell CMD`, `--download URL` or `--simulate DUR[:success|failure|retry]`: at most one.
    static func worker(_ args: Arguments) throws -> WorkerKind {
        let given = ["--shell", "--download", "--simulate"].filter { args.value($0) != nil }
        guard given.count <= 1 else {
            throw CLIError.usage("give one worker: " + given.joined(separator: ", ") + " were all given")
        }
        if let command = args.value("--shell") {
            guard !command.trimmingCharacters(in: .whitespaces).isEmpty, !command.contains("\0") else {
                throw CLIError.usage("--shell needs a command")
            }
            return .shell(command)
        }
        if let url = args.value("--download") { return .download(try InputValidation.storableURL(url)) }
        guard let text = args.value("--simulate") else { return defaultWorker }
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let seconds = try InputValidation.duration(parts[0], option: "--simulate")
        guard parts.count == 2 else { return .simulated(seconds: seconds, result: .success) }
        guard let result = WorkResult(rawValue: parts[1].lowercased()) else {
            throw CLIError.usage(
                "--simulate ends in :success, :failure or :retry, not :\(TransferDaemon.printable(parts[1]))")
        }
        return .simulated(seconds: seconds, result: result)
    }

    /// The network types `--network` takes (not-required is the default, so it is not typed).
    static let networks: [WorkNetworkType] = [.connected, .unmetered, .notRoaming, .metered]

    /// `--network` and the constraint flags.
    static func constraints(_ args: Arguments) throws -> WorkConstraints {
        var constraints = WorkConstraints(
            requiresCharging: args.flag("--charging"), requiresBatteryNotLow: args.flag("--battery-not-low"),
            requiresDeviceIdle: args.flag("--idle"), requiresStorageNotLow: args.flag("--storage-not-low"))
        if let text = args.value("--network") {
            guard let network = WorkNetworkType(rawValue: text.lowercased()), networks.contains(network) else {
                throw CLIError.usage(
                    "--network is connected, unmetered, not-roaming or metered, not \(TransferDaemon.printable(text))")
            }
            constraints.network = network
        }
        return constraints
    }

    /// `linear`, `exponential`, `linear:DUR` or `exponential:DUR` (the base delay; default 30 s).
    static func backoff(_ text: String) throws -> BackoffCriteria {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard let policy = BackoffPolicy(rawValue: parts[0].uppercased()) else {
            throw CLIError.usage(
                "--backoff is linear or exponential, optionally :DUR, not \(TransferDaemon.printable(text))")
        }
        guard parts.count == 2 else { return BackoffCriteria(policy: policy) }
        return BackoffCriteria(policy: policy, delay: try InputValidation.duration(parts[1], option: "--backoff"))
    }

    /// `--out-of-quota run-as-non-expedited|drop` (default run-as-non-expedited).
    static func outOfQuota(_ text: String?) throws -> OutOfQuotaPolicy {
        switch text?.lowercased() {
        case nil, "run-as-non-expedited": return .runAsNonExpedited
        case "drop": return .drop
        default:
            throw CLIError.usage(
                "--out-of-quota is run-as-non-expedited or drop, not \(TransferDaemon.printable(text ?? ""))")
        }
    }

    /// `--unique POLICY`, in any case.
    static func policy(_ text: String) throws -> ExistingWorkPolicy {
        guard let policy = ExistingWorkPolicy(rawValue: text.uppercased()) else {
            let names = ExistingWorkPolicy.allCases.map(\.rawValue).joined(separator: ", ")
            throw CLIError.usage("--unique is one of \(names), not \(TransferDaemon.printable(text))")
        }
        return policy
    }
}
