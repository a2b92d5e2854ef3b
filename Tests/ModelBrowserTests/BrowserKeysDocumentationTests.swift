import Foundation
import ScreenValues
import Testing
@testable import ModelBrowser

/// docs/keys-and-screens.md lists the app's keys by hand; this keeps the list true to the table
/// that dispatches them and writes the help.
@Suite struct BrowserKeysDocumentationTests {
    /// The section of docs/keys-and-screens.md about the keys (to the page's end).
    static func section(filePath: String = #filePath) throws -> String {
        let url = URL(fileURLWithPath: filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/keys-and-screens.md")
        let page = try String(contentsOf: url, encoding: .utf8)
        let start = try #require(page.range(of: "\n## Keys\n"))
        let end = page.range(of: "\n## ", range: start.upperBound..<page.endIndex)?.lowerBound ?? page.endIndex
        return String(page[start.lowerBound..<end])
    }

    @Test func everyBindingIsDocumentedWithItsKeys() throws {
        let rows = try Self.section().split(separator: "\n").filter { $0.hasPrefix("| `") }
        for binding in BrowserKeymap.table.bindings {
            let keys = binding.keys.map { "`\($0.label)`" }.joined(separator: " ")
            let row = rows.first { $0.hasPrefix("| \(keys) |") }
            #expect(row != nil, "docs/keys-and-screens.md has no row for \(keys)")
            #expect(row?.contains(binding.summary) == true, "the row for \(keys) should say “\(binding.summary)”")
        }
        #expect(rows.count == BrowserKeymap.table.bindings.count, "a documented key that the keymap does not have")
    }

    @Test func whereEachKeyWorksIsTheKeymaps() throws {
        let section = try Self.section()
        let names: [BrowserKeyContext: String] = [
            .list: "the list", .detail: "a detail", .help: "help", .messages: "messages", .follow: "the relation choice",
            .confirmDelete: "the delete question", .confirmQuit: "the quit question", .confirmDiscard: "the discard question",
            .picker: "the model picker", .form: "the form", .filter: "the filter being typed", .rename: "a field renamed in place",
        ]
        for context in BrowserKeyContext.allCases {
            let keys = BrowserKeymap.table.keys(in: context)
            let row = "| \(names[context]!) | \(keys.map { "`\($0.label)`" }.joined(separator: " ")) |"
            #expect(section.contains(row), "docs/keys-and-screens.md should have the row\n\(row)")
        }
    }
}
