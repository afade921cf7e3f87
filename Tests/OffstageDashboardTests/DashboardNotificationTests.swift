import Foundation
import OffstageCore
import OffstageDashboard
import OffstageTestSupport
import OffstageUI
import Testing

/// The notification an open dashboard sends when a transfer ends, through the whole loop on a grid terminal.
@Suite struct DashboardNotificationTests {
    let terminal = GridTerminal(size: Size(width: 80, height: 24))
    let clock = ManualFrameClock()

    /// The demo with transfer 1 completed and transfer 3 failed with server text.
    static var ended: Snapshot {
        var next = SnapshotSamples.demoMidway
        next.sequence += 1
        for index in next.transfers.indices {
            switch next.transfers[index].id {
            case 1:
                next.transfers[index].state = .completed
                next.transfers[index].status = .completed
            case 3:
                next.transfers[index].state = .failed
                next.transfers[index].status = .failed("HTTP 404")
                next.transfers[index].error = "HTTP 404 \u{1B}]0;pwned\u{07}"
            default: break
            }
        }
        return next
    }

    @Test func aTransferThatEndsSendsOneNotificationAndTheFirstSnapshotNone() {
        let backend = FakeEngineClient(snapshot: SnapshotSamples.demoMidway)
        let dashboard = DashboardLoop(terminal: terminal, engine: backend, clock: clock)
        dashboard.notifications = true
        dashboard.step(wait: false)
        #expect(terminal.notifications.isEmpty, "tasks already ended when it opened are not news")
        backend.publish(Self.ended)
        clock.advance(by: 0.2)
        dashboard.step(wait: false)
        #expect(
            terminal.notifications == [
                "ubuntu.iso: download completed", "photos.zip failed: HTTP 404 \\x1B]0;pwned\\x07",
            ])
        var again = Self.ended
        again.sequence += 1
        backend.publish(again)
        clock.advance(by: 0.2)
        dashboard.step(wait: false)
        #expect(terminal.notifications.count == 2, "an ended transfer is announced once")
    }

    @Test func turnedOffItSendsNothing() {
        let backend = FakeEngineClient(snapshot: SnapshotSamples.demoMidway)
        let dashboard = DashboardLoop(terminal: terminal, engine: backend, clock: clock)
        dashboard.step(wait: false)
        backend.publish(Self.ended)
        clock.advance(by: 0.2)
        dashboard.step(wait: false)
        #expect(terminal.notifications.isEmpty)
    }
}
