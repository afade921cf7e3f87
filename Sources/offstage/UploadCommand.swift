import Foundation
import OffstageCore

/// `offstage upload FILE --to URL`: an upload from a file (never from memory), PUT by default.
enum UploadCommand {
    static func run(_ raw: [String], context: CLIContext) throws {
        let args = try Arguments(raw, spec: CommandCatalog.upload)
        let file = try InputValidation.readableFile(try args.single("FILE"))
        guard let target = args.value("--to") else { throw CLIError.usage("upload needs --to URL") }
        let url = try InputValidation.url(target)
        guard !URLCredentials.hasCredentials(url) else {
            throw CLIError.usage("credentials in URLs are never stored; put them in ~/.netrc")
        }
        let method = (args.value("--method") ?? "PUT").uppercased()
        guard method == "PUT" || method == "POST" else { throw CLIError.usage("--method must be PUT or POST") }
        var spec = TransferSpec(kind: .upload, url: url, method: method, uploadPath: file)
        spec.session = args.value("--session") ?? spec.session
        spec.taskDescription = args.value("--description")
        try AddCommand.report(spec, what: "\(method) \(file) to \(URLCredentials.masked(url))", context: context)
    }
}
