@testable import RecordExport
import Testing

/// RFC 4180 quoting of one field.
@Suite struct CSVTextTests {
    @Test(arguments: [
        ("plain", "plain"),
        ("a,b", "\"a,b\""),
        ("say \"hi\"", "\"say \"\"hi\"\"\""),
        ("two\nlines", "\"two\nlines\""),
        ("cr\rhere", "\"cr\rhere\""),
        ("Zürich 東京 👨‍👩‍👧", "Zürich 東京 👨‍👩‍👧"),
        ("", "\"\""),
        (" padded ", " padded "),
    ])
    func quotesWhatNeedsIt(text: String, field: String) {
        #expect(CSVText.field(text) == field)
    }

    @Test func anEmptyFieldIsNullUnlessAskedToBeAnEmptyText() {
        #expect(CSVText.field("", emptyQuoted: false) == "")
    }
}
