import Foundation
import OffstageTestSupport
import Testing

@testable import OffstageStore

@Suite("OffstageHome")
struct OffstageHomeTests {
    @Test("an explicit path wins over the environment")
    func explicitWins() {
        let home = OffstageHome.resolve(
            explicit: "/tmp/explicit", environment: ["OFFSTAGE_HOME": "/tmp/env", "XDG_STATE_HOME": "/tmp/xdg"])
        #expect(home.path == "/tmp/explicit")
    }

    @Test("OFFSTAGE_HOME, then XDG_STATE_HOME, then ~/.local/state")
    func environmentOrder() {
        let env = OffstageHome.resolve(environment: ["OFFSTAGE_HOME": "/tmp/env", "XDG_STATE_HOME": "/tmp/xdg"])
        #expect(env.path == "/tmp/env")
        let xdg = OffstageHome.resolve(environment: ["XDG_STATE_HOME": "/tmp/xdg", "HOME": "/home/u"])
        #expect(xdg.path == "/tmp/xdg/offstage")
        let relativeXDG = OffstageHome.resolve(environment: ["XDG_STATE_HOME": "rel", "HOME": "/home/u"])
        #expect(relativeXDG.path == "/home/u/.local/state/offstage")
        let fallback = OffstageHome.resolve(environment: ["HOME": "/home/u"])
        #expect(fallback.path == "/home/u/.local/state/offstage")
    }

    @Test("paths inside the home")
    func layout() {
        let home = OffstageHome(path: "/tmp/h/")
        #expect(home.path == "/tmp/h")
        #expect(home.databasePath == "/tmp/h/offstage.db")
        #expect(home.lockPath == "/tmp/h/offstage.lock")
        #expect(home.partsDirectory == "/tmp/h/parts")
        #expect(home.documentsDirectory == "/tmp/h/Documents")
        #expect(home.partPath(taskID: 42) == "/tmp/h/parts/42.part")
    }

    @Test("relative paths are made absolute")
    func relative() {
        let home = OffstageHome(path: "some/where")
        #expect(home.path == FileManager.default.currentDirectoryPath + "/some/where")
    }

    @Test("prepare creates the home, parts and Documents with 0700")
    func prepareModes() throws {
        try withTemporaryHome { home in
            try home.prepare()
            #expect(permissions(home.path) == 0o700)
            #expect(permissions(home.partsDirectory) == 0o700)
            #expect(permissions(home.documentsDirectory) == 0o700)
            try home.prepare()  // idempotent
            #expect(permissions(home.path) == 0o700)
        }
    }

    @Test("prepare tightens an existing home that is too open")
    func prepareTightens() throws {
        try withTemporaryHome { home in
            try FileManager.default.createDirectory(
                atPath: home.partsDirectory, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o755])
            try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: home.path)
            try home.prepare()
            #expect(permissions(home.path) == 0o700)
            #expect(permissions(home.partsDirectory) == 0o700)
        }
    }

    @Test("prepare refuses a home that is a file")
    func homeIsAFile() throws {
        try withTemporaryHome { home in
            let parent = (home.path as NSString).deletingLastPathComponent
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
            #expect(FileManager.default.createFile(atPath: home.path, contents: Data("x".utf8)))
            let error = #expect(throws: StoreError.self) { try home.prepare() }
            #expect(error?.description == "cannot use \(home.path): it exists and is not a directory")
        }
    }
}
