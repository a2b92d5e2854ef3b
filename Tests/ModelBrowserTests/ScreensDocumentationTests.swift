import AmplifyModels
import Foundation
import OptimisticStore
import SyncEngine
import ScreenValues
import Testing
@testable import ModelBrowser

/// The screens drawn in docs/keys-and-screens.md ("## Screens") are frames the app draws: the
/// sample offline, showing its cache, one change waiting and a rename just refused, on a wide
/// terminal and on the smallest one.
@Suite struct ScreensDocumentationTests {
    typealias Sample = SampleScreenTests

    /// The code blocks of the page's "## Screens" section, in their order.
    static func drawnScreens(filePath: String = #filePath) throws -> [String] {
        let url = URL(fileURLWithPath: filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/keys-and-screens.md")
        let page = try String(contentsOf: url, encoding: .utf8)
        let start = try #require(page.range(of: "\n## Screens\n"))
        let end = page.range(of: "\n## ", range: start.upperBound..<page.endIndex)?.lowerBound ?? page.endIndex
        let blocks = page[start.upperBound..<end].components(separatedBy: "```")
        return stride(from: 1, to: blocks.count, by: 2).map { blocks[$0].trimmingCharacters(in: .newlines) }
    }

    static func screen(width: Int, height: Int) -> BrowserState {
        let records = [
            Sample.property("d4", "東京タワー アパート", "4-2-8 Shibakoen, Minato-ku, Tokyo", minute: 1),
            Sample.property("e5", "Café Müller", "Hauptstraße 12, 10827 Berlin", minute: 2),
            Sample.property("g7", "Harbour View Loft", "21 Circular Quay, Sydney NSW 2000", minute: 3),
            Sample.property("j0", "Maple Cottage", minute: 4),
        ]
        var state = Sample.screen(records)
        state.fixedClockTime = "09:41"
        _ = state.reduce(.resized(width: width, height: height))
        for _ in 0..<2 { _ = state.reduce(.keyPressed(.character("j"))) }
        _ = state.reduce(.list(model: Sample.model, .connectivityChanged(.offline("the server refused the connection"))))
        _ = state.reduce(.list(model: Sample.model, .loadStateChanged(.cached(refreshedAt: Date()))))
        _ = state.reduce(.list(model: Sample.model, .rowsChanged(RecordRowUpdate(upserted: [RecordRow(records[3], status: .pending(1))]))))
        _ = state.reduce(.list(model: Sample.model, .pendingCountChanged(1)))
        _ = state.reduce(.list(model: Sample.model, .reverted(
            RecordOperationSummary(kind: .rename, recordID: RecordKey("g7"), recordName: "Harbour View Loft", newName: "Harbour View"),
            message: "Injected failure (fail-rate 1.0): LocalAppSync rejected this mutation on purpose.", conflict: false)))
        return state
    }

    static func text(_ state: BrowserState) -> String {
        state.render().plainText.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
    }

    @Test func theDocumentedScreensAreDrawnSo() throws {
        let documented = try Self.drawnScreens()
        let drawn = [Self.text(Self.screen(width: 96, height: 10)), Self.text(Self.screen(width: 40, height: 10))]
        #expect(documented.count == drawn.count, "docs/keys-and-screens.md should draw \(drawn.count) screens")
        for (page, frame) in zip(documented, drawn) {
            #expect(page == frame, "docs/keys-and-screens.md should draw the screen as\n\(frame)")
        }
    }
}
