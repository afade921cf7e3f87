import Foundation
import OffstageCore

/// The transfer commands: `add`, `upload`, `get`, `run`, `ls`, `events`, `pause`, `resume`, `cancel`, `clean`, `session`.
extension CommandCatalog {
    /// `offstage add URL …`.
    static let add = CommandSpec(
        name: "add", positionals: "URL", summary: "queue a download for the running (or next) engine",
        options: [
            .option(
                "-i", "--input-file", value: "FILE",
                help: "one download per line of FILE, all or none (- is standard input)"),
            .option("--name", value: "NAME", help: "the file name to deliver under (else the server's or the URL's)"),
            .option("--dir", value: "DIR", help: "the folder to deliver into (else HOME/Documents)"),
            .flag("--create-dirs", help: "create --dir if it does not exist (0700)"),
            .option("--session", value: "ID", help: "the background session the task belongs to"),
            .option("--description", value: "TEXT", help: "the task's description, shown by ls and the dashboard"),
            .flag("--discretionary", help: "let the system pick the time (a discretionary task)"),
            .option("--begin-after", value: "DUR", help: "earliest begin, from now (30s, 10m, 2h, 1d; at most 3650d)"),
            .option("--priority", value: "P", help: "the task's priority, a number from 0 to 1"),
        ] + transferOptions,
        notes: [
            "Authorization, Cookie and Proxy-Authorization headers are credentials and never stored: add refuses them "
                + "(give them to offstage get, which keeps them in memory, or keep the password in ~/.netrc)."
        ])

    /// The options `add` and `get` share: a rate limit, a checksum, headers, compression.
    static let transferOptions: [OptionSpec] = [
        .option(
            "--limit-rate", value: "RATE",
            help: "at most RATE bytes a second (500k, 2m, 1g: 1024-based, as curl's; 1k to 1t)"),
        .option(
            "--checksum", value: "ALGO=HEX",
            help: "deliver only if the file has this digest (sha-256, sha-512, sha-1, md5)"),
        .option("-H", "--header", value: "HEADER", help: "send 'Name: value' with every request (repeatable)"),
        .flag("--compressed", help: "ask for a compressed response and deliver the decoded bytes"),
    ]

    /// `offstage upload FILE --to URL …`.
    static let upload = CommandSpec(
        name: "upload", positionals: "FILE", summary: "queue an upload from a file (PUT by default)",
        options: [
            .option("--to", value: "URL", help: "where to upload (required)"),
            .option("--method", value: "PUT|POST", help: "the HTTP method (default PUT)"),
            .option("--session", value: "ID", help: "the background session the task belongs to"),
            .option("--description", value: "TEXT", help: "the task's description, shown by ls and the dashboard"),
        ])

    /// `offstage get URL …`.
    static let get = CommandSpec(
        name: "get", positionals: "URL",
        summary: "one download in the foreground, curl-like; run it again after a kill to resume",
        options: [
            .option("-o", "--output", value: "PATH", help: "the file to write, or a folder to write into (DIR/, .)"),
            .flag("--create-dirs", help: "create the missing folders of -o PATH (0700)"),
            .option(
                "--retry", value: "N",
                help: "retry a transient failure up to N times (0 to 100; default \(RetryPolicy().maxAttempts - 1))"),
            .option("--netrc-file", value: "FILE", help: "read credentials from FILE instead of ~/.netrc"),
            .option("-u", "--user", value: "NAME", help: "the user name to send (with --password-stdin)"),
            .flag("--password-stdin", help: "read the password from the first line of standard input"),
            .flag("-s", "--quiet", help: "no progress meter on stderr"),
        ] + transferOptions,
        notes: [
            "Prints the delivered file's path. Credentials in the URL, and Authorization, Cookie and "
                + "Proxy-Authorization headers, stay in this process's memory and go to the URL's origin only "
                + "(never to another after a redirect).",
            "With --checksum, a file whose digest differs is not delivered and its partial file is removed: "
                + "\"checksum mismatch: expected …, got …\" and exit status \(CLIError.checksumMismatchStatus).",
            "Without --compressed, Offstage asks for identity encoding; a server that encodes anyway is saved as it "
                + "sent it, and ls says so (gzip-encoded).",
            retryNote(RetryPolicy()),
        ])

    /// What `get` does by default with a transient failure, from the policy itself: `… retried 7 times, after waits
    /// of 1 s doubling to 64 s (with jitter, 64 to 127 s in all, about 95 s) …`.
    static func retryNote(_ policy: RetryPolicy) -> String {
        let retries = max(0, policy.maxAttempts - 1)
        let waits = (1...max(1, retries)).map { min(policy.maxDelay, policy.baseDelay * pow(2, Double($0 - 1))) }
        let most = retries > 0 ? waits.reduce(0, +) : 0
        func seconds(_ value: Double) -> String { "\(Clamped.int(value.rounded())) s" }
        let times = retries == 1 ? "once" : "\(retries) times"
        let statuses = RetryPolicy.transientStatuses.map(String.init)
        let listed = statuses.dropLast().joined(separator: ", ") + " or " + (statuses.last ?? "")
        return "A transient failure (a lost connection, a stall, HTTP \(listed)) is retried \(times) by default, "
            + "after waits of \(seconds(policy.baseDelay)) doubling to \(seconds(waits.last ?? policy.baseDelay)): "
            + "\(seconds(most / 2)) to \(seconds(most)) in all with jitter, about \(seconds(most * 0.75)). A "
            + "server's Retry-After is honoured up to \(TransferDaemon.duration(policy.retryAfterCap)). --retry 0 gives up at the first failure."
    }

    /// `offstage run …`.
    static let run = CommandSpec(
        name: "run", summary: "the engine and the BG task scheduler without a dashboard, printing the event log",
        options: [
            .flag("--until-idle", help: "stop once nothing is left to do"),
            .flag("--quiet", help: "do not print the event log"),
            .option(
                "--on-complete", value: "CMD",
                help: "after each delivery or failure, run CMD with /bin/sh -c (the task in OFFSTAGE_* variables)"),
            config,
            .option("--warp", value: "N", help: "run the clock N times faster (1 to 10000)"),
        ])

    /// `offstage limit [RATE|off] [--task ID]`.
    static let limit = CommandSpec(
        name: "limit", positionals: "[RATE|off]",
        summary: "show or set the bandwidth limit of every transfer together (or of one), applied at once",
        options: [.option("--task", value: "ID", help: "limit this transfer only (see ls for IDs)")],
        notes: [
            "RATE is bytes a second as curl's --limit-rate spells it: 500k, 2m, 1g (1024-based), 1k to 1t. The "
                + "engine-wide limit is shared by the running transfers, is kept across restarts, and reaches "
                + "running transfers at once; a transfer's own limit (--task, or add/get --limit-rate) applies "
                + "too, whichever is lower."
        ])

    /// `offstage ls`.
    static let ls = CommandSpec(
        name: "ls", aliases: ["list"], summary: "transfers and their state",
        options: [.flag("--json", help: "print JSON")])

    /// `offstage events`.
    static let events = CommandSpec(
        name: "events", summary: "the event log",
        options: [
            .flag("--json", help: "print JSON"),
            .option("--limit", value: "N", help: "the newest N events (1 to 1000000, default 200)"),
        ])

    /// `offstage pause ID`.
    static let pause = CommandSpec(name: "pause", positionals: "ID", summary: "pause a transfer (see ls for IDs)")

    /// `offstage resume ID`.
    static let resume = CommandSpec(name: "resume", positionals: "ID", summary: "resume a paused transfer")

    /// `offstage cancel ID`.
    static let cancel = CommandSpec(
        name: "cancel", positionals: "ID", summary: "cancel a transfer (a failed one's partial file is removed too)")

    /// `offstage clean [--dry-run]`.
    static let clean = CommandSpec(
        name: "clean", positionals: "",
        summary: "remove the partial files of failed and cancelled tasks",
        options: [.flag("--dry-run", help: "say what would be removed, remove nothing")])

    /// `offstage session [ID …]`.
    static let session = CommandSpec(
        name: "session", positionals: "[ID]",
        summary: "list the sessions, or create or reconfigure session ID with Apple's settings",
        options: [
            .option(
                "--discretionary", value: "on|off", help: "isDiscretionary: the system picks the time of its transfers"),
            .option(
                "--launch-events", value: "on|off", help: "sessionSendsLaunchEvents: relaunch the app for its events"),
            .option("--timeout-request", value: "DUR", help: "timeoutIntervalForRequest (30s, 10m, 2h, 1d)"),
            .option("--timeout-resource", value: "DUR", help: "timeoutIntervalForResource (30s, 10m, 2h, 1d)"),
            .option("--max-connections", value: "N", help: "httpMaximumConnectionsPerHost (1 to 64)"),
            .option("--cellular", value: "on|off", help: "allowsCellularAccess"),
            .option("--expensive", value: "on|off", help: "allowsExpensiveNetworkAccess"),
            .option("--constrained", value: "on|off", help: "allowsConstrainedNetworkAccess"),
        ])
}
