import Foundation
import Testing
import AmplifyModels
@testable import ListRows

/// Where two ids' prefixes tell their order, it is the ids' own order (the screen's tie-break
/// between rows created in the same millisecond must not change with the shortcut).
@Suite struct IDPrefixTests {
    @Test func aPrefixThatDecidesAgreesWithTheIDs() {
        var generator = RowStoreScaleTests.SplitMix(state: 21)
        // UUIDs that share long prefixes, short ids, NUL, and non-ASCII text in and past the prefix.
        let pieces = ["0", "00", "a", "ab", "abc", "ABCDEFGH", "abcdefgh", "\u{0}", "é", "e\u{301}", "日本", "z", "-", "~"]
        var ids = (0..<200).map { _ in UUID().uuidString.lowercased() }
        ids += ids.prefix(50).map { String($0.prefix(8)) + "-ffff" }
        for _ in 0..<400 {
            let count = Int.random(in: 0..<6, using: &generator)
            ids.append((0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined())
        }
        var decided = 0
        for _ in 0..<20_000 {
            let a = ids.randomElement(using: &generator)!, b = ids.randomElement(using: &generator)!
            guard let order = IDPrefix(RecordKey(a).asciiPrefix).precedes(IDPrefix(RecordKey(b).asciiPrefix)) else { continue }
            decided += 1
            #expect(order == (a < b), "\(a.debugDescription) against \(b.debugDescription)")
        }
        #expect(decided > 10_000)  // the shortcut is taken for most pairs
    }

    @Test func nonASCIIAndEqualPrefixesLeaveItToTheIDs() {
        #expect(IDPrefix(RecordKey("é-1").asciiPrefix).precedes(IDPrefix(RecordKey("a").asciiPrefix)) == nil)
        #expect(IDPrefix(RecordKey("abcdefgh-2").asciiPrefix).precedes(IDPrefix(RecordKey("abcdefgh-1").asciiPrefix)) == nil)
        #expect(IDPrefix(RecordKey("ab").asciiPrefix).precedes(IDPrefix(RecordKey("ab\u{0}").asciiPrefix)) == nil)
        #expect(IDPrefix(RecordKey("ab").asciiPrefix).precedes(IDPrefix(RecordKey("abc").asciiPrefix)) == true)
        // A combining mark past the 8th byte makes the 8th character another ("e" + U+0301 is
        // "é", after "f"): the prefixes, "abcdefge" before "abcdefgf", must not decide.
        #expect("abcdefge\u{301}" > "abcdefgf")
        #expect(IDPrefix(RecordKey("abcdefge\u{301}").asciiPrefix).precedes(IDPrefix(RecordKey("abcdefgf").asciiPrefix)) == nil)
    }
}
