import OffstageCore

/// `--limit-rate`, `--checksum`, `-H` and `--compressed`, as `add` and `get` read them: every value checked before
/// anything is stored, each refusal one line.
enum TransferOptionArguments {
    /// The options given, and the credential headers among the `-H` values (their values are never stored: the
    /// options keep their names only).
    static func parse(_ args: Arguments) throws -> (options: TransferOptions, credentials: [RequestHeader]) {
        var options = TransferOptions()
        do {
            if let text = args.value("--limit-rate") {
                options.rateLimit = try RateLimit.parse(text, what: "--limit-rate")
            }
        } catch {
            throw CLIError.usage(error.reason)
        }
        if let text = args.value("--checksum") {
            switch Checksum.parse(text) {
            case .success(let checksum): options.checksum = checksum
            case .failure(let refusal): throw CLIError.usage(refusal.reason)
            }
        }
        var credentials: [RequestHeader] = []
        for text in args.values("-H") {
            switch RequestHeader.parse(text) {
            case .success(let header) where header.isCredential: credentials.append(header)
            case .success(let header): options.headers.append(header)
            case .failure(let refusal): throw CLIError.usage("-H: \(refusal.reason)")
            }
        }
        if let problem = RequestHeader.problem(in: options.headers + credentials) {
            throw CLIError.usage("-H: \(problem)")
        }
        options.credentialHeaders = credentials.map(\.name)
        options.compressed = args.flag("--compressed")
        return (options, credentials)
    }
}
