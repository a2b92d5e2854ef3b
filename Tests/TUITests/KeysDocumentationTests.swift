import Foundation
import ScreenValues
import Testing
@testable import TUI

/// docs/keys-and-screens.md is written by hand; this keeps it true to the keymap that
/// dispatches keys and writes the help.
@Suite struct KeysDocumentationTests {
    static func page(filePath: String = #filePath) throws -> String {
        let url = URL(fileURLWithPath: filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/keys-and-screens.md")
        return try String(contentsOf: url, encoding: .utf8)
    }

    @Test func everyBindingIsDocumentedWithItsKeys() throws {
        let rows = try Self.page().split(separator: "\n").filter { $0.hasPrefix("| `") }
        for binding in Keymap.bindings {
            let keys = binding.keys.map { "`\($0.label)`" }.joined(separator: " ")
            let row = rows.first { $0.hasPrefix("| \(keys) |") }
            #expect(row != nil, "docs/keys-and-screens.md has no row for \(keys)")
            #expect(row?.contains(binding.summary) == true, "the row for \(keys) should say “\(binding.summary)”")
        }
        #expect(rows.count == Keymap.bindings.count, "a documented key that the keymap does not have")
    }

    /// The table of which keys work where lists, for each screen and overlay, exactly the keys
    /// the keymap binds there, in the keymap's order.
    @Test func whereEachKeyWorksIsTheKeymaps() throws {
        let page = try Self.page()
        let names: [KeyContext: String] = [
            .list: "the list", .detail: "details", .help: "help", .messages: "messages",
            .confirmDelete: "the delete confirmation", .confirmQuit: "the quit confirmation", .field: "a text field",
        ]
        for context in KeyContext.allCases {
            let keys = Keymap.bindings.flatMap { binding in
                binding.keys.filter { binding.command(for: $0, in: context) != nil }
            }
            let row = "| \(names[context]!) | \(keys.map { "`\($0.label)`" }.joined(separator: " ")) |"
            #expect(page.contains(row), "docs/keys-and-screens.md should have the row\n\(row)")
        }
    }
}
