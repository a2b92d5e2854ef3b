import AmplifyModels
import ModelScreens
import ScreenValues
import Testing

@Suite struct ModelPickerTests {
    static let schema = try! Fixtures.schema("reading-club.json")

    @Test func arrowsMoveAndEnterChooses() {
        var picker = ModelPicker(schema: Self.schema)
        #expect(picker.matches.map(\.name) == Self.schema.models.map(\.name))
        #expect(picker.handle(.down) == .choosing)
        #expect(picker.handle(.enter) == .chosen(Self.schema.models[1]))
        _ = picker.handle(.end)
        #expect(picker.selected == Self.schema.models.last)
        _ = picker.handle(.down)
        #expect(picker.selected == Self.schema.models.last)
        #expect(picker.handle(.escape) == .cancelled)
        #expect(ModelPicker(schema: Self.schema, selecting: "Award").selected?.name == "Award")
    }

    @Test func typingFilters() {
        var picker = ModelPicker(schema: Self.schema)
        for character in "RE" { _ = picker.handle(.character(character)) }
        #expect(picker.matches.map(\.name) == ["Reader", "Review"])
        _ = picker.handle(.down)
        #expect(picker.selected?.name == "Review")
        _ = picker.handle(.character("v"))
        #expect(picker.matches.map(\.name) == ["Review"] && picker.selectedIndex == 0)
        _ = picker.handle(.backspace)
        #expect(picker.matches.count == 2)
        #expect(picker.handle(.escape) == .choosing, "Esc clears the filter first")
        #expect(picker.filterText.isEmpty)
        _ = picker.handle(.character("z"))
        #expect(picker.handle(.enter) == .choosing, "nothing to choose")
    }

    @Test func aPasteOnlyFilters() {
        var picker = ModelPicker(schema: Self.schema)
        #expect(picker.handle(.paste("Book\n")) == .choosing)
        #expect(picker.filterText == "Book ")
        #expect(picker.handle(.alt(.enter)) == .choosing)
        #expect(picker.handle(.paste("\u{1B}[B\r")) == .choosing)
        #expect(picker.filterText == "Book ", "refused whole")
        #expect(picker.message == "Not pasted: the text has a control character (U+001B).")
        #expect(picker.handle(.paste(.invalidUTF8(byte: 0xFF, offset: 0))) == .choosing)
        #expect(picker.message == "Not pasted: the text is not valid UTF-8 (byte 0xFF at offset 0).")
        _ = picker.handle(.character("s"))
        #expect(picker.message == nil && picker.filterText == "Book s")
    }

    @Test func rowsSayFieldsKeyAndWhyReadOnly() throws {
        let bookings = try Fixtures.schema("court-bookings.json")
        let picker = ModelPicker(schema: bookings, readOnlyReasons: ["CourtBooking": "its auth rules allow no change with API key"])
        var frame = Frame(width: 120, height: 4)
        picker.draw(into: &frame, region: FrameRegion(frame))
        #expect(frame.lines[0] == " ▸ CourtBooking  16 fields · key courtId + slot · 1 index · read-only: its auth rules allow no change with API key")
        #expect(frame.lines[3].hasPrefix(" Filter: "))
        var readers = Frame(width: 60, height: 6)
        ModelPicker(schema: Self.schema).draw(into: &readers, region: FrameRegion(readers))
        #expect(readers.lines[0].hasPrefix(" ▸ Reader  ") && readers.lines[0].contains("3 relations · key id"))
    }

    /// Issue 31, item 4: a model's secondary indexes are counted beside its key.
    @Test func rowsCountTheIndexes() throws {
        let ledger = try Fixtures.schema("indexed-ledger.json")
        #expect(ModelPicker.summary(of: try #require(ledger.model(named: "Entry")), readOnlyReason: nil) == "10 fields · key id · 6 indexes")
        let reading = try Fixtures.schema("reading-club.json")
        #expect(ModelPicker.summary(of: try #require(reading.model(named: "Reader")), readOnlyReason: nil).hasSuffix("3 relations · key id"), "no index, nothing said")
        let book = try #require(reading.model(named: "Book"))
        #expect(ModelPicker.summary(of: book, readOnlyReason: nil).hasSuffix("· key id · 1 index"))
    }
}

/// A list's title: the plural name in words, as the sample's was.
@Suite struct ModelTitleTests {
    @Test(arguments: [
        ("RealEstateProperties", "Real Estate Properties"), ("AWSAccounts", "AWS Accounts"), ("Transactions", "Transactions"),
        ("todos", "todos"), ("Q3Reports", "Q3 Reports"), ("URLs", "URLs"), ("CourtBookings", "Court Bookings"),
    ])
    func thePluralNameInWords(_ name: String, _ title: String) {
        let model = AmplifyModel(name: "M", pluralName: name, fields: [ModelField(name: "id", type: .scalar(.id), isRequired: true)], primaryKey: .id)
        #expect(model.listTitle == title)
    }
}
