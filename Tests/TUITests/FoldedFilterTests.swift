import Foundation
import PropertySync
import Testing
@testable import TUI

/// The filter's byte-wise path for ASCII text finds exactly what Foundation's folding finds.
@Suite struct FoldedFilterTests {
    func record(_ name: String, _ address: String? = nil) -> RealEstateProperty {
        RealEstateProperty(id: .random(), name: name, address: address)
    }

    @Test func findsWithoutCaseOrAccentsInNameOrAddress() {
        #expect(FoldedFilter("sao").matches(record("Casa São João")))
        #expect(FoldedFilter("MULLER").matches(record("Café Müller")))
        #expect(FoldedFilter("harbour").matches(record("HARBOUR VIEW")))
        #expect(FoldedFilter("quay").matches(record("Loft", "12 Quay St")))
        #expect(FoldedFilter("日本").matches(record("日本の家")))
        #expect(FoldedFilter("").matches(record("Anything")))
        #expect(!FoldedFilter("loft").matches(record("Lof")))
        #expect(!FoldedFilter("quay").matches(record("Loft")))
        #expect(!FoldedFilter("a[").matches(record("A{")))  // only A–Z change case
    }

    @Test func agreesWithFoundationsFoldingOnRandomTexts() {
        var generator = RowStoreScaleTests.SplitMix(state: 7)
        let pieces = ["a", "B", "z", "Z", "@", "[", " ", "1", "é", "É", "ü", "ß", "ﬁ", "日", "Ａ", "st", "ST", "e\u{301}"]
        func text(_ lengths: ClosedRange<Int>) -> String {
            (0..<Int.random(in: lengths, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
        }
        for _ in 0..<5_000 {
            let filter = text(0...3), name = text(0...8), address = Bool.random(using: &generator) ? text(0...8) : nil
            let needle = SearchFolding.fold(filter)
            let expected = needle.isEmpty || SearchFolding.fold(name).contains(needle)
                || (address.map { SearchFolding.fold($0).contains(needle) } ?? false)
            #expect(FoldedFilter(filter).matches(record(name, address)) == expected,
                    "\(filter.debugDescription) in \(name.debugDescription), \(String(describing: address))")
        }
    }
}
