@testable import ModelBrowser

/// The browser's actions at one instant, for tests that do not look at time.
extension BrowserState {
    static let testInstant = ContinuousClock.now

    mutating func reduce(_ action: BrowserAction) -> [BrowserEffect] {
        reduce(action, now: Self.testInstant)
    }
}
