import Foundation

/// One downloader under test and how to invoke it so that it writes a new file each run.
struct DownloadTool: Sendable {
    /// The short name in the table ("curl", "offstage", …).
    let name: String
    /// The executable's absolute path.
    let executable: String

    /// A run's command line, where it writes, and what to delete afterwards.
    struct Invocation {
        var argv: [String]
        var output: String
        var scratch: [String]
    }

    /// The command line for downloading `url` into `outputDirectory`; `runNumber` makes fresh offstage homes.
    func invocation(url: String, outputDirectory: String, homesDirectory: String, runNumber: Int) -> Invocation {
        let output = "\(outputDirectory)/\(name).bin"
        switch name {
        case "offstage":
            // A fresh home each run: a new store, no task to resume.
            let home = "\(homesDirectory)/home-\(runNumber)"
            return Invocation(
                argv: [executable, "--home", home, "get", url, "-o", output], output: output, scratch: [output, home])
        case "wget":
            return Invocation(argv: [executable, "-q", "-O", output, url], output: output, scratch: [output])
        case "aria2c":
            return Invocation(
                argv: [
                    executable, "-q", "-x1", "--file-allocation=none", "--allow-overwrite=true", "-d", outputDirectory,
                    "-o", "aria2c.bin", url,
                ],
                output: output, scratch: [output, output + ".aria2"])
        default:
            return Invocation(argv: [executable, "-s", "-o", output, url], output: output, scratch: [output])
        }
    }
}
