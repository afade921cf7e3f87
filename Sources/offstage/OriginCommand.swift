import Foundation
import OffstageOrigin

/// `offstage origin [--port P] [--rate R] [--root DIR] [--host H]`: the local test origin, loopback by default.
enum OriginCommand {
    static func run(_ raw: [String]) throws {
        let signals = StopSignals()
        defer { signals.cancel() }  // held to the end: until then every signal is the command's
        let args = try Arguments(raw, spec: CommandCatalog.origin)
        try args.none()
        var configuration = OriginConfiguration()
        configuration.host = args.value("--host") ?? configuration.host
        configuration.port = UInt16(try args.integer("--port", in: 0...65535) ?? 0)
        configuration.root = try args.value("--root").map {
            try InputValidation.readableDirectory($0, option: "--root")
        }
        configuration.uploadDirectory = try args.value("--uploads").map {
            try InputValidation.readableDirectory($0, option: "--uploads")
        }
        if let text = args.value("--rate") {
            guard let rate = OriginServer.parseSize(text), rate > 0, rate <= Int64(Int.max) else {
                throw CLIError.usage("--rate needs bytes per second such as 500k or 2m, not \(text)")
            }
            configuration.defaultRate = Int(rate)
        }
        let server = OriginServer(configuration: configuration)
        do {
            try server.start()
        } catch {
            throw CLIError.failed("cannot start the origin: \(error)")
        }
        say("offstage origin serving \(server.baseURL)")
        say("  /gen/<size>[?seed=S]   deterministic content, e.g. \(server.baseURL)/gen/20m")
        if let root = configuration.root { say("  /files/<name>          files from \(root)") }
        say(
            "  /upload/<name>         PUT or POST; answers with the SHA-256 (stored in \(server.uploadDirectory ?? "?")"
                + (configuration.uploadDirectory == nil ? ", removed when the origin stops)" : ")")
        )
        let parameters = OriginServer.queryParameters.map { "?" + $0.name }.joined(separator: " ")
        say("  query parameters (offstage origin --help says what each does): \(parameters)")
        say("press Ctrl-C to stop")
        let stopped = DispatchSemaphore(value: 0)
        signals.attach { _ in stopped.signal() }
        stopped.wait()
        server.stop()
    }
}
