import ScreenValues
import Testing
@testable import TUI

/// The keymap table: one meaning per key in each context, and help and hints that only
/// name keys the table binds.
@Suite struct KeymapTests {
    @Test func noKeyIsBoundTwiceInAContext() {
        for context in KeyContext.allCases {
            let keys = Keymap.bindings.flatMap { binding in
                binding.keys.filter { binding.command(for: $0, in: context) != nil }
            }
            #expect(Set(keys).count == keys.count, "\(context)")
        }
    }

    @Test func helpListsEveryBindingOfASectionAndTheSimulationSection() {
        let help = Keymap.helpLines(simulationAvailable: true).map(\.text)
        for binding in Keymap.bindings where binding.section != nil {
            #expect(help.contains { $0.contains(binding.keyLabel) && $0.contains(binding.summary) })
        }
        #expect(help.contains("Simulation (embedded server)"))
    }

    @Test func everyBoundKeyDoesSomethingSomewhere() {
        for binding in Keymap.bindings {
            for key in binding.keys {
                #expect(KeyContext.allCases.contains { binding.command(for: key, in: $0) != nil }, "\(key)")
            }
        }
    }

    @Test func everyHintNamesKeysThatWorkInItsContext() {
        for (context, hints) in Keymap.hintLines {
            for hint in hints {
                for key in hint.keys {
                    #expect(Keymap.command(for: key, in: context) != nil, "\(context): \(hint.label) \(hint.word)")
                }
            }
            #expect(Keymap.hints(in: context).count == hints.count)
        }
    }

    /// C-l redraws wherever the keys are, a field included; nothing else reaches past a field.
    @Test func onlyRedrawIsBoundInAField() {
        let fieldKeys = Keymap.bindings.flatMap { binding in binding.keys.filter { binding.command(for: $0, in: .field) != nil } }
        #expect(fieldKeys == [.control("l")])
        for context in KeyContext.allCases {
            #expect(Keymap.command(for: .control("l"), in: context) == .redraw, "\(context)")
        }
    }

    @Test func aConfirmationTakesYesAndAnythingElseAsNo() {
        for context in [KeyContext.confirmDelete, .confirmQuit] {
            #expect(Keymap.command(for: .character("y"), in: context) == .confirm)
            #expect(Keymap.command(for: .character("Y"), in: context) == .confirm)
            #expect(Keymap.command(for: .character("n"), in: context) == .decline)
            #expect(Keymap.command(for: .paste("y"), in: context) == .decline)
        }
    }
}
