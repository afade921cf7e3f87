import OffstageCore
import OffstageDashboard
import OffstageTestSupport
import OffstageUI
import Testing

/// What the dashboard says after the engine executed what it sent.
@Suite struct SentCommandsTests {
    @Test("an open the engine answers with a crash at launch says so on the key bar; a plain done says nothing")
    func aCrashAtLaunchIsSaid() throws {
        let engine = FakeEngineClient()
        var sent = SentCommands()
        #expect(sent.send(.send(.app(.open)), to: engine) == nil)
        #expect(sent.refusals(from: engine).isEmpty, "done with ok: the key bar's line stands")
        engine.answer("the app crashed as it launched: NSInternalInconsistencyException: All launch handlers …")
        #expect(sent.send(.send(.app(.open)), to: engine) == nil)
        #expect(sent.send(.send(.pause(id: 1)), to: engine) == nil)
        #expect(
            sent.refusals(from: engine) == [
                "app open: the app crashed as it launched: NSInternalInconsistencyException: All launch handlers …"
            ])
    }
}
