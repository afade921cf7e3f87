import Foundation
import OffstageCore
import OffstageUI
import Testing

/// The key tables of the Android profile and of both side by side: each key on each kind of row does exactly what
/// its row says, and every binding each profile offers has a row.
@Suite struct AndroidKeyTableTests {
    @Test(arguments: AndroidKeyScenario.androidTable + AndroidKeyScenario.bothTable)
    func keyDoesWhatItsTableSays(_ scenario: AndroidKeyScenario) {
        var state = scenario.start()
        let effects = ReducerFixture.press(scenario.keys, &state, scenario.snapshot)
        #expect(effects == scenario.effects)
        if let message = scenario.message { #expect(state.message == message) }
        #expect(scenario.holds(state), "state: \(state)")
    }

    @Test(arguments: AndroidKeyScenario.androidRefused + AndroidKeyScenario.iosRefused)
    func aKeyTheProfileDoesNotOfferSaysWhyAndSendsNothing(_ scenario: AndroidKeyScenario) {
        var state = scenario.start()
        #expect(!KeyBinding.all(for: scenario.snapshot.platform).map(\.label).contains(scenario.label))
        #expect(ReducerFixture.press(scenario.keys, &state, scenario.snapshot).isEmpty)
        #expect(state.overlay == nil)
        #expect(state.message == scenario.message)
    }

    @Test(arguments: [PlatformProfile.android, .both])
    func everyBindingOfTheProfileHasAScenario(_ profile: PlatformProfile) {
        let table = profile == .android ? AndroidKeyScenario.androidTable : AndroidKeyScenario.bothTable
        let labels = KeyBinding.all(for: profile).map(\.label)
        #expect(Set(table.map(\.label)) == Set(labels))
        #expect(table.allSatisfy { $0.snapshot.platform == profile })
    }

    @Test(arguments: PlatformProfile.allCases)
    func eachProfileOffersEachKeyOnce(_ profile: PlatformProfile) {
        let labels = KeyBinding.all(for: profile).map(\.label)
        #expect(labels.count == Set(labels).count)
        let device = KeyBinding.device(for: profile).map(\.label)
        #expect(device.count == Set(device).count)
    }

    @Test func theIOSProfileKeepsItsKeysAsTheyWere() {
        let labels = KeyBinding.all(for: .ios).map(\.label)
        #expect(
            labels == [
                "↑/↓ j/k", "PgUp/PgDn", "Home/End", "Tab/S-Tab", "Enter", "Esc", "/", "a", "u", "p", "c", "s", "l", "x",
                "o",
                "h", "t", "K", "r", "d", "L", "w", "f", "n", "Ctrl-L", "?", "q",
            ])
        #expect(KeyBinding.device(for: .ios).map(\.label) == ["w", "c", "o", "p", "b/B", "l", "r", "i", "a", "Esc/d"])
    }
}
