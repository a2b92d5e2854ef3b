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

    @Test func withoutABackendNothingStandsBeforeTheState() {
        let line = Self.header(width: 100, backend: nil)
        #expect(line.contains("Real Estate Properties") && line.contains("   ● online"))
        #expect(!line.contains("· ●"))
    }
}
