import Dispatch
import Foundation
import Glibc
import OffstageSignals
import Synchronization
import Testing

/// `ProcessSignals` in a process of its own: each case runs this test binary again as a child (`SignalsChild`
/// only), which routes the signals, sends itself one, and ends as the case expects. (Signals sent to the shared
/// test process would reach every suite's subscribers.)
@Suite struct ProcessSignalsTests {
    /// How a child ended.
    struct Ending: Equatable {
        var reason: Process.TerminationReason
        var status: Int32
    }

    /// Runs the child scenario `scenario` and returns how it ended and what it printed.
    static func child(_ scenario: String) throws -> (ending: Ending, output: String) {
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let child = Process()
        child.executableURL = URL(fileURLWithPath: executable)
        child.arguments = ["--testing-library", "swift-testing", "--filter", "SignalsChild"]
        child.environment = [
            "OFFSTAGE_SIGNALS_CHILD": scenario, "SWIFT_BACKTRACE": "enable=no",
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        ]
        let output = Pipe()
        child.standardInput = FileHandle.nullDevice
        child.standardOutput = output
        child.standardError = output
        try ProcessSignals.spawning { try child.run() }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()
        return (Ending(reason: child.terminationReason, status: child.terminationStatus), text)
    }

    @Test(arguments: ["subscribed", "forwarded", "nohup", "spawned"]) func aRoutedSignalReachesItsSubscriber(
        scenario: String
    ) throws {
        let result = try Self.child(scenario)
        #expect(result.ending == Ending(reason: .exit, status: 0), "\(result.output.suffix(2000))")
        #expect(result.output.contains("scenario \(scenario) done"), "the child ran the scenario to its end")
    }

    @Test(arguments: [SIGINT, SIGTERM, SIGHUP]) func withNoSubscriberASignalEndsTheProcessAsByDefault(signal: Int32)
        throws
    {
        let result = try Self.child("unsubscribed-\(signal)")
        #expect(result.ending == Ending(reason: .uncaughtSignal, status: signal), "\(result.output.suffix(2000))")
        #expect(result.output.contains("routed and unsubscribed"), "the child got as far as sending the signal")
    }

    @Test func signalNamesForMessages() {
        #expect(ProcessSignals.name(SIGINT) == "SIGINT")
        #expect(ProcessSignals.name(SIGTERM) == "SIGTERM")
        #expect(ProcessSignals.name(SIGHUP) == "SIGHUP")
        #expect(ProcessSignals.name(SIGUSR1) == "signal \(SIGUSR1)")
    }
}

/// The child side of `ProcessSignalsTests`: runs only in the child process those tests start.
@Suite struct SignalsChild {
    static let scenario = ProcessInfo.processInfo.environment["OFFSTAGE_SIGNALS_CHILD"]

    /// Waits (at most 10 s, then fails) until `condition` holds.
    func waitFor(_ what: String, _ condition: () -> Bool) {
        let deadline = ContinuousClock.now.advanced(by: .seconds(10))
        while !condition() {
            guard ContinuousClock.now < deadline else {
                Issue.record("never: \(what)")
                return
            }
            usleep(1000)
        }
    }

    /// Whether `signal` is blocked in the calling thread.
    static func blockedHere(_ signal: Int32) -> Bool {
        var mask = sigset_t()
        pthread_sigmask(SIG_BLOCK, nil, &mask)
        return sigismember(&mask, signal) == 1
    }

    @Test(.enabled(if: SignalsChild.scenario != nil)) func run() throws {
        let scenario = try #require(Self.scenario)
        let received = Received()
        switch scenario {
        case "subscribed":
            // As main does: route first, then every thread started later blocks the three signals.
            #expect(ProcessSignals.route())
            for signal in ProcessSignals.stopping { #expect(ProcessSignals.isRouted(signal)) }
            let later = Received()
            let thread = Thread { later.add(Self.blockedHere(SIGTERM) && Self.blockedHere(SIGINT) ? 1 : 0) }
            thread.start()
            waitFor("the later thread looked at its mask") { later.all.count == 1 }
            #expect(later.all == [1], "a thread started after route() blocks SIGINT and SIGTERM")
            let subscription = ProcessSignals.subscribe { received.add($0) }
            kill(getpid(), SIGTERM)
            waitFor("SIGTERM delivered") { received.all == [SIGTERM] }
            kill(getpid(), SIGINT)
            waitFor("SIGINT delivered") { received.all == [SIGTERM, SIGINT] }
            subscription.cancel()
            let second = ProcessSignals.subscribe { received.add(-$0) }
            kill(getpid(), SIGHUP)
            waitFor("SIGHUP delivered to the later subscriber only") { received.all == [SIGTERM, SIGINT, -SIGHUP] }
            second.cancel()
        case "forwarded":
            // A thread that does not block the signal (it existed before, or it unblocked it) forwards it.
            #expect(ProcessSignals.route())
            let subscription = ProcessSignals.subscribe { received.add($0) }
            let thread = Thread {
                var one = sigset_t()
                sigemptyset(&one)
                sigaddset(&one, SIGTERM)
                pthread_sigmask(SIG_UNBLOCK, &one, nil)
                pthread_kill(pthread_self(), SIGTERM)  // runs the forwarding handler on this very thread
            }
            thread.start()
            waitFor("the forwarded SIGTERM delivered") { received.all == [SIGTERM] }
            subscription.cancel()
        case "nohup":
            // HUP ignored by whoever started the process (nohup) stays ignored; INT ignored as a background job of a
            // shell without job control has it is routed all the same.
            signal(SIGHUP, SIG_IGN)
            signal(SIGINT, SIG_IGN)
            #expect(ProcessSignals.route())
            #expect(!ProcessSignals.isRouted(SIGHUP))
            #expect(ProcessSignals.isRouted(SIGINT))
            #expect(ProcessSignals.isRouted(SIGTERM))
            let subscription = ProcessSignals.subscribe { received.add($0) }
            kill(getpid(), SIGHUP)
            kill(getpid(), SIGINT)
            waitFor("SIGINT delivered") { received.all.contains(SIGINT) }
            #expect(received.all == [SIGINT], "the ignored SIGHUP was not delivered")
            subscription.cancel()
        case "spawned":
            // A child spawned inside spawning {} starts with nothing blocked; one spawned outside inherits the block.
            #expect(ProcessSignals.route())
            #expect(Self.blockedHere(SIGTERM))
            let inside = try ProcessSignals.spawning { try blockedMask() }
            #expect(inside == 0, "mask \(String(inside, radix: 16))")
            #expect(Self.blockedHere(SIGTERM), "the caller's mask is back")
            let outside = try blockedMask()
            #expect(outside & (1 << (UInt64(SIGTERM) - 1)) != 0)
        default:
            guard scenario.hasPrefix("unsubscribed-"), let signal = Int32(scenario.dropFirst("unsubscribed-".count))
            else {
                Issue.record("unknown scenario \(scenario)")
                return
            }
            #expect(ProcessSignals.route())
            let subscription = ProcessSignals.subscribe { received.add($0) }
            subscription.cancel()
            FileHandle.standardOutput.write(Data("routed and unsubscribed\n".utf8))
            kill(getpid(), signal)
            waitFor("the process ended by the signal") { false }
        }
        FileHandle.standardOutput.write(Data("scenario \(scenario) done\n".utf8))
    }

    /// The `SigBlk` mask of a child process spawned now (`grep` reads its own status).
    func blockedMask() throws -> UInt64 {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/grep")
        child.arguments = ["SigBlk", "/proc/self/status"]
        let output = Pipe()
        child.standardOutput = output
        try child.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()
        let hex = text.split(separator: "\t").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
        return try #require(UInt64(hex, radix: 16), "SigBlk line: \(text)")
    }
}

/// Signals received, in order, from any thread.
final class Received: Sendable {
    private let list = Mutex<[Int32]>([])

    func add(_ signal: Int32) { list.withLock { $0.append(signal) } }

    var all: [Int32] { list.withLock { $0 } }
}
