import Testing
@testable import PropertySync

/// The table of editable fields: every row checks typed text, makes an edit of its own field,
/// and reads back what it wrote.
@Suite struct PropertyEditTests {
    let villa = RealEstateProperty(id: "villa", name: "Villa Rosa", address: "88 Via Roma", version: 1)

    @Test(arguments: PropertyField.allCases)
    func anEditOfAFieldChangesOnlyThatField(_ field: PropertyField) throws {
        let edit = try field.edit("  Casa Nova  ")
        #expect(edit.field == field)
        let edited = edit.applied(to: villa)
        #expect(field.text(of: edited) == "Casa Nova", "trimmed where it is typed, once")
        for other in PropertyField.allCases where other != field {
            #expect(other.text(of: edited) == other.text(of: villa))
        }
        #expect(edit.isHeld(by: edited) && !edit.isHeld(by: villa))
    }

    @Test(arguments: PropertyField.allCases)
    func aFieldRefusesWhatTheServerWould(_ field: PropertyField) {
        #expect(throws: InvalidInput.self) { try field.edit(String(repeating: "x", count: field.maximumLength + 1)) }
        #expect(throws: InvalidInput.self) { try field.edit("bell \u{7}") }
    }

    @Test func eachFieldIsItsOwnOperation() throws {
        #expect(Set(PropertyField.allCases.map(\.kind)).count == PropertyField.allCases.count)
        #expect(PropertyEdit.address(.none).applied(to: villa).address == nil, "an empty address clears it")
        #expect(try PropertyField.address.edit("") == .address(.none))
    }
}
