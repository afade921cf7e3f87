import Foundation
import OffstageCore
import OffstageUI

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

    /// The daemon command the line sends (nil for `ls`, which only reads).
    var command: DaemonCommand? {
        switch self {
        case .enqueue(let request, _): .android(.enqueue(request))
        case .list: nil
        case .cancel(let selector): .android(.cancel(selector))
        case .run(let name): .android(.run(name: name))
        }
    }

    /// The verbs and the options each takes (canonical names); `--config` goes with every verb.
    static let verbs: [String: Set<String>] = [
        "enqueue": Set(CommandCatalog.workEnqueueOptions.map(\.canonical)),
        "ls": ["--json"],
        "cancel": ["--tag", "--id", "--all"],
        "run": [],
    ]

    /// Parses `offstage work` arguments: one verb, its operands and only the options it takes; every number and
    /// name is checked here, and WorkManager's refusals are usage errors with WorkManager's message.
    static func parse(_ raw: [String]) throws -> WorkCommandLine {
        let args = try Arguments(raw, spec: CommandCatalog.work)
        guard let verb = args.positionals.first else {
            throw CLIError.usage("offstage work takes a verb: enqueue, ls, cancel or run (see offstage work --help)")
        }
        guard let allowed = verbs[verb] else {
            throw CLIError.usage(
                "unknown work command \(TransferDaemon.printable(verb)): enqueue, ls, cancel or run")
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
