import ModelScreens
import ScreenValues
import Testing

/// The header and the rule on short lines: what matters most is kept whole, what gives way is
/// cut with "…", and nothing runs into anything else.
@Suite struct ChromeLineTests {
    static let online = HeaderView.Connection(symbol: "●", word: "online", color: .green)

    static func header(
        _ title: [HeaderView.TitlePart], width: Int, pending: Int = 0, backend: String? = nil, busy: Bool = false,
        progress: HeaderView.Progress? = nil
    ) -> String {
        var frame = Frame(width: width, height: 1)
        HeaderView(title: title, backend: backend, connection: online, pendingCount: pending, isBusy: busy, progress: progress,
                   palette: Palette(enabled: false))
            .draw(into: &frame)
        return frame.lines[0]
    }

    static let list: [HeaderView.TitlePart] = [.name("Real Estate Properties"), .kept(" · by creation")]

    @Test func aTitleThatFitsIsWholeWithTheBackend() {
        #expect(Self.header(Self.list, width: 80, backend: "local · API key")
            == " Real Estate Properties · by creation                local · API key · ● online")
    }

    /// The backend goes first, then the load's progress, then the name shortens: the order stays.
    @Test func theNameShortensBeforeTheOrder() {
        #expect(Self.header(Self.list, width: 60, backend: "local · API key")
            == " Real Estate Properties · by creation              ● online")
        let progress = HeaderView.Progress(loaded: 9_000, expected: 25_000)
        #expect(Self.header(Self.list, width: 100, busy: true, progress: progress)
            == " Real Estate Properties · by creation                       ● online · loading 9,000 of ~25,000 · ⟳")
        #expect(Self.header(Self.list, width: 70, busy: true, progress: progress)
            == " Real Estate Properties · by creation    ● online · 9,000/~25,000 · ⟳")
        #expect(Self.header(Self.list, width: 60, busy: true, progress: progress)
            == " Real Estate Properties · by creation          ● online · ⟳")
        #expect(Self.header(Self.list, width: 40, busy: true, progress: progress) == " Real Esta… · by creation  ● online · ⟳")
        #expect(Self.header(Self.list, width: 40) == " Real Estate P… · by creation  ● online")
        #expect(Self.header(Self.list, width: 40, pending: 1) == " R… · by creation  ● online · 1 pending")
        #expect(Self.header(Self.list, width: 40, pending: 10) == " R… · by creation ● online · 10 pending")
    }

    /// A load of unknown size says how far it got in few columns, and nothing before its first page.
    @Test func aLoadOfUnknownSizeSaysLessOnAShortLine() {
        let started = HeaderView.Progress(loaded: 0, expected: nil)
        #expect(Self.header(Self.list, width: 80, busy: true, progress: started)
            == " Real Estate Properties · by creation                 ● online · loading 0… · ⟳")
        #expect(Self.header(Self.list, width: 60, busy: true, progress: started)
            == " Real Estate Properties · by creation          ● online · ⟳", "no “0…”")
        let going = HeaderView.Progress(loaded: 35_000, expected: nil)
        #expect(Self.header(Self.list, width: 64, busy: true, progress: going)
            == " Real Estate Properties · by creation    ● online · 35,000… · ⟳")
    }

    /// When even a character of the name and the order do not fit, the title comes within one
    /// blank of the right side, then the order is cut at its end; a part that would show only "…"
    /// is left out, and the connection and count stay whole.
    @Test func whatStillDoesNotFitIsCutFromTheEnd() {
        #expect(Self.header(Self.list, width: 40, pending: 12_345) == " R… · by cre… ● online · 12,345 pending")
        let line = Self.header(Self.list + [.kept(" · read-only")], width: 40, pending: 12_345)
        #expect(line.hasSuffix(" ● online · 12,345 pending"), "\(line)")
        #expect(line.hasPrefix(" R") && !line.contains("……"), "\(line)")
    }

    /// A detail's two names share what is left, the longer cut first.
    @Test func twoNamesShareTheLine() {
        let detail: [HeaderView.TitlePart] = [.name("Transactions"), .kept(" › "), .name("Groceries for the whole week at the market")]
        #expect(Self.header(detail, width: 80).hasPrefix(" Transactions › Groceries for the whole week at the market  "))
        #expect(Self.header(detail, width: 60) == " Transactions › Groceries for the whole week at…   ● online")
        #expect(Self.header(detail, width: 40) == " Transactions › Groceries fo…  ● online")
        #expect(Self.header(detail, width: 40, pending: 12) == " Trans… › Groce…  ● online · 12 pending")
    }

    /// At every width from the smallest screen's up, for titles short and long: the right side
    /// whole at the line's end, two blanks or more before it, the title never longer than its room.
    @Test func nothingOverlapsAtAnyWidth() {
        let titles: [[HeaderView.TitlePart]] = [
            Self.list, [.name("Models")], [.name("東京タワー アパート"), .kept(" · by name")],
            [.name("Books of “A reader with a very long name”"), .kept(" · by creation"), .kept(" · read-only")],
            [.name("Real Estate Properties"), .kept(" › "), .name("👨‍👩‍👧 Family home"), .kept(" · read-only")],
        ]
        for title in titles {
            for width in 40...120 {
                for pending in [0, 3, 1_234_567] {
                    let line = Self.header(title, width: width, pending: pending, backend: "local · API key", busy: pending == 3)
                    var right = "● online"
                    if pending > 0 { right += " · \(NumberText.grouped(pending)) pending" }
                    if pending == 3 { right += " · ⟳" }
                    #expect(line.hasSuffix(right), "\(width): \(line)")
                    var left = line.dropLast(right.count)
                    if left.hasSuffix("local · API key · ") { left = left.dropLast("local · API key · ".count) }
                    #expect(left.hasSuffix(" ") && !line.contains("……"), "\(width): \(line)")
                }
            }
        }
    }

    static func rule(_ left: String?, count: String?, right: String? = nil, width: Int) -> String {
        var frame = Frame(width: width, height: 1)
        RuleView(row: 0, leftText: left, countText: count, rightText: right).draw(into: &frame)
        return frame.lines[0]
    }

    /// The count comes last and is never cut: what is before it is, with a blank kept after the "…".
    @Test func theRulesCountIsKept() {
        #expect(Self.rule("filter “ma”", count: "2 rows", width: 40) == "── filter “ma” · 2 rows ────────────────")
        #expect(Self.rule("loading… · simulated server: 50% of mutations fail, latency 800 ms", count: "6 rows", width: 60)
            == "── loading… · simulated server: 50% of mutations… · 6 rows ─")
        #expect(Self.rule("simulated server: 50% of mutations fail", count: nil, right: "4–7 of 7 rows", width: 40)
            == "── simulated server:… ─ 4–7 of 7 rows ──")
        #expect(Self.rule("simulated server: 50% of mutations fail", count: "1,234,567 rows", width: 40)
            == "── simulated server:… · 1,234,567 rows ─")
        #expect(Self.rule("a filter", count: "1,234,567 of 9,999,999 models", width: 40)
            == "── a… · 1,234,567 of 9,999,999 models ──")
        // No room for a character of the left text and "…": the count alone.
        #expect(Self.rule("a filter", count: "12,345,678 of 99,999,999 models", width: 40)
            == "── 12,345,678 of 99,999,999 models ─────")
    }
}
