import Foundation
import OffstageCore
import Testing

/// The network a transfer may use: going offline stops it and it resumes with `If-Range`; a move between Wi-Fi and
/// cellular follows the session's cellular, expensive and constrained settings; a task the app creates in the
/// background is discretionary.
@Suite struct TransferDaemonNetworkTests {
    /// A harness with task 1 running on Wi-Fi in `session` (configured first), 400 of 1000 bytes checkpointed.
    static func running(_ session: SessionConfiguration = SessionConfiguration()) -> DaemonHarness {
        var h = DaemonHarness()
        h.send(.sessionConfigured(session))
        h.add(1, spec: TransferSpec(url: "https://files.example/big.iso", session: session.identifier))
        h.accept(1)
        h.checkpoint(1, 400)
        return h
    }

    /// The conditions with `network`, the rest left as they are.
    static func on(_ network: DeviceConditions.Network, lowData: Bool = false, charging: Bool = true) -> DaemonEvent {
        .conditionsChanged(DeviceConditions(network: network, charging: charging, lowDataMode: lowData))
    }

    @Test func goingOfflineStopsARunningTransferAndANetworkResumesItWithIfRange() throws {
        var h = Self.running()
        let offline = h.send(Self.on(.offline), at: 10)
        #expect(offline.stops == [1])
        #expect(offline.starts.isEmpty)
        #expect(try h.task(1).state == .queued)
        #expect(h.daemon.waitReasons[1] == "waiting for a network")
        #expect(
            offline.logged(.waiting, "task 1")?.reason
                == "waiting for a network: stopped; it resumes from its checkpoint (If-Range) when the network allows")
        // The stopped request's last report arrives: nothing starts while offline.
        #expect(h.end(1, .interrupted(reason: "stopped", stalled: false), at: 11).starts.isEmpty)
        let back = h.send(Self.on(.wifi), at: 20)
        let request = try #require(back.starts.first)
        #expect(request.offset == 400)
        #expect(request.validator == etag, "a range request with If-Range, never a blind append")
    }

    @Test func cellularFollowsTheSessionsCellularAndExpensiveSettings() throws {
        var allowed = Self.running()
        #expect(allowed.send(Self.on(.cellular)).stops.isEmpty, "cellular is allowed by default")

        var noCellular = Self.running(SessionConfiguration(identifier: "s", allowsCellularAccess: false))
        #expect(noCellular.send(Self.on(.cellular)).stops == [1])
        #expect(
            noCellular.daemon.waitReasons[1]
                == "waiting for Wi-Fi: the session does not allow cellular (allowsCellularAccess off)")

        var notExpensive = Self.running(SessionConfiguration(identifier: "s", allowsExpensiveNetworkAccess: false))
        #expect(notExpensive.send(Self.on(.cellular)).stops == [1])
        #expect(notExpensive.daemon.waitReasons[1]?.contains("allowsExpensiveNetworkAccess off") == true)
        // Back on Wi-Fi, it starts again from its checkpoint.
        #expect(notExpensive.send(Self.on(.wifi)).starts.first?.offset == 400)
    }

    @Test func lowDataModeStopsOnlyASessionThatRefusesConstrainedNetworks() throws {
        var allowed = Self.running()
        #expect(allowed.send(Self.on(.wifi, lowData: true)).stops.isEmpty)
        var refused = Self.running(SessionConfiguration(identifier: "s", allowsConstrainedNetworkAccess: false))
        let constrained = refused.send(Self.on(.wifi, lowData: true))
        #expect(constrained.stops == [1])
        #expect(refused.daemon.waitReasons[1]?.contains("allowsConstrainedNetworkAccess off") == true)
        #expect(refused.send(Self.on(.wifi)).starts.count == 1)
    }

    @Test func aTaskCreatedInTheBackgroundIsDiscretionaryAndSaysWhy() throws {
        var h = DaemonHarness()
        h.send(Self.on(.cellular, charging: false))
        var spec = TransferSpec(url: "https://files.example/big.iso")
        spec.createdInBackground = true
        let added = h.add(1, spec: spec)
        let task = try h.task(1)
        #expect(task.isDiscretionary && task.createdInBackground)
        #expect(added.starts.isEmpty, "on cellular and battery it waits, although the session is not discretionary")
        #expect(h.daemon.waitReasons[1] == "created in the background: discretionary: needs Wi-Fi and power")
        #expect(added.logged(.taskAdded)?.reason.hasSuffix("; created in the background: discretionary") == true)
        h.send(Self.on(.wifi, charging: false))
        #expect(h.daemon.waitReasons[1] == "created in the background: discretionary: needs power")
        #expect(h.send(Self.on(.wifi)).starts.count == 1)
        // A task created in the foreground in the same session starts at once on cellular and battery.
        var foreground = DaemonHarness()
        foreground.send(Self.on(.cellular, charging: false))
        #expect(foreground.add(2).starts.count == 1)
    }

    @Test func aRunningDiscretionaryTransferStopsForCellularButNotForTheBattery() throws {
        var h = DaemonHarness()
        var spec = TransferSpec(url: "https://files.example/big.iso")
        spec.createdInBackground = true
        h.add(1, spec: spec)
        h.accept(1)
        #expect(h.send(Self.on(.wifi, charging: false)).stops.isEmpty, "unplugged: it keeps going")
        #expect(h.send(Self.on(.cellular, charging: false)).stops == [1])
        #expect(h.daemon.waitReasons[1] == "created in the background: discretionary: needs Wi-Fi and power")
    }

    @Test func conditionsStoredBeforeLowDataModeDecodeWithItOff() throws {
        let old = Data(
            #"{"network":"wifi","charging":true,"batteryLevel":80,"lowPowerMode":false,"backgroundRefresh":true}"#.utf8)
        #expect(try JSONDecoder().decode(DeviceConditions.self, from: old).lowDataMode == false)
        let spec = Data(
            #"{"kind":"download","url":"http://x/a","method":"GET","session":"s","discretionary":false,"priority":0.5}"#
                .utf8)
        #expect(try JSONDecoder().decode(TransferSpec.self, from: spec).createdInBackground == false)
    }
}
