import Foundation
import OffstageTestSupport
import OffstageUI
import Testing

@Suite struct GridTerminalTests {
    @Test func keepsTheLastFrameAndCounts() {
        let terminal = GridTerminal(size: Size(width: 20, height: 4))
        #expect(terminal.presented == nil)
        var frame = Screen(size: terminal.size)
        frame.put("first", x: 0, y: 0)
        terminal.present(frame)
        frame.put("second", x: 0, y: 1)
        terminal.present(frame)
        terminal.invalidate()
        #expect(terminal.presented?.text(row: 1).hasPrefix("second") == true)
        #expect(terminal.presentCount == 2)
        #expect(terminal.invalidateCount == 1)
        #expect(terminal.capabilities == TerminalCapabilities(colors: 256, unicode: true))
        terminal.capabilities = TerminalCapabilities(colors: 0, unicode: false)
        #expect(terminal.capabilities.colors == 0)
    }

    @Test func deliversQueuedInputsAtOnce() {
        let terminal = GridTerminal()
        terminal.enqueue(keys: [.character("q"), .down])
        terminal.enqueue([.mouse(MouseEvent(kind: .click, x: 3, y: 4))])
        #expect(terminal.pendingInputs.count == 3)
        #expect(
            terminal.readInputs(timeout: nil) == [
                .key(.character("q")), .key(.down), .mouse(MouseEvent(kind: .click, x: 3, y: 4)),
            ])
        #expect(terminal.pendingInputs.isEmpty)
    }

    @Test func resizeChangesTheSizeAndQueuesTheInput() {
        let terminal = GridTerminal()
        terminal.resize(to: Size(width: 40, height: 12))
        #expect(terminal.size == Size(width: 40, height: 12))
        #expect(terminal.readInputs(timeout: 0) == [.resize(Size(width: 40, height: 12))])
    }

    @Test func anEmptyQueueWaitsForTheTimeout() {
        let terminal = GridTerminal()
        let clock = ContinuousClock()
        let started = clock.now
        #expect(terminal.readInputs(timeout: 0.05).isEmpty)
        #expect(started.duration(to: clock.now) >= .milliseconds(45))
    }

    @Test func aWakeBeforeTheWaitEndsItAtOnce() {
        let terminal = GridTerminal()
        terminal.wake()
        let clock = ContinuousClock()
        let started = clock.now
        #expect(terminal.readInputs(timeout: 10).isEmpty)
        #expect(started.duration(to: clock.now) < .seconds(1))
        #expect(terminal.readInputs(timeout: 0).isEmpty)  // the wake was used up
    }

    @Test func inputsFromAnotherThreadEndAnUnlimitedWait() {
        let terminal = GridTerminal()
        let feeder = Thread {
            guard terminal.waitUntilReading(timeout: 5) else { return }
            terminal.enqueue(keys: [.character("x")])
        }
        feeder.start()
        #expect(terminal.readInputs(timeout: 5) == [.key(.character("x"))])
    }

    @Test func wakeFromAnotherThreadEndsTheWaitEmpty() {
        let terminal = GridTerminal()
        let waker = Thread {
            guard terminal.waitUntilReading(timeout: 5) else { return }
            terminal.wake()
        }
        waker.start()
        let clock = ContinuousClock()
        let started = clock.now
        #expect(terminal.readInputs(timeout: 5).isEmpty)
        #expect(started.duration(to: clock.now) < .seconds(4))
    }

    @Test func waitUntilReadingTimesOutWhenNobodyReads() {
        #expect(!GridTerminal().waitUntilReading(timeout: 0.02))
    }
}
