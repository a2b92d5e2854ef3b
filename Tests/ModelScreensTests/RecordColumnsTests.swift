import AmplifyModels
import ModelScreens
import ScreenValues
import Testing

/// Which fields the list shows, how wide, and that a value never reaches the terminal raw.
@Suite struct RecordColumnsTests {
    static let transactions = try! Fixtures.layout("finance.json", "Transaction")

    static func record(_ description: String, amount: Double = 12.5, tags: [String] = []) -> ModelRecord {
        ModelRecord(
            layout: transactions, key: RecordKey("9a1b2c3d-0000-4000-8000-00000000abcd"),
            values: [
                "description": .string(description), "amount": .float(amount), "category": .string("Groceries"),
                "date": .string("2026-11-25"), "type": .enumValue("EXPENSE"), "paymentMethod": .enumValue("CARD"),
                "tags": .list(tags.map(ModelValue.string)),
            ])
    }

    @Test func theDisplayFieldComesFirstThenFieldsInOrderListsLast() {
        let columns = RecordColumns(model: Self.transactions.model, schema: Self.transactions.schema, rows: [Self.record("Bread")], width: 400)
        #expect(columns.columns.map(\.field.name) == [
            "description", "type", "amount", "category", "date", "paymentMethod", "merchant", "tags", "receiptNumbers",
        ], "no id (a UUID), no timestamps or owner, lists last")
    }

    @Test func aCompositeKeyIsShownAndRelationsAreNot() throws {
        let bookings = try Fixtures.layout("court-bookings.json", "CourtBooking")
        let names = RecordColumns(model: bookings.model, schema: bookings.schema, rows: [], width: 400).columns.map(\.field.name)
        #expect(names.prefix(3) == ["playerName", "courtId", "slot"], "a name-like field names a booking, then the key")
        let books = try Fixtures.layout("reading-club.json", "Book")
        let bookNames = RecordColumns(model: books.model, schema: books.schema, rows: [], width: 400).columns.map(\.field.name)
        #expect(!bookNames.contains("reader") && bookNames.first == "title")
    }

    @Test func widthsFollowTheContent() {
        let columns = RecordColumns(model: Self.transactions.model, schema: Self.transactions.schema,
                                    rows: [Self.record("A rather long description")], width: 400)
        let description = columns.columns[0]
        #expect(description.width == "A rather long description".count)
        #expect(columns.columns[1].field.name == "type" && columns.columns[1].width == "EXPENSE".count)
        let amount = columns.columns[2]
        #expect(amount.width == "amount".count, "the title is wider than 12.5")
        let wide = RecordColumns(model: Self.transactions.model, schema: Self.transactions.schema,
                                 rows: [Self.record(String(repeating: "x", count: 200))], width: 400)
        #expect(wide.columns[0].width == RecordColumns.maximumWidth)
    }

    @Test func columnsShrinkAndGoToFitFortyColumns() {
        let rows = [Self.record("A rather long description of a purchase", tags: ["one", "two", "three"])]
        let width = RecordListView.columnsWidth(inRegionWidth: 40)
        let columns = RecordColumns(model: Self.transactions.model, schema: Self.transactions.schema, rows: rows, width: width)
        #expect(columns.usedWidth <= width)
        #expect(columns.columns.first?.field.name == "description")
        #expect(columns.columns.count < 9, "some columns go")
        // A column of values keeps its floor; an empty one may give its title up first.
        #expect(columns.columns.allSatisfy {
            $0.width >= min(RecordColumns.minimumWidth, $0.field.name.count) || (rows[0][$0.field.name] ?? .null) == .null
        })
        var frame = Frame(width: 40, height: 4)
        RecordListView(columns: columns, selectedIndex: 0, scrollTop: 0).draw(rows, into: &frame, region: FrameRegion(frame))
        #expect(frame.lines[0].hasPrefix("   description"))
        #expect(frame.lines[1].hasPrefix(" ▸ A rather long"))
        #expect(frame.lines[1].contains("…"), "the long description is cut, not wrapped")
        #expect(frame.lines.allSatisfy { $0.count <= 40 })
    }

    /// Issue 29: at 120 columns a column of values was cut ("daily, c…") while columns with no
    /// value on screen kept their titles' width. Empty columns give their room up first.
    @Test func emptyColumnsGiveUpTheirRoomBeforeAColumnOfValuesIsCut() {
        let model = Self.transactions.model
        let tags = ["daily", "coffee", "work", "team", "budget", "q4"]
        let rows = [Self.record("Flat white", tags: tags)]
        let wide = RecordColumns(model: model, schema: Self.transactions.schema, rows: rows, width: 400)
        let needed = wide.usedWidth
        let giveable = wide.columns.filter { (rows[0][$0.field.name] ?? .null) == .null }
            .map { max(0, $0.width - RecordColumns.emptyMinimumWidth) }.reduce(0, +)
        #expect(giveable >= 4, "the fixture has empty columns: \(wide.columns.map(\.field.name))")
        for width in stride(from: needed - 1, through: needed - giveable, by: -1) {
            let columns = RecordColumns(model: model, schema: Self.transactions.schema, rows: rows, width: width)
            let tagsColumn = columns.columns.first { $0.field.name == "tags" }
            #expect(tagsColumn?.width == wide.columns.first { $0.field.name == "tags" }?.width, "at \(width): the tags keep their width")
            #expect(columns.usedWidth <= width)
        }
    }

    @Test func oneColumnWiderThanTheScreenIsCut() {
        let columns = RecordColumns(model: Self.transactions.model, schema: Self.transactions.schema,
                                    rows: [Self.record(String(repeating: "y", count: 30))], width: 5)
        #expect(columns.columns.map(\.width) == [5])
    }

    @Test func escapeSequencesInValuesAreNotDrawnRaw() {
        let hostile = Self.record("Bread\u{1B}[2J\u{1B}]52;c;aGk=\u{07}\nnext\u{202E}", tags: ["\u{1B}[31mred"])
        let columns = RecordColumns(model: Self.transactions.model, schema: Self.transactions.schema, rows: [hostile], width: 200)
        var frame = Frame(width: 200, height: 3)
        RecordListView(columns: columns, selectedIndex: nil, scrollTop: 0).draw([hostile], into: &frame, region: FrameRegion(frame))
        let text = frame.plainText
        #expect(!text.unicodeScalars.contains { TerminalText.needsReplacement($0) && $0 != "\n" })
        #expect(text.contains("Bread␛[2J␛]52;c;aGk=␇␊next�"))
        #expect(text.contains("␛[31mred"))
        #expect(frame.wideCellsAreWhole)
    }

    @Test func theListScrollsAndMarksRows() {
        let rows = (0..<10).map { Self.record("Item \($0)") }
        let columns = RecordColumns(model: Self.transactions.model, schema: Self.transactions.schema, rows: rows, width: 60)
        let top = RecordListView.scrollTop(showing: 7, previous: 0, rowsShown: 4, count: 10)
        #expect(top == 4)
        var frame = Frame(width: 70, height: 5)
        RecordListView(columns: columns, selectedIndex: 7, scrollTop: top)
            .draw(rows, into: &frame, region: FrameRegion(frame)) { record in
                (record["description"] == .string("Item 5") ? "…" : "", record["description"] == .string("Item 5"))
            }
        #expect(frame.lines[1].hasPrefix("↑  Item 4"))
        #expect(frame.lines[2].hasSuffix("…"))
        #expect(frame[2, 3].style.contains(.dim))
        #expect(frame.lines[4].hasPrefix("↓▸ Item 7"))
        #expect(frame.lines[0].contains("type     amount") && frame.lines[1].contains("EXPENSE    12.5"), "numbers flush right")
        #expect(frame[4, 3].style.contains(.reverse))
    }

    @Test func anEmptyListSaysSo() {
        let columns = RecordColumns(model: Self.transactions.model, schema: Self.transactions.schema, rows: [], width: 60)
        var frame = Frame(width: 60, height: 3)
        RecordListView(columns: columns, selectedIndex: nil, scrollTop: 0).draw([], into: &frame, region: FrameRegion(frame), emptyText: "No transactions yet.")
        #expect(frame.lines[1] == "   No transactions yet.")
    }
}
