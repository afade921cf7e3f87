import Foundation
import OffstageCore
import OffstageStore

/// `offstage ls [--json]`.
enum ListCommand {
    static func run(_ raw: [String], context: CLIContext) throws {
        let args = try Arguments(raw, flags: ["--json"])
        try args.none()
        guard let store = try context.openStoreForReading() else {
            print(args.flag("--json") ? "[]" : "no transfers")
            return
        }
        var listing = try TaskListing(store: store, defaultDirectory: context.home.documentsDirectory)
        listing.engineRuns = context.engineRuns
        print(args.flag("--json") ? try listing.json() : listing.table(home: context.home.path))
    }
}
