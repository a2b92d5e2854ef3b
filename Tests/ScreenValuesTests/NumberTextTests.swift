import ScreenValues
import Testing

/// Counts on screen (`loading 35,000 of ~1,000,000`) are grouped by thousands.
@Suite struct NumberTextTests {
    @Test func numbersAreGroupedByThousands() {
        #expect(NumberText.grouped(0) == "0")
        #expect(NumberText.grouped(999) == "999")
        #expect(NumberText.grouped(1000) == "1,000")
        #expect(NumberText.grouped(1_234_567) == "1,234,567")
    }
}
