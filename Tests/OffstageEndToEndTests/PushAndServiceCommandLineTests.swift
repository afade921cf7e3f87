import Foundation
import OffstageCore
import Testing

@testable import offstage

/// `push`, `android service` and `work foreground`: the requests they build, their usage errors, and the catalog
/// that gives them help, completions and the man page.
@Suite struct PushAndServiceCommandLineTests {
    static func push(_ raw: [String]) throws -> SilentPush {
        try PushCommand.parse(try Arguments(raw, spec: CommandCatalog.push))
    }

    @Test func pushTakesContentAvailableAndAPriority() throws {
        #expect(
            try Self.push(["--content-available"]) == SilentPush(contentAvailable: true, priority: 5))
        #expect(try Self.push([]) == SilentPush(contentAvailable: false, priority: 10))
        #expect(try Self.push(["--priority", "5"]) == SilentPush(contentAvailable: false, priority: 5))
        #expect(
            try Self.push(["--content-available", "--priority", "10"])
                == SilentPush(contentAvailable: true, priority: 10))
        for raw in [["--priority", "7"], ["--priority", "x"], ["extra"], ["--priority"]] {
            #expect(throws: (any Error).self, "\(raw)") { try Self.push(raw) }
        }
    }

    @Test func androidServiceAndWorkForeground() throws {
        #expect(
            try AndroidCommand.parse(["service", "start", "sync"]).0
                == .startBackgroundService(name: "sync"))
        #expect(
            try AndroidCommand.parse(["service", "stop", "sync"]).0
                == .stopBackgroundService(name: "sync"))
        for raw in [
            ["service"], ["service", "start"], ["service", "go", "x"], ["service", "start", "a", "b"],
        ] {
            #expect(throws: (any Error).self, "\(raw)") { try AndroidCommand.parse(raw) }
        }
        #expect(
            try WorkCommandLine.parse(["foreground", "upload", "--text", "Uploading"])
                == .foreground(name: "upload", notification: "Uploading"))
        #expect(
            try WorkCommandLine.parse(["foreground", "upload"])
                == .foreground(name: "upload", notification: "upload running"))
        #expect(throws: (any Error).self) {
            try WorkCommandLine.parse(["run", "upload", "--text", "x"])
        }
    }

    @Test func theCatalogListsTheNewCommands() {
        #expect(CommandCatalog.command(named: "push") != nil)
        #expect(CommandCatalog.android.subcommands.contains { $0.name == "service" })
        #expect(CommandCatalog.work.subcommands.contains { $0.name == "foreground" })
        #expect(CommandCatalog.device.subcommands.contains { $0.name == "low-data" })
    }
}
