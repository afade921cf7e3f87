import OffstageCore
import OffstageRuntime
import OffstageStore
import Testing

@testable import offstage

/// What every engine on a home runs with: `run`'s, the hosted dashboard's and the offline apply's options come from
/// one place, so the test overrides in the environment reach them all.
@Suite struct EngineOptionsTests {
    @Test("OFFSTAGE_STALL_SECONDS sets the stall window of every engine's options, the hosted dashboard's too")
    func theStallWindowComesFromTheEnvironment() {
        let context = CLIContext(home: OffstageHome(path: "/nonexistent/offstage-engine-options"))
        let usual = TransferTimings().stallWindow
        func window(_ text: String?) -> Double {
            let environment = text.map { ["OFFSTAGE_STALL_SECONDS": $0] } ?? [:]
            return context.engineOptions(.builtIn, environment: environment).transferTimings.stallWindow
        }
        #expect(window("1.5") == 1.5)
        #expect(window(nil) == usual)
        for bad in ["nan", "0.1", "7200", "-1", "x"] { #expect(window(bad) == usual, "\(bad)") }
    }
}
