import OffstageTerminal
import Testing

@Suite struct TerminalPlaceholderTests {
    @Test func moduleLoads() { #expect(Bool(true)) }
}
