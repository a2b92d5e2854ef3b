import PropertySync
import Testing
@testable import TUI

/// The header names the backend and auth mode, dim, left of the connection state, and gives
/// way to the title when the screen is narrow.
@Suite struct HeaderBackendTests {
    static func header(width: Int, backend: String?) -> String {
        var app = AppState(options: AppOptions(colorEnabled: false, backend: backend))
        _ = app.reduce(.resized(width: width, height: 14), now: t0)
        _ = app.reduce(.list(.loaded(plainRows)), now: t0)
        _ = app.reduce(.list(.connectivityChanged(.online)), now: t0)
        return String(app.render().plainText.split(separator: "\n", omittingEmptySubsequences: false)[0])
    }

    @Test func theBackendAndModeStandBeforeTheConnection() {
        let line = Self.header(width: 100, backend: "abc.appsync-api.eu-west-1 · IAM (guest)")
        #expect(line.contains("Real Estate Properties"))
        #expect(line.contains("abc.appsync-api.eu-west-1 · IAM (guest) · ● online"))
    }

    @Test func aNarrowScreenKeepsTheTitleAndDropsTheBackend() {
        let line = Self.header(width: 50, backend: "abc.appsync-api.eu-west-1 · IAM (guest)")
        #expect(!line.contains("IAM"))
        #expect(line.contains("Real Estate Properties") && line.contains("● online"))
    }

    /// A load's progress never cuts the sort order at the end of the title: it says less first.
    @Test func theSortOrderStaysWhileALoadIsCounted() {
        for width in [100, 85, 64] {
            var app = AppState(options: AppOptions(colorEnabled: false, backend: "local · API key"))
            _ = app.reduce(.resized(width: width, height: 14), now: t0)
            _ = app.reduce(.list(.loaded(plainRows)), now: t0)
            _ = app.reduce(.list(.connectivityChanged(.online)), now: t0)
            _ = app.reduce(.list(.busyChanged(true)), now: t0)
            _ = app.reduce(.list(.pendingCountChanged(3)), now: t0)
            _ = app.reduce(.list(.loadProgress(LoadProgress(loaded: 13_000, expected: 50_000))), now: t0)
            app.press(.character("s"), .character("s"))  // by address: the longest
            let line = String(app.render().plainText.split(separator: "\n", omittingEmptySubsequences: false)[0])
            #expect(line.contains("Real Estate Properties · by address"), "\(width): \(line)")
            #expect(line.contains("⟳"), "\(width): \(line)")
            if width == 100 { #expect(line.contains("loading 13,000 of ~50,000"), "room for it all: \(line)") }
            if width == 85 { #expect(line.contains("13,000/~50,000") && !line.contains("loading"), "shortened: \(line)") }
            if width == 64 { #expect(!line.contains("13,000"), "no room: the ⟳ says a load runs: \(line)") }
        }
    }

    @Test func withoutABackendNothingStandsBeforeTheState() {
        let line = Self.header(width: 100, backend: nil)
        #expect(line.contains("Real Estate Properties") && line.contains("   ● online"))
        #expect(!line.contains("· ●"))
    }
}
