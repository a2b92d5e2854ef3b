import AmplifyModels
import JSONValues
import ScreenValues
@testable import RecordExport
import Testing

/// The table a person reads at a terminal: every value made harmless (no escape sequence or
/// control character reaches the terminal), columns sized by the first page and cut with "…".
@Suite struct TableWriterTests {
    static let hostile = #"{"items":[{"id":"t1","description":"\u001b[2J\u001b]0;owned\u0007red \u001b[31mtext\u009b","kind":"EXPENSE","amount":1.5,"tags":["a\u001b[1m"]},{"id":"t2","description":"a very long description that goes on and on well past the widest a column gets","kind":"INCOME","amount":null,"tags":null}],"nextToken":null}"#

    @Test func escapeSequencesInValuesNeverReachTheTerminal() throws {
        let columns = try WireFormatsTests.columns("id,description,kind,amount,tags")
        let table = try written(Self.hostile, format: .table, columns: columns)
        #expect(!table.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "a control character: \(table.debugDescription)")
        #expect(!table.unicodeScalars.contains { (0x80...0x9F).contains($0.value) })
        #expect(table.contains("␛[2J␛]0;owned␇red ␛[31mtext"))
    }

    @Test func columnsAreSizedByTheirValuesAndCut() throws {
        let columns = try WireFormatsTests.columns("id,description,amount")
        let lines = try written(Self.hostile, format: .table, columns: columns).split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("id  description"))
        #expect(lines[1].hasPrefix("──  ───"))
        #expect(lines[3].contains("a very long description that goes on an…"))
        #expect(lines[3].hasPrefix("t2  a very long"))
        // A null is an empty cell; no line ends in blanks.
        #expect(lines.allSatisfy { $0.last != " " })
    }

    @Test func theWidestColumnsNarrowUntilALineFitsTheTerminal() throws {
        #expect(TableWriter.fitted([36, 40, 7, 10], into: 60).reduce(6, +) == 60)
        #expect(TableWriter.fitted([36, 40], into: nil) == [36, 40])
        #expect(TableWriter.fitted([10, 10, 10], into: 5) == [4, 4, 4])
        var writer = TableWriter(columns: try WireFormatsTests.columns("id,description"), lineWidth: 30)
        var output: [UInt8] = []
        _ = try JSONReader.read(Array(Self.hostile.utf8)) { json throws(JSONReadError) in
            try WireItemReader(columns: try! WireFormatsTests.columns("id,description")).readPage(&json) { writer.write($0, into: &output) }
        }
        writer.end(into: &output)
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n")
        #expect(lines.allSatisfy { TerminalText.columns(of: String($0), separate: []) <= 30 })
    }
}
