import Foundation
import ScreenValues
import Testing
@testable import ModelBrowser

/// docs/models.md lists the model browser's keys by hand; this keeps the list true to the table
/// that dispatches them and writes the help.
@Suite struct BrowserKeysDocumentationTests {
    /// The section of docs/models.md about the browser's keys.
    static func section(filePath: String = #filePath) throws -> String {
        let url = URL(fileURLWithPath: filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/models.md")
        let page = try String(contentsOf: url, encoding: .utf8)
        let start = try #require(page.range(of: "## The model browser: screens and keys"))
        let end = try #require(page.range(of: "\n## ", range: start.upperBound..<page.endIndex))
        return String(page[start.lowerBound..<end.lowerBound])
    }

    @Test func everyBindingIsDocumentedWithItsKeys() throws {
        let rows = try Self.section().split(separator: "\n").filter { $0.hasPrefix("| `") }
        for binding in BrowserKeymap.table.bindings {
            let keys = binding.keys.map { "`\($0.label)`" }.joined(separator: " ")
            let row = rows.first { $0.hasPrefix("| \(keys) |") }
            #expect(row != nil, "docs/models.md has no row for \(keys)")
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
            #expect(section.contains(row), "docs/models.md should have the row\n\(row)")
        }
    }
}
