import AmplifyModels
import ModelScreens
import ScreenValues
import Testing

/// Every field of a record: null as "—", lists as lists, JSON as JSON, marks, relations, scrolling.
@Suite struct RecordDetailTests {
    static let schema = try! Fixtures.schema("reading-club.json")
    static let reviews = try! RecordLayout(model: schema.model(named: "Review")!, schema: schema)

    static let review = ModelRecord(
        layout: reviews, key: RecordKey("r1"),
        values: [
            "readerId": .string("reader-7"), "bookTitle": .string("Dune"), "text": .string("Sand, and more sand."),
            "quotedPages": .list([.int(12), .null, .int(40)]), "highlights": try! FieldValueCodec(
                field: reviews.model.field(named: "highlights")!, schema: schema).value(typed: #"{"page": 12}"#),
            "createdAt": .string("2026-11-25T10:00:00.000Z"),
        ])

    @Test func everyFieldIsShownWithItsValue() {
        var frame = Frame(width: 70, height: 24)
        RecordDetail(record: Self.review, schema: Self.schema).draw(into: &frame, region: FrameRegion(frame))
        let lines = frame.lines
        #expect(lines.contains { $0.hasPrefix("  id") && $0.contains("r1") && $0.hasSuffix("(key)") })
        #expect(lines.contains { $0.hasPrefix("  bookTitle") && $0.hasSuffix("Dune") })
        #expect(lines.contains { $0.hasPrefix("  stars") && $0.hasSuffix("—") }, "null is a dash")
        let pages = try! #require(lines.firstIndex { $0.hasPrefix("  quotedPages") })
        #expect(lines[pages].hasSuffix("• 12") && lines[pages + 1].hasSuffix("• —") && lines[pages + 2].hasSuffix("• 40"))
        #expect(lines.contains { $0.hasPrefix("  highlights") && $0.contains(#"{"page":12}"#) })
        #expect(lines.contains { $0.hasPrefix("  reader ") && $0.contains("→ Reader reader-7") })
        #expect(lines.contains { $0.hasPrefix("  createdAt") && $0.hasSuffix("(read-only)") })
        #expect(lines.contains { $0.hasPrefix("  updatedAt") && $0.contains("—") && $0.hasSuffix("(read-only)") })
    }

    /// The versioned dialect's `_version`, last (the sample's detail shows its `Version`); the
    /// plain dialect keeps none, and none is shown.
    @Test func aVersionIsShownWhereTheDialectKeepsOne() {
        var versioned = Self.review
        versioned.version = 3
        var frame = Frame(width: 70, height: 24)
        RecordDetail(record: versioned, schema: Self.schema).draw(into: &frame, region: FrameRegion(frame))
        #expect(frame.lines.contains { $0.hasPrefix("  _version") && $0.contains("3") && $0.hasSuffix("(read-only)") })
        var plain = Frame(width: 70, height: 24)
        RecordDetail(record: Self.review, schema: Self.schema).draw(into: &plain, region: FrameRegion(plain))
        #expect(!plain.lines.contains { $0.contains("_version") })
    }

    @Test func aNullValueIsDim() {
        var frame = Frame(width: 70, height: 24)
        RecordDetail(record: Self.review, schema: Self.schema).draw(into: &frame, region: FrameRegion(frame))
        let row = try! #require(frame.lines.firstIndex { $0.hasPrefix("  stars") })
        let column = try! #require(frame.lines[row].firstIndex(of: "—")).utf16Offset(in: frame.lines[row])
        #expect(frame[row, column].style.contains(.dim))
    }

    @Test func aTallRecordScrolls() {
        var detail = RecordDetail(record: Self.review, schema: Self.schema)
        var frame = Frame(width: 50, height: 4)
        detail.draw(into: &frame, region: FrameRegion(frame))
        #expect(frame.lines[0].hasPrefix("  id"))
        #expect(frame.lines[3].hasPrefix("↓"))
        let moved = detail.handle(.down, region: FrameRegion(frame)) && detail.handle(.character("j"), region: FrameRegion(frame))
        let other = detail.handle(.character("x"), region: FrameRegion(frame))
        #expect(moved && !other)
        frame = Frame(width: 50, height: 4)
        detail.draw(into: &frame, region: FrameRegion(frame))
        #expect(frame.lines[0].hasPrefix("↑ bookTitle"))
        _ = detail.handle(.end, region: FrameRegion(frame))
        frame = Frame(width: 50, height: 4)
        detail.draw(into: &frame, region: FrameRegion(frame))
        #expect(frame.lines[3].contains("indexes") && frame.lines[3].contains("byReader: readerId"), "the end stops at the last line, Review's index")
        #expect(!frame.lines[3].hasPrefix("↓"))
        _ = detail.handle(.down, region: FrameRegion(frame))
        _ = detail.handle(.up, region: FrameRegion(frame))
        frame = Frame(width: 50, height: 4)
        detail.draw(into: &frame, region: FrameRegion(frame))
        #expect(frame.lines[3].hasPrefix("↓"), "one line up from the end at once")
    }

    /// Issue 31, item 4: below the fields, the model's secondary indexes, each with its key
    /// fields, and one without a query said so.
    @Test func theIndexesAreShownBelowTheFields() throws {
        let layout = try Fixtures.layout("indexed-ledger.json", "Entry")
        let record = ModelRecord(layout: layout, key: RecordKey("e1"), values: ["description": .string("Bread"), "category": .string("food")])
        var frame = Frame(width: 70, height: 24)
        RecordDetail(record: record, schema: layout.schema).draw(into: &frame, region: FrameRegion(frame))
        let lines = frame.lines.map { String($0.drop { $0 == " " }) }
        let first = try #require(lines.firstIndex { $0.hasPrefix("indexes") })
        let lastField = try #require(lines.firstIndex { $0.hasPrefix("updatedAt") })
        #expect(first > lastField, "after every field")
        #expect(lines[first].hasSuffix("byCategory: category, date"))
        #expect(Array(lines[(first + 1)...(first + 5)]) == [
            "byAccount: account, date, amount", "byCategoryAmount: category, amount", "byKind: kind", "bySeq: account, seq",
            "byDescription: description (no query)",
        ])
        let plain = try Fixtures.layout("finance.json", "Transaction")
        var without = Frame(width: 70, height: 24)
        RecordDetail(record: ModelRecord(layout: plain, key: RecordKey("t1"), values: [:]), schema: plain.schema).draw(into: &without, region: FrameRegion(without))
        #expect(!without.plainText.contains("indexes"), "a model without indexes shows none")
    }

    @Test func longValuesWrapAndKeepTheirMark() {
        let layout = try! Fixtures.layout("finance.json", "Transaction")
        let record = ModelRecord(layout: layout, key: RecordKey("t1"), values: [
            "description": .string(String(repeating: "word ", count: 20)),
            "updatedAt": .string("2026-11-25T10:00:01.250Z"),
        ])
        var frame = Frame(width: 44, height: 30)
        RecordDetail(record: record, schema: layout.schema).draw(into: &frame, region: FrameRegion(frame))
        let first = try! #require(frame.lines.firstIndex { $0.hasPrefix("  description") })
        #expect(frame.lines[first + 1].drop { $0 == " " }.hasPrefix("word"), "the value goes on under itself")
        #expect(frame.lines.contains { $0.hasPrefix("  updatedAt") && $0.hasSuffix("(read-only)") })
    }
}

/// A value holding escape sequences or control characters is drawn as visible stand-ins on
/// every screen that shows it: the detail and the update form.
@Suite struct HostileValueTests {
    static let layout = try! Fixtures.layout("finance.json", "Transaction")
    static let hostile = "Bread\u{1B}[2J\u{1B}]0;owned\u{07}\r\n\u{9B}31m\u{202E}"
    static let record = ModelRecord(layout: layout, key: RecordKey("t1"), values: [
        "description": .string(hostile), "tags": .list([.string("\u{1B}[31m"), .string("ok")]), "amount": .float(1),
        "category": .string("c"), "date": .string("2026-11-25"),
    ])

    static func expectNothingRaw(_ frame: Frame, sourceLocation: SourceLocation = #_sourceLocation) {
        let raw = frame.cells.flatMap(\.text.unicodeScalars).filter(TerminalText.needsReplacement)
        #expect(raw.isEmpty, "raw: \(raw.map { String($0.value, radix: 16) })", sourceLocation: sourceLocation)
        #expect(frame.plainText.contains("Bread␛[2J␛]0;owned␇␍␊�31m�"), sourceLocation: sourceLocation)
    }

    @Test func theDetailDrawsStandIns() {
        var frame = Frame(width: 80, height: 20)
        RecordDetail(record: Self.record, schema: Self.layout.schema).draw(into: &frame, region: FrameRegion(frame))
        Self.expectNothingRaw(frame)
        #expect(frame.plainText.contains("• ␛[31m"))
    }

    @Test func theUpdateFormDrawsStandInsAndKeepsTheValue() {
        var form = RecordForm(editing: Self.record)
        var frame = Frame(width: 80, height: 20)
        form.draw(into: &frame, region: FrameRegion(frame))
        Self.expectNothingRaw(frame)
        form.focus("description")
        frame = Frame(width: 80, height: 20)
        form.draw(into: &frame, region: FrameRegion(frame))
        Self.expectNothingRaw(frame)
        #expect(form.press(.control("s")) == .submitted(.update(ModelRecordPatch())), "untouched, it is not changed")
    }
}
