import Foundation
import Testing
@testable import ListRows

/// The filter's byte-wise path for ASCII text finds exactly what Foundation's folding finds.
@Suite struct FoldedFilterTests {
    func record(_ name: String, _ address: String? = nil) -> Listing { listing("a", name, address) }

    @Test func findsWithoutCaseOrAccentsInNameOrAddress() {
        #expect(ListingRows.matches(record("Casa São João"), FoldedFilter("sao")))
        #expect(ListingRows.matches(record("Café Müller"), FoldedFilter("MULLER")))
        #expect(ListingRows.matches(record("HARBOUR VIEW"), FoldedFilter("harbour")))
        #expect(ListingRows.matches(record("Loft", "12 Quay St"), FoldedFilter("quay")))
        #expect(ListingRows.matches(record("日本の家"), FoldedFilter("日本")))
        #expect(ListingRows.matches(record("Anything"), FoldedFilter("")))
        #expect(!ListingRows.matches(record("Lof"), FoldedFilter("loft")))
        #expect(!ListingRows.matches(record("Loft"), FoldedFilter("quay")))
        #expect(!ListingRows.matches(record("A{"), FoldedFilter("a[")))  // only A–Z change case
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
            #expect(ListingRows.matches(record(name, address), FoldedFilter(filter)) == expected,
                    "\(filter.debugDescription) in \(name.debugDescription), \(String(describing: address))")
        }
    }
}
