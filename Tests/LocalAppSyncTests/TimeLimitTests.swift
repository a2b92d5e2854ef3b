import Testing
@testable import LocalAppSync

/// The test support's waits fail the test when they give up, rather than returning quietly.
@Suite struct TimeLimitTests {
    @Test func aStreamThatNeverEndsFailsTheTestInsteadOfHangingIt() async {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        defer { continuation.finish() }
        await withKnownIssue("the wait gives up") {
            try await withTimeLimit(.milliseconds(100), waitingFor: "a stream that never yields") {
                for await _ in stream {}
            }
        }
    }

    @Test func aConditionThatNeverHoldsFailsTheTest() async {
        await withKnownIssue("the poll gives up") {
            try await waitUntil("something that never happens", within: .milliseconds(100)) { false }
        }
    }

    @Test func realtimeWaitsThatGiveUpFailTheTest() async throws {
        try await TestServer.with { server in
            let client = RealtimeTestClient.connectWithQueryAuth(port: server.port, apiKey: server.server.apiKey)
            defer { client.close() }
            #expect(await client.initialize()?["type"] == "connection_ack")
            await withKnownIssue("no message matches") {
                _ = await client.next(within: .milliseconds(200)) { _ in false }
            }
            await withKnownIssue("the server keeps the socket open") {
                await client.waitUntilClosed(within: .milliseconds(200))
            }
        }
    }
}
