import ModelScreens
import Testing
@testable import ModelBrowser

/// What `m` keeps: every refusal of a big batch, the newest always, and never an unbounded history.
@Suite struct MessageHistoryTests {
    typealias Message = StatusMessage<String>

    @Test func theNewestAreKeptAndTheHistoryStaysBounded() {
        var history: [Message] = []
        var status: Message?
        let now = ContinuousClock.now
        let limit = BrowserState.messageHistoryLimit
        for index in 0..<(limit * 3) {
            Message.show(Message("refused \(index)", level: .error, now: now), history: &history, status: &status, limit: limit)
            #expect(history.count <= limit + limit / 8)
        }
        #expect(history.count >= limit, "at least the limit is kept")
        #expect(history.last?.text == "refused \(limit * 3 - 1)")
        // The history is every message from its oldest kept one on, none skipped.
        let first = Int(history[0].text.split(separator: " ")[1])!
        #expect(history.map(\.text) == (first..<(limit * 3)).map { "refused \($0)" })
        #expect(limit >= 1_000, "a batch of 1,000 refusals is kept whole")
    }
}
