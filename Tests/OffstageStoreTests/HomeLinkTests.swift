import Foundation
import OffstageTestSupport
import Testing

@testable import OffstageStore

@Suite("Homes under links, linked and emptied stores")
struct HomeLinkTests {
    @Test("a home under a symlinked parent opens, resolved to its real path")
    func homeUnderALinkedParentOpens() throws {
        try withScratchFolder(prefix: "offstage-links") { base in
            try FileManager.default.createDirectory(atPath: base + "/real", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: base + "/link", withDestinationPath: base + "/real")
            let home = OffstageHome(path: base + "/link/home")
            #expect(home.path == base + "/real/home")
            let store = try Store.open(home: home)
            _ = try store.integrityCheck()
            store.close()
            #expect(FileManager.default.fileExists(atPath: base + "/real/home/offstage.db"))
            // Opened again through the link, it is the same store.
            let again = try Store.open(home: OffstageHome(path: base + "/link/home"))
            #expect(try again.integrityCheck() == "ok")
            again.close()
        }
    }

    @Test("a home that is itself a link to a directory opens")
    func linkedHomeOpens() throws {
        try withScratchFolder(prefix: "offstage-links") { base in
            try FileManager.default.createDirectory(atPath: base + "/real", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: base + "/home", withDestinationPath: base + "/real")
            let store = try Store.open(home: OffstageHome(path: base + "/home"))
            store.close()
            #expect(FileManager.default.fileExists(atPath: base + "/real/offstage.db"))
        }
    }

    @Test("a store that is a symlink is refused with a sentence and left alone")
    func linkedStoreIsRefused() throws {
        try withScratchFolder(prefix: "offstage-links") { base in
            let home = OffstageHome(path: base + "/home")
            let elsewhere = OffstageHome(path: base + "/elsewhere")
            try Store.open(home: elsewhere).close()
            try home.prepare()
            try FileManager.default.createSymbolicLink(
                atPath: home.databasePath, withDestinationPath: elsewhere.databasePath)
            let before = contents(elsewhere.databasePath)
            let error = #expect(throws: StoreError.self) { try Store.open(home: home) }
            #expect(error == .symlink(home.databasePath))
            #expect(error?.description.contains("is a symbolic link") == true)
            #expect(error?.description.contains("database error") == false)
            #expect(contents(elsewhere.databasePath) == before)
            #expect(throws: StoreError.symlink(home.databasePath)) { try Store.open(home: home, readOnly: true) }
        }
    }

    @Test("a symlinked WAL beside the store is refused with a sentence")
    func linkedWALIsRefused() throws {
        try withTemporaryHome { home in
            try Store.open(home: home).close()
            try? FileManager.default.removeItem(atPath: home.databasePath + "-wal")
            try FileManager.default.createSymbolicLink(
                atPath: home.databasePath + "-wal", withDestinationPath: home.path + "/elsewhere")
            #expect(throws: StoreError.symlink(home.databasePath + "-wal")) { try Store.open(home: home) }
            #expect(!FileManager.default.fileExists(atPath: home.path + "/elsewhere"))
        }
    }

    @Test("a symlinked lock file is refused with a sentence")
    func linkedLockIsRefused() throws {
        try withScratchFolder(prefix: "offstage-links") { base in
            let home = OffstageHome(path: base + "/home")
            try home.prepare()
            try FileManager.default.createSymbolicLink(
                atPath: home.databasePath + ".lock", withDestinationPath: base + "/elsewhere.lock")
            #expect(throws: StoreError.symlink(home.databasePath + ".lock")) { try Store.open(home: home) }
            try FileManager.default.createSymbolicLink(atPath: home.lockPath, withDestinationPath: base + "/x")
            #expect(throws: StoreError.symlink(home.lockPath)) { try InstanceLock.acquire(home: home) }
            #expect(!FileManager.default.fileExists(atPath: base + "/elsewhere.lock"))
        }
    }

    @Test("a parts folder that is a symlink is refused; a linked Documents folder is the user's choice")
    func linkedPartsAreRefused() throws {
        try withScratchFolder(prefix: "offstage-links") { base in
            let home = OffstageHome(path: base + "/home")
            try FileManager.default.createDirectory(atPath: base + "/home", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: base + "/docs", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: home.documentsDirectory, withDestinationPath: base + "/docs")
            try home.prepare()
            try FileManager.default.removeItem(atPath: home.partsDirectory)
            try FileManager.default.createDirectory(atPath: base + "/parts", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: home.partsDirectory, withDestinationPath: base + "/parts")
            #expect(throws: StoreError.symlink(home.partsDirectory)) { try Store.open(home: home) }
        }
    }

    @Test("a 0-byte store is refused, not re-created, with a sentence saying it lost its contents")
    func emptiedStoreIsRefused() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            store.close()
            #expect(truncate(home.databasePath, 0) == 0)
            let error = #expect(throws: StoreError.self) { try Store.open(home: home) }
            #expect(error == .emptied(home.databasePath))
            #expect(error?.description.contains("lost its contents") == true)
            #expect(error?.description.contains("move it aside") == true)
            #expect(contents(home.databasePath).isEmpty)
            #expect(throws: StoreError.emptied(home.databasePath)) { try Store.open(home: home, readOnly: true) }
        }
    }

    @Test("a directory where the store belongs is refused with a sentence")
    func directoryInPlaceOfTheStoreIsRefused() throws {
        try withTemporaryHome { home in
            try home.prepare()
            try FileManager.default.createDirectory(atPath: home.databasePath, withIntermediateDirectories: false)
            #expect(throws: StoreError.notAFile(home.databasePath)) { try Store.open(home: home) }
        }
    }

    @Test("a read-only open of a home with no store yet still says so")
    func missingStoreIsStillMissing() throws {
        try withTemporaryHome { home in
            try home.prepare()
            #expect(throws: StoreError.missing(home.databasePath)) { try Store.open(home: home, readOnly: true) }
        }
    }
}
