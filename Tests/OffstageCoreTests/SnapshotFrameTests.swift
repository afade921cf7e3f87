import Foundation
import OffstageCore
import Testing

/// Snapshot members added later decode from frames that do not carry them, with their documented defaults.
@Suite struct SnapshotFrameTests {
    /// A snapshot with every member added for the command-line views filled in.
    static var full: Snapshot {
        let transfer = TransferSnapshot(
            id: 1, name: "x", kind: .upload, url: "http://o/x", state: .failed, status: .failed("HTTP 500"),
            error: "HTTP 500", uploadPath: "/tmp/x", deliveryPath: "/h/x")
        let app = AppSnapshot(
            completionHandlers: [AppSnapshot.Handler(token: 3, session: "s", secondsLeft: 5, eventsFinished: false)],
            session: "s",
            registry: AppRegistrySnapshot(records: [
                AppRegistrySnapshot.Record(taskDescription: "d", status: .inFlight, url: "http://o/x", taskID: 1)
            ]))
        return Snapshot(
            clock: ClockSnapshot(now: Date(timeIntervalSince1970: 1_700_000_000)),
            engine: EngineSnapshot(role: .hosting, pid: 1, home: "/h"), app: app, transfers: [transfer])
    }

    @Test func aFullSnapshotRoundTrips() throws {
        let data = try JSONEncoder().encode(Self.full)
        #expect(try JSONDecoder().decode(Snapshot.self, from: data) == Self.full)
    }

    @Test func anOldFrameWithoutTheNewMembersDecodesWithDefaults() throws {
        let data = try JSONEncoder().encode(Self.full)
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var app = try #require(object["app"] as? [String: Any])
        app["session"] = nil
        app["registry"] = nil
        var handler = try #require((app["completionHandlers"] as? [[String: Any]])?.first)
        handler["token"] = nil
        app["completionHandlers"] = [handler]
        object["app"] = app
        var transfer = try #require((object["transfers"] as? [[String: Any]])?.first)
        for key in ["error", "uploadPath", "deliveryPath"] { transfer[key] = nil }
        object["transfers"] = [transfer]
        let old = try JSONSerialization.data(withJSONObject: object)
        let decoded = try JSONDecoder().decode(Snapshot.self, from: old)
        #expect(decoded.app.session == "")
        #expect(decoded.app.registry == AppRegistrySnapshot())
        #expect(decoded.app.completionHandlers.first?.token == 0)
        #expect(decoded.app.completionHandlers.first?.secondsLeft == 5)
        #expect(decoded.transfers.first?.error == nil && decoded.transfers.first?.uploadPath == nil)
        #expect(decoded.transfers.first?.deliveryPath == nil)
        #expect(decoded.transfers.first?.state == .failed)
    }
}
