import AmplifyModels
import ModelScreens
import ScreenValues
import Testing

/// C-o in a field that holds a parent's key: the parent's records held, by name, to pick from;
/// the pick goes into the field as its key, and Esc changes nothing.
@Suite struct ParentPickerTests {
    static let transactions = try! Fixtures.layout("household-budget.json", "Transaction")

    static func form(names: [String: String]) -> RecordForm {
        var form = RecordForm(creating: transactions)
        form.parents = ["categoryId": RecordForm.ParentNames(
            model: "Category", names: Dictionary(uniqueKeysWithValues: names.map { (ModelValue.string($0.key), $0.value) }))]
        form.focus("categoryId")
        return form
    }

    @Test func choicesAreByNameAndTheFilterMatchesNamesAndKeys() throws {
        var form = Self.form(names: ["c-3": "rent", "c-1": "Groceries", "c-2": "Fuel"])
        form.press(.control("o"))
        var picker = try #require(form.picker)
        #expect(picker.matches.map(\.name) == ["Fuel", "Groceries", "rent"])
        for character in "C-3" { _ = picker.handle(.character(character)) }
        #expect(picker.matches.map(\.name) == ["rent"])
        _ = picker.handle(.control("u"))
        _ = picker.handle(.paste("ROC\n"))
        #expect(picker.filterText == "ROC " && picker.matches.isEmpty, "a paste only filters, line breaks as spaces")
        _ = picker.handle(.backspace)
        guard case .picked(let choice) = picker.handle(.enter) else { throw PickerFailure.nothingPicked }
        #expect(choice.key == .string("c-1") && choice.keyText == "c-1" && choice.name == "Groceries")
    }

    @Test func aPickFillsTheFieldAndEscapeLeavesItAsItWas() {
        var form = Self.form(names: ["c-1": "Groceries", "c-2": "Fuel"])
        form.type("typed")
        form.press(.control("o"), .down, .escape)
        #expect(form.picker == nil && form.text(ofField: "categoryId") == "typed")
        form.press(.control("o"), .down, .enter)
        #expect(form.picker == nil && form.text(ofField: "categoryId") == "c-1")
        form.press(.control("o"))
        #expect(form.picker?.selected?.name == "Groceries", "the field's parent starts selected")
    }

    @Test func whileOpenTheFormGetsNoKeyAndTheScreenShowsThePicker() {
        var form = Self.form(names: ["c-1": "Groceries"])
        form.press(.control("o"))
        #expect(form.press(.control("s")) == .editing && form.picker != nil, "C-s filters, it does not submit")
        var frame = Frame(width: 60, height: 6)
        form.draw(into: &frame, region: FrameRegion(frame))
        #expect(frame.lines[0].hasPrefix(" Pick the Category for categoryId: 1 held here"))
        #expect(frame.lines[1].hasPrefix(" ▸ Groceries  c-1"))
        #expect(frame.lines[5].hasPrefix(" Filter: "))
    }

    @Test func aPasteRefusedIsSaidWhereTheFilterIs() {
        var form = Self.form(names: ["c-1": "Groceries"])
        form.press(.control("o"), .paste("\u{1B}[B"))
        var frame = Frame(width: 80, height: 5)
        form.draw(into: &frame, region: FrameRegion(frame))
        #expect(frame.lines[4].contains("✗ Not pasted: the text has a control character (U+001B)."), "\(frame.lines)")
        #expect(form.picker?.filterText == "")
    }

    @Test func noParentHeldSaysToTypeTheKey() {
        var form = Self.form(names: [:])
        form.press(.control("o"))
        var frame = Frame(width: 80, height: 5)
        form.draw(into: &frame, region: FrameRegion(frame))
        #expect(frame.lines[1].contains("No Category is held here yet: type its key in the field instead."))
    }

    @Test func aFieldWithoutParentsIgnoresControlO() {
        var form = RecordForm(creating: Self.transactions)
        form.focus("description")
        form.press(.control("o"))
        #expect(form.picker == nil)
    }
}

enum PickerFailure: Error { case nothingPicked }
