import Foundation
import Testing
import TUI

/// docs/keys-and-screens.md is written by hand; this keeps it true to the keymap that
/// dispatches keys and writes the help.
@Suite struct KeysDocumentationTests {
    @Test func everyBindingIsDocumentedWithItsKeys() throws {
        let page = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/keys-and-screens.md")
        let text = try String(contentsOf: page, encoding: .utf8)
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| `") }
        for binding in Keymap.bindings {
            let keys = binding.keys.map { "`\($0.label)`" }.joined(separator: " ")
            let row = rows.first { $0.hasPrefix("| \(keys) |") }
            #expect(row != nil, "docs/keys-and-screens.md has no row for \(keys)")
            #expect(row?.contains(binding.summary) == true, "the row for \(keys) should say “\(binding.summary)”")
        }
        #expect(rows.count == Keymap.bindings.count, "a documented key that the keymap does not have")
    }
}
