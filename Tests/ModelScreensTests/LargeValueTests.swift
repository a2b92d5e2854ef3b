import AmplifyModels
import ModelScreens
import ScreenValues
import Testing

/// Issue 29, item 12: one value of a megabyte made every key in the list and the detail take a
/// second (each frame measured, sanitised and wrapped the whole value). What is drawn is now
/// bounded by what can be seen: checked by how much text the views make, not by a clock.
@Suite struct LargeValueTests {
    static let schema = RecordDetailTests.schema
    static let reviews = RecordDetailTests.reviews

    static func review(_ text: String, quotes: [String] = []) -> ModelRecord {
        ModelRecord(
            layout: reviews, key: RecordKey("big"),
            values: ["readerId": .string("reader-7"), "bookTitle": .string("Dune"), "text": .string(text)])
    }

    static let megabyte = String(repeating: "sand and spice ", count: 70_000)  // about 1 MB

    @Test func aListCellOfAMegabyteIsCutBeforeItIsMeasured() {
        let record = Self.review(Self.megabyte)
        let field = Self.reviews.model.field(named: "text")!
        let columns = RecordColumns(model: Self.reviews.model, schema: Self.schema, rows: [record], width: 120)
        let cell = columns.cellText(record["text"]!, of: field)
        #expect(cell.count < 300, "\(cell.count) characters")
        #expect(cell.contains("more not shown"))
        var frame = Frame(width: 120, height: 5)
        RecordListView(columns: columns, selectedIndex: 0, scrollTop: 0).draw([record], into: &frame, region: FrameRegion(frame))
        #expect(frame.plainText.contains("sand and spice"))
    }

    @Test func theDetailShowsABoundedPartAndSaysHowMuchIsLeft() {
        let record = Self.review(Self.megabyte)
        let detail = RecordDetail(record: record, schema: Self.schema)
        let lines = detail.lines(width: 80)
        #expect(lines.count < 400, "\(lines.count) lines")
        #expect(lines.contains { $0.text.contains("KB more not shown") || $0.text.contains("MB more not shown") })
        // A small value is shown whole, with no note.
        let small = RecordDetail(record: Self.review("Sand."), schema: Self.schema).lines(width: 80)
        #expect(!small.contains { $0.text.contains("not shown") })
    }
}
