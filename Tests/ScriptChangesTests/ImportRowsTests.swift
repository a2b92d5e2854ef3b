import AmplifyModels
import JSONValues
import ScriptChanges
import Testing

@Suite struct ImportRowsTests {
    func rows(_ text: String, _ format: ImportFormat) -> [Result<ImportRow, RowProblem>] {
        var all: [Result<ImportRow, RowProblem>] = []
        ImportRows.forEach(Array(text.utf8), format: format) { all.append($0) }
        return all
    }

    func texts(_ result: Result<ImportRow, RowProblem>) -> [String: String]? {
        guard case .success(let row) = result, case .text(let cells) = row.cells else { return nil }
        return cells
    }

    @Test func ndjsonRowsAreNamedByTheirLineAndABrokenLineDoesNotStopTheRest() {
        let read = rows("{\"name\":\"a\"}\n\n{\"name\":\n[1]\n{\"name\":\"b\"}\n", .ndjson)
        #expect(read.count == 4)
        guard case .success(let first) = read[0], case .failure(let broken) = read[1], case .failure(let array) = read[2],
            case .success(let last) = read[3]
        else {
            Issue.record("\(read)")
            return
        }
        #expect(first.line == 1)
        #expect(broken.line == 3 && broken.message.hasPrefix("not JSON"))
        #expect(array == RowProblem(line: 4, message: "a row must be a JSON object"))
        #expect(last.line == 5)
    }

    @Test func csvQuotingCommasQuotesAndLineBreaks() {
        let csv = "name,note\r\n\"Smith, J\",\"said \"\"hi\"\"\"\nplain,\"two\nlines\"\nlast,\n"
        let read = rows(csv, .csv)
        #expect(read.count == 3)
        #expect(texts(read[0]) == ["name": "Smith, J", "note": "said \"hi\""])
        #expect(texts(read[1]) == ["name": "plain", "note": "two\nlines"])
        #expect(texts(read[2]) == ["name": "last", "note": ""])
        // Each row is named by the line it starts on: the third starts on line 5.
        guard case .success(let third) = read[2] else { return }
        #expect(third.line == 5)
    }

    @Test func csvProblemsAreSaidPerRow() {
        let read = rows("name,note\na\nb,c,d\n\"open,x\n", .csv)
        guard case .failure(let short) = read[0], case .failure(let long) = read[1], case .failure(let open) = read[2] else {
            Issue.record("\(read)")
            return
        }
        #expect(short == RowProblem(line: 2, message: "1 cell, but the header names 2 fields"))
        #expect(long.line == 3)
        #expect(open == RowProblem(line: 4, message: "a quoted cell is never closed"))
    }

    /// An empty file has no rows in every format (nothing to import, not a problem); a header
    /// that cannot be read says why, not that the file is empty.
    @Test func anEmptyFileHasNoRowsAndABrokenHeaderSaysWhy() {
        for format in [ImportFormat.csv, .ndjson] {
            #expect(rows("", format).isEmpty, "\(format)")
        }
        #expect(rows("name,note\n", .csv).isEmpty, "a header alone")
        let broken = rows("\"name,note\n", .csv)
        guard broken.count == 1, case .failure(let problem) = broken[0] else { Issue.record("\(broken)"); return }
        #expect(problem == RowProblem(line: 1, message: "a quoted cell is never closed"))
    }

    @Test func aJSONArraysRowsAreNamedByTheLineTheyStartOn() {
        let read = rows("[\n  {\"name\": \"a\"},\n  {\"name\":\n    \"b\"},\n  3\n]", .json)
        #expect(read.count == 3)
        guard case .success(let first) = read[0], case .success(let second) = read[1], case .failure(let third) = read[2] else {
            Issue.record("\(read)")
            return
        }
        #expect(first.line == 2 && second.line == 3 && third.line == 5)
        guard case .failure(let broken) = rows("[{\"a\": 1},", .json).first else { Issue.record("a broken array was read"); return }
        #expect(broken.line == 0 && broken.description.hasPrefix("the file is not a JSON array"))
    }

    @Test func theFormatComesFromTheOptionTheExtensionOrTheFirstByte() throws {
        #expect(try ImportFormat.of(path: "a.csv", bytes: Array("{".utf8), given: nil) == .csv)
        #expect(try ImportFormat.of(path: "a.jsonl", bytes: [], given: nil) == .ndjson)
        #expect(try ImportFormat.of(path: "a.txt", bytes: Array("  [".utf8), given: nil) == .json)
        #expect(try ImportFormat.of(path: "a.txt", bytes: Array("{".utf8), given: nil) == .ndjson)
        #expect(try ImportFormat.of(path: "a.json", bytes: Array("{".utf8), given: "csv") == .csv)
        #expect(throws: ScriptProblem.self) { try ImportFormat.of(path: "a", bytes: [], given: "xml") }
    }
}
