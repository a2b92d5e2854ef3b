import Testing
@testable import PropertySync

@Suite struct PropertyValidationTests {
    @Test func namesAreTrimmedAndRequired() throws {
        #expect(try PropertyValidation.name("  Villa Rosa \n").text == "Villa Rosa")
        #expect(throws: InvalidInput(message: "A name is required.")) { try PropertyValidation.name(" \t ") }
    }

    /// The list takes only checked values: a literal in the code is checked like typed text.
    @Test func aNameWrittenInTheCodeIsCheckedToo() {
        let name: PropertyName = "  Villa Rosa "
        let address: PropertyAddress = " "
        #expect(name.text == "Villa Rosa")
        #expect(address == .none)
    }

    @Test func lengthIsCountedInCharacters() throws {
        let wide = String(repeating: "東", count: PropertyValidation.maximumNameLength)
        #expect(try PropertyValidation.name(wide).text == wide)
        #expect(throws: InvalidInput(message: "The name is too long: 201 characters, at most 200.")) {
            try PropertyValidation.name(wide + "x")
        }
    }

    /// The app's rule is the server's (`PropertyLimits`): a record made elsewhere at the
    /// server's limits can be edited and saved here.
    @Test func theServersLongestValuesPass() throws {
        let name = String(repeating: "n", count: 200)
        let address = String(repeating: "a", count: 500)
        #expect(try PropertyValidation.name(name).text == name)
        #expect(try PropertyValidation.address(address).text == address)
    }

    @Test(arguments: ["Villa\u{1B}[2J", "Villa\u{7}", "Villa\u{9B}31m", "abc\u{202E}gpj.exe"])
    func controlCharactersAreRefused(name: String) {
        #expect(throws: InvalidInput.self) { try PropertyValidation.name(name) }
    }

    @Test func messageNamesTheCharacter() {
        #expect(throws: InvalidInput(message: "The name contains a control character (U+001B); remove it.")) {
            try PropertyValidation.name("Villa\u{1B}")
        }
    }

    @Test func addressesRefuseLineBreaks() {
        #expect(throws: InvalidInput(message: "The address contains a control character (U+000A); remove it.")) {
            try PropertyValidation.address("x\ny")
        }
    }

    @Test func emptyAddressMeansNone() throws {
        #expect(try PropertyValidation.address("   ") == nil)
        #expect(try PropertyValidation.address(" 88 Via Roma ") == "88 Via Roma")
        #expect(throws: InvalidInput.self) { try PropertyValidation.address(String(repeating: "a", count: PropertyValidation.maximumAddressLength + 1)) }
    }

    @Test func emojiAndCombiningMarksAreWelcome() throws {
        #expect(try PropertyValidation.name("Cafe\u{301} 🏠👨‍👩‍👧") == "Cafe\u{301} 🏠👨‍👩‍👧")
    }
}
