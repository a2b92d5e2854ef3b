import Testing
@testable import PropertySync

@Suite struct PropertyValidationTests {
    @Test func namesAreTrimmedAndRequired() throws {
        #expect(try PropertyValidation.name("  Villa Rosa \n") == "Villa Rosa")
        #expect(throws: InvalidInput(message: "A name is required.")) { try PropertyValidation.name(" \t ") }
    }

    @Test func lengthIsCountedInCharacters() throws {
        let wide = String(repeating: "東", count: PropertyValidation.maximumNameLength)
        #expect(try PropertyValidation.name(wide) == wide)
        #expect(throws: InvalidInput(message: "The name is too long: 101 characters, at most 100.")) {
            try PropertyValidation.name(wide + "x")
        }
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
        #expect(throws: InvalidInput.self) { try PropertyValidation.address(String(repeating: "a", count: 201)) }
    }

    @Test func emojiAndCombiningMarksAreWelcome() throws {
        #expect(try PropertyValidation.name("Cafe\u{301} 🏠👨‍👩‍👧") == "Cafe\u{301} 🏠👨‍👩‍👧")
    }
}
