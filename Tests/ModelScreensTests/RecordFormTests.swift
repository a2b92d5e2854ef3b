import AmplifyModels
import ModelScreens
import ScreenValues
import Testing

/// The edit form driven with keys: values typed, picked and listed, checked by their types,
/// submitted as a record or a patch, and never submitted by a paste or an Alt key.
@Suite struct RecordFormTests {
    static let finance = try! Fixtures.schema("finance.json")
    static let transactions = try! RecordLayout(model: finance.model(named: "Transaction")!, schema: finance)
    static let categories = try! RecordLayout(model: finance.model(named: "Category")!, schema: finance)
    static let budgets = try! Fixtures.layout("household-budget.json", "Budget")

    /// A create form for a Transaction with every required field filled.
    static func filledTransaction() -> RecordForm {
        var form = RecordForm(creating: transactions)
        form.focus("type")
        form.press(.right)
        form.focus("amount")
        form.type("12.5")
        form.focus("description")
        form.type("Bread")
        form.focus("category")
        form.type("Groceries")
        form.focus("date")
        form.type("2026-11-25")
        return form
    }

    @Test func aCreateFormHasTheKeyAndEveryEditableField() {
        let form = RecordForm(creating: Self.transactions)
        #expect(form.fieldNames == ["id", "type", "amount", "description", "category", "date", "paymentMethod", "merchant", "tags", "receiptNumbers"])
        #expect(form.focusedField == "type", "the first field the user gives: the id is made for them, S-Tab reaches it")
        #expect(form.title == "New Transaction")
        let budget = RecordForm(creating: Self.budgets)
        #expect(budget.title == "New Budget")
        #expect(RecordForm(creating: try! RecordLayout(model: .realEstateProperty, schema: .realEstateProperty)).title
            == "New Real Estate Property", "the model's name in words, as the list's title is")
    }

    @Test func anInvalidDateShowsAnErrorAndRefusesSubmit() {
        var form = Self.filledTransaction()
        form.focus("date")
        form.press(.control("u"))
        form.type("2026-02-30")
        #expect(form.error(ofField: "date") == nil, "not while it is being typed for the first time")
        form.press(.tab)
        // The shape is right; the day does not exist, and that is what is said (issue 29).
        let problem = "2026-02-30 is not a day: February 2026 has 28 days."
        #expect(form.error(ofField: "date") == problem)
        let outcome = form.press(.control("s"))
        #expect(outcome == .refused([FieldProblem(field: "date", message: problem)]))
        #expect(form.focusedField == "date", "the focus goes to the problem")
        var frame = Frame(width: 80, height: 20)
        form.draw(into: &frame, region: FrameRegion(frame))
        let row = try! #require(frame.lines.firstIndex { $0.contains("date *") })
        #expect(frame.lines[row + 1].contains("✗ " + problem), "under the field")
        #expect(frame.lines[19].contains("✗ Not saved: date: " + problem))
        // Fixed, it submits.
        form.press(.control("u"))
        form.type("2026-02-28")
        guard case .submitted(.create(let record)) = form.press(.control("s")) else {
            Issue.record("not submitted: \(form.problems)")
            return
        }
        #expect(record["date"] == .string("2026-02-28"))
        #expect(record["amount"] == .float(12.5))
        #expect(record["type"] == .enumValue("INCOME") || record["type"] == .enumValue("EXPENSE"))
        #expect(record.id.text.count == 36, "an id left empty is a new UUID")
    }

    @Test func anEnumCyclesThroughExactlyItsValues() throws {
        var form = RecordForm(creating: try Fixtures.layout("household-budget.json", "Transaction"))
        form.focus("kind")
        #expect(form.text(ofField: "kind") == "—", "nothing chosen yet")
        let values = try #require(Fixtures.schema("household-budget.json").enums["CategoryKind"]?.values)
        var seen: [String] = []
        for _ in 0..<(values.count * 2) {
            form.press(.right)
            seen.append(form.text(ofField: "kind") ?? "")
        }
        #expect(seen == values + values, "required: no null in the cycle")
        form.press(.left)
        #expect(form.text(ofField: "kind") == values[values.count - 2])
        form.press(.character(" "))
        #expect(form.text(ofField: "kind") == values.last)
        form.press(.backspace)
        #expect(form.text(ofField: "kind") == values.last, "a required enum cannot be cleared")
    }

    @Test func anOptionalEnumCyclesThroughNullToo() {
        var form = RecordForm(creating: Self.transactions)
        form.focus("paymentMethod")
        let values = Self.finance.enums["PaymentMethod"]!.values
        var seen: [String] = []
        for _ in 0...values.count {
            form.press(.right)
            seen.append(form.text(ofField: "paymentMethod") ?? "")
        }
        #expect(seen == values + ["—"])
        form.type("c")
        #expect(form.text(ofField: "paymentMethod")?.lowercased().hasPrefix("c") == true, "a letter jumps to a value")
    }

    @Test func aBooleanToggles() {
        var form = RecordForm(creating: Self.categories)
        form.focus("isHidden")
        #expect(form.text(ofField: "isHidden") == "—")
        form.press(.character(" "))
        #expect(form.text(ofField: "isHidden") == "true")
        form.press(.character(" "))
        #expect(form.text(ofField: "isHidden") == "false")
        form.press(.right)
        #expect(form.text(ofField: "isHidden") == "true", "required: true and false only")
        form.press(.character("f"))
        #expect(form.text(ofField: "isHidden") == "false")
    }

    @Test func anOptionalBooleanMayBeNull() throws {
        var form = RecordForm(creating: try Fixtures.layout("reading-club.json", "Reader"))
        form.focus("isModerator")
        form.press(.right, .right, .right)
        #expect(form.text(ofField: "isModerator") == "—")
        form.press(.right)
        #expect(form.text(ofField: "isModerator") == "true")
        form.press(.backspace)
        #expect(form.text(ofField: "isModerator") == "—")
    }

    @Test func aRequiredFieldLeftEmptyIsRefused() {
        var form = RecordForm(creating: Self.transactions)
        guard case .refused(let problems) = form.press(.control("s")) else {
            Issue.record("submitted an empty form")
            return
        }
        #expect(problems.map(\.field) == ["amount", "description", "category", "date"], "type is optional")
        #expect(problems.allSatisfy { $0.message.contains("the field is required") })
        #expect(form.focusedField == "amount")
        #expect(form.message == "Not saved: 4 fields need fixing (amount, description, category, date).")
        #expect(form.error(ofField: "id") == nil, "an empty id is made on submit")
    }

    @Test func aListOfIntWithABadItemIsRefused() {
        var form = RecordForm(creating: Self.budgets)
        form.focus("tenantId"); form.type("t1")
        form.focus("sku"); form.type("A-2")
        form.focus("title"); form.type("Food")
        form.focus("limit"); form.type("300")
        form.focus("months")
        form.type("1"); form.press(.enter)
        form.type("two"); form.press(.enter)
        form.type("3")
        #expect(form.text(ofField: "months") == "1\ntwo\n3")
        guard case .refused(let problems) = form.press(.control("s")) else {
            Issue.record("submitted a bad list")
            return
        }
        #expect(problems == [FieldProblem(field: "months", message: "item 2: Expected a whole number from -2147483648 to 2147483647, like 42.")])
        // The bad item fixed, the list goes.
        form.focus("months")
        form.press(.up, .end, .control("u"))
        form.type("2")
        guard case .submitted(.create(let record)) = form.press(.control("s")) else {
            Issue.record("refused: \(form.problems)")
            return
        }
        #expect(record["months"] == .list([.int(1), .int(2), .int(3)]))
        #expect(record.id.text == "t1#A-2")
    }

    @Test func enterOnAnEmptyLastItemLeavesTheList() {
        var form = RecordForm(creating: Self.transactions)
        form.focus("tags")
        form.type("a")
        form.press(.enter)
        #expect(form.text(ofField: "tags") == "a\n")
        form.press(.enter)
        #expect(form.text(ofField: "tags") == "a")
        #expect(form.focusedField == "receiptNumbers")
        form.press(.backspace)
        form.press(.up)
        #expect(form.focusedField == "tags")
        form.press(.home, .backspace)
        #expect(form.text(ofField: "tags") == "a", "⌫ at the first item's start does nothing")
    }

    @Test func aPasteIsOnlyText() {
        var form = Self.filledTransaction()
        form.focus("merchant")
        // A line break in a one-line field was meant as ⏎ (or belongs to another text): the
        // paste is refused whole, as the sample's and a rename's fields refuse it.
        let outcome = form.press(.paste("Bakery\ngdy\r\nq\u{09}s"))
        #expect(outcome == .editing)
        #expect(form.text(ofField: "merchant") == "")
        #expect(form.message == "Not pasted: the text has a line break, and a merchant is one line.")
        #expect(form.focusedField == "merchant")
        form.press(.paste("Bakery gdy q\u{09}s"))
        #expect(form.text(ofField: "merchant") == "", "a tab is refused too, as the sample's fields refuse it")
        form.press(.paste("Bakery gdy q s"))
        #expect(form.text(ofField: "merchant") == "Bakery gdy q s")
        // On the last field too: a paste ending with a line break does not submit.
        form.focus("receiptNumbers")
        #expect(form.press(.paste("R-1\nR-2\n")) == .editing)
        #expect(form.text(ofField: "receiptNumbers") == "R-1\nR-2")
        #expect(form.press(.paste("\n")) == .editing)
        // An escape sequence refuses the whole paste.
        form.focus("merchant")
        #expect(form.press(.paste("x\u{1B}[2J")) == .editing)
        #expect(form.text(ofField: "merchant") == "Bakery gdy q s")
        #expect(form.message == "Not pasted: the text has a control character (U+001B).")
        // A paste into a picked field picks the value it names, or nothing.
        form.focus("paymentMethod")
        form.press(.paste("cash\n"))
        #expect(form.text(ofField: "paymentMethod") == "—", "a line break is refused here too")
        form.press(.paste("cash"))
        #expect(form.text(ofField: "paymentMethod") == "CASH")
        form.press(.paste("y"))
        #expect(form.text(ofField: "paymentMethod") == "CASH")
    }

    /// Issue 29, items 4, 6, 7: a paste too long, not UTF-8 or holding a paste marker goes into
    /// no field, partly or whole; the message gives the true size and the limit, or the reason.
    /// (The form's text fields have no length limit of their own: a paste of 100,000 characters
    /// goes in whole; the decoder cut a longer one to that, with no word.)
    @Test func aPasteThatCannotGoInWholeGoesInNotAtAll() {
        var form = Self.filledTransaction()
        form.focus("merchant")
        let before = form.text(ofField: "merchant")
        form.press(.paste(.tooLong(characters: 102_400, codePoints: 102_400)))
        #expect(form.text(ofField: "merchant") == before)
        #expect(form.message == "Not pasted: the text is 102,400 characters long; a paste holds at most 100,000.")
        form.press(.paste(.invalidUTF8(byte: 0xFF, offset: 3)))
        #expect(form.text(ofField: "merchant") == before)
        #expect(form.message == "Not pasted: the text is not valid UTF-8 (byte 0xFF at offset 3).")
        form.press(.paste("Part1\u{1B}[200~Part2\rdy"))
        #expect(form.text(ofField: "merchant") == before)
        #expect(form.message == "Not pasted: the text has a line break, and a merchant is one line.")
        form.press(.paste("Part1\u{1B}[200~Part2"))
        #expect(form.text(ofField: "merchant") == before)
        #expect(form.message == "Not pasted: the text has a control character (U+001B).")
        form.focus("receiptNumbers")
        let items = form.text(ofField: "receiptNumbers")
        form.press(.paste(.invalidUTF8(byte: 0xC3, offset: 0)))
        #expect(form.text(ofField: "receiptNumbers") == items)
        form.focus("paymentMethod")
        form.press(.paste(.tooLong(characters: 102_400, codePoints: 102_400)))
        #expect(form.message == "Not pasted: the text is 102,400 characters long; a paste holds at most 100,000.")
        form.focus("merchant")
        let whole = String(repeating: "x", count: Paste.maximumLength)
        form.press(.end, .paste(.text(whole)))
        #expect(form.text(ofField: "merchant") == (before ?? "") + whole)
    }

    @Test func altKeysNeverSubmitOrCancel() {
        var form = Self.filledTransaction()
        form.focus("receiptNumbers")
        for key: Key in [.alt(.enter), .alt(.escape), .alt(.character("s")), .alt(.control("s")), .alt(.character("q")), .function(10)] {
            #expect(form.press(key) == .editing, "\(key)")
        }
        form.focus("merchant")
        form.type("Corner shop")
        form.press(.alt(.backspace))
        #expect(form.text(ofField: "merchant") == "Corner ")
        #expect(form.press(.escape) == .cancelled)
    }

    /// ⏎ goes to the next required field still empty and saves when none is: `n`, a name, ⏎ adds
    /// a record (the sample's quick create), whatever field the form opened on.
    @Test func enterGoesToTheNextRequiredFieldStillEmptyAndSavesWhenNoneIs() {
        var form = RecordForm(creating: Self.transactions)
        #expect(form.focusedField == "type")
        form.press(.right)
        #expect(form.press(.enter) == .editing)
        #expect(form.focusedField == "amount", "the next required field")
        form.type("12.5")
        form.focus("merchant")  // an optional field, typed out of order
        form.type("Bakery")
        form.press(.enter)
        #expect(form.focusedField == "description", "on from the top: the first required field left empty")
        form.type("Bread")
        form.press(.enter)
        #expect(form.focusedField == "category")
        form.type("Groceries")
        form.press(.enter)
        #expect(form.focusedField == "date")
        form.type("2026-11-25")
        guard case .submitted(.create(let record)) = form.press(.enter) else {
            Issue.record("not submitted: \(form.problems)")
            return
        }
        #expect(record["merchant"] == .string("Bakery") && record["date"] != nil)
        // A value the codec refuses is not "empty": ⏎ saves, and the submit says what is wrong.
        var bad = Self.filledTransaction()
        bad.focus("amount")
        bad.press(.control("u"))
        bad.type("lots")
        guard case .refused(let problems) = bad.press(.enter) else {
            Issue.record("submitted a bad amount")
            return
        }
        #expect(problems.map(\.field) == ["amount"])
    }

    @Test func enterSavesAnUpdateAtOnce() throws {
        let record = try ModelRecord.checked([
            "tenantId": .string("t1"), "sku": .string("A-2"), "title": .string("Food"), "limit": .float(300), "months": .list([]),
        ], layout: Self.budgets)
        var form = RecordForm(editing: record)
        form.focus("title")
        form.press(.control("u"))
        form.type("Groceries")
        #expect(form.press(.enter) == .submitted(.update(ModelRecordPatch(["title": .string("Groceries")]))))
    }

    @Test func anUpdateShowsTheKeyReadOnlyAndSubmitsOnlyChangedFields() throws {
        let record = try ModelRecord.checked([
            "tenantId": .string("t1"), "sku": .string("A-2"), "title": .string("Food"), "limit": .float(300),
            "months": .list([.int(1), .int(2)]), "settings": FieldValueCodec(field: Self.budgets.model.field(named: "settings")!,
                schema: Self.budgets.schema).value(typed: #"{"b": [1, 2.5], "a": "x"}"#),
            "period": .enumValue("MONTHLY"),
        ], layout: Self.budgets)
        var form = RecordForm(editing: record)
        #expect(form.fieldNames.prefix(2) == ["tenantId", "sku"])
        #expect(form.focusedField == "limit", "the first field after the display field (r renames that one), not the key")
        form.press(.backTab)
        #expect(form.focusedField == "title")
        form.press(.backTab)
        #expect(form.focusedField == "title", "the key is not reached")
        #expect(form.text(ofField: "sku") == "A-2")
        // Moving through every field, and typing then undoing, changes nothing.
        for _ in form.fieldNames { form.press(.tab) }
        form.focus("title")
        form.type("s")
        form.press(.backspace)
        #expect(!form.hasChanges)
        #expect(form.press(.control("s")) == .submitted(.update(ModelRecordPatch())))
        // Two changes: only they are sent.
        form.focus("limit")
        form.press(.control("u"))
        form.type("350")
        form.focus("months")
        form.press(.down, .end, .enter)
        form.type("3")
        form.focus("period")
        form.press(.backspace)
        #expect(form.press(.control("s")) == .submitted(.update(ModelRecordPatch([
            "limit": .float(350), "months": .list([.int(1), .int(2), .int(3)]), "period": .null,
        ]))))
        var frame = Frame(width: 80, height: 24)
        form.draw(into: &frame, region: FrameRegion(frame))
        #expect(frame.lines[0].hasPrefix("   tenantId") && frame.lines[0].hasSuffix("t1"))
        #expect(frame[0, frame.lines[0].count - 1].style.contains(.dim))
    }

    @Test func aCustomKeyIsRequiredOnCreate() {
        var form = RecordForm(creating: Self.budgets)
        guard case .refused(let problems) = form.press(.control("s")) else {
            Issue.record("submitted without a key")
            return
        }
        #expect(problems.prefix(2).map(\.field) == ["tenantId", "sku"])
    }

    @Test func theFormScrollsToTheFocusedField() {
        var form = RecordForm(creating: Self.budgets)
        var frame = Frame(width: 70, height: 6)
        form.focus("months")
        form.draw(into: &frame, region: FrameRegion(frame))
        #expect(frame.lines.contains { $0.contains("▸ months *") })
        #expect(frame.lines[0].hasPrefix("↑"))
        #expect(frame.lines[5].contains("A line per item"), "the hint says how a list is edited")
    }

    @Test func listItemsSplitAndJoin() {
        var form = RecordForm(creating: Self.transactions)
        form.focus("tags")
        form.type("redgreen")
        form.press(.left, .left, .left, .left, .left, .enter)
        #expect(form.text(ofField: "tags") == "red\ngreen", "⏎ splits at the cursor")
        form.press(.backspace)
        #expect(form.text(ofField: "tags") == "redgreen", "⌫ at an item's start joins it to the one above")
        form.press(.enter)
        form.press(.paste("blue\nyellow "))
        #expect(form.text(ofField: "tags") == "red\nblue\nyellow green", "a paste's lines are items, the rest after the last")
        var filled = Self.filledWith(form)
        guard case .submitted(.create(let record)) = filled.press(.control("s")) else {
            Issue.record("refused")
            return
        }
        #expect(record["tags"] == .list([.string("red"), .string("blue"), .string("yellow green")]))
    }

    /// The required fields of a Transaction filled in `form`.
    static func filledWith(_ form: RecordForm) -> RecordForm {
        var form = form
        form.focus("amount"); form.type("1")
        form.focus("description"); form.type("d")
        form.focus("category"); form.type("c")
        form.focus("date"); form.type("2026-11-25")
        return form
    }

    @Test func aFixedKeyTakesNoPasteAndAModelWithNothingToEditStillCloses() throws {
        let record = sampleRecord(Self.budgets)
        #expect(RecordForm(editing: record).text(ofField: "sku") == "text 0")
        var readOnly = Self.budgets.model
        readOnly.fields = readOnly.fields.map { field in
            var field = field
            if !readOnly.primaryKey.fields.contains(field.name) { field.isReadOnly = true }
            return field
        }
        let layout = try RecordLayout(model: readOnly, schema: Self.budgets.schema)
        var nothing = RecordForm(editing: ModelRecord(layout: layout, key: record.id))
        #expect(nothing.fieldNames == ["tenantId", "sku"])
        #expect(nothing.press(.paste("x")) == .editing)
        #expect(nothing.message == "Not pasted: tenantId cannot be changed.")
        #expect(nothing.press(.character("x")) == .editing)
        #expect(nothing.press(.control("s")) == .submitted(.update(ModelRecordPatch())))
        #expect(nothing.press(.escape) == .cancelled)
        var frame = Frame(width: 60, height: 5)
        nothing.draw(into: &frame, region: FrameRegion(frame))
        #expect(frame.lines[0].hasPrefix("   tenantId"))
    }
}

/// A field whose description gives a longest text (the sample's name and address, as its
/// server takes them): typing stops there and says so, a counter shows near the limit, a paste
/// that does not fit goes in not at all.
@Suite struct FieldLimitTests {
    static let sample = try! RecordLayout(model: .realEstateProperty, schema: .realEstateProperty)

    func hint(_ form: RecordForm) -> String {
        var frame = Frame(width: 100, height: 12)
        form.draw(into: &frame, region: FrameRegion(top: 0, left: 0, width: 100, height: 12))
        return frame.lines[11]
    }

    @Test func typingStopsAtTheLimitAndSaysSo() {
        var form = RecordForm(creating: Self.sample)
        #expect(form.focusedField == "name")
        for _ in 0..<159 { _ = form.handle(.character("a")) }
        #expect(!hint(form).contains("/200"), "no counter far from the limit: \(hint(form))")
        _ = form.handle(.character("a"))
        #expect(hint(form).contains("160/200"), "\(hint(form))")
        for _ in 0..<60 { _ = form.handle(.character("b")) }
        #expect(form.text(ofField: "name")?.count == 200)
        #expect(form.message == "The name holds at most 200 characters.")
        _ = form.handle(.backspace)
        #expect(form.message == nil && form.text(ofField: "name")?.count == 199)
        #expect(hint(form).contains("199/200"))
    }

    /// A problem too long for the form's last line takes two: the form has the keys, so `m`
    /// cannot be opened to read it whole.
    @Test func aLongProblemTakesTwoLines() {
        var form = RecordForm(creating: Self.sample)
        for _ in 0..<190 { _ = form.handle(.character("a")) }
        _ = form.handle(.paste(.text(String(repeating: "x", count: 11))))
        var frame = Frame(width: 50, height: 12)
        form.draw(into: &frame, region: FrameRegion(top: 0, left: 0, width: 50, height: 12))
        let shown = frame.lines[10] + frame.lines[11]
        #expect(shown.contains("do not fit") && shown.contains("(10 left)"), "\(frame.lines)")
    }

    @Test func aPasteThatDoesNotFitGoesInNotAtAll() {
        var form = RecordForm(creating: Self.sample)
        for _ in 0..<190 { _ = form.handle(.character("a")) }
        _ = form.handle(.paste(.text(String(repeating: "x", count: 11))))
        #expect(form.text(ofField: "name")?.count == 190)
        #expect(form.message == "Not pasted: 11 characters do not fit; the name holds 200 (10 left).")
        _ = form.handle(.paste(.text(String(repeating: "x", count: 10))))
        #expect(form.text(ofField: "name")?.count == 200)
    }

    @Test func aFieldRenamedInPlaceStopsAtTheLimitToo() throws {
        let record = ModelRecord(layout: Self.sample, key: RecordKey("a1"), values: ["name": .string(String(repeating: "n", count: 199))], version: 1)
        var edit = try #require(InPlaceEdit(record: record, named: "n", field: "name", schema: .realEstateProperty))
        #expect(edit.handle(.character("x")) == .editing)
        #expect(edit.handle(.character("y")) == .refused("The name holds at most 200 characters."))
        #expect(edit.text.count == 200)
    }

    /// A refused create offered again: its name offered whole, as selected, so that the keys
    /// typed next make what they spell; a move keeps it to edit.
    @Test func anOfferedNameIsReplacedByTyping() {
        let refused = ModelRecord(layout: Self.sample, key: RecordKey("r1"), values: ["name": .string("Maple Cottage")], version: 0)
        var form = RecordForm(addingAnew: refused)
        form.offerFocusedText()
        for character in "Cabin" { _ = form.handle(.character(character)) }
        #expect(form.text(ofField: "name") == "Cabin")
        var moved = RecordForm(addingAnew: refused)
        moved.offerFocusedText()
        _ = moved.handle(.left)
        _ = moved.handle(.character("s"))
        #expect(moved.text(ofField: "name") == "Maple Cottagse", "a move keeps the name to edit")
    }
}
