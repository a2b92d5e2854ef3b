import AsyncHTTPClient
import GraphQL
import Testing
@testable import LocalAppSync

@Suite struct FaultTests {
    @Test func latencyDelaysEveryAnswer() async throws {
        let server = try await TestServer.start { $0.faults.latency = .milliseconds(300) }
        defer { Task { await server.stop() } }
        let started = ContinuousClock.now
        let response = try await server.graphQL("{ __typename }")
        // A lower bound only: the answer cannot come sooner than the injected delay.
        #expect(ContinuousClock.now - started >= .milliseconds(300))
        #expect(response["data"]["__typename"] == "Query")
    }

    @Test func jitterAddsAtMostItsAmount() {
        let faults = FaultSettings(.init(latency: .milliseconds(100), jitter: .milliseconds(50)))
        for _ in 0..<100 {
            let delay = faults.nextDelay()
            #expect(delay >= .milliseconds(100) && delay <= .milliseconds(150))
        }
        let clamped = FaultSettings(.init(latency: .milliseconds(-5), failRate: 3, dropRate: -1)).values
        #expect(clamped == .init(latency: .zero, failRate: 1, dropRate: 0))
    }

    @Test func failRateAnswersMutationsWithAnInjectedErrorAndCanBeChangedAtRunTime() async throws {
        let server = try await TestServer.start { $0.faults.failRate = 1 }
        defer { Task { await server.stop() } }
        let failed = try await server.graphQL(#"mutation { createRealEstateProperty(input: {name: "Doomed"}) { id } }"#)
        #expect(failed["data"]["createRealEstateProperty"].isNull)
        #expect(failed["errors"][0]["errorType"] == "InjectedFailure")
        #expect(failed["errors"][0]["message"].string?.contains("Injected") == true)
        #expect(sameJSON(failed["errors"][0]["path"], ["createRealEstateProperty"]))
        let queries = try await server.graphQL("{ listRealEstateProperties { items { id } } }")
        #expect(queries["data"]["listRealEstateProperties"]["items"] == [], "queries are not failed, and nothing was written")
        server.server.faults.update { $0.failRate = 0 }
        let created = try await server.create(name: "Lucky")
        #expect(created["name"] == "Lucky")
    }

    @Test func dropRateClosesTheConnectionWithoutAnAnswer() async throws {
        let log = CapturedLog()
        let server = try await TestServer.start {
            $0.faults.dropRate = 1
            $0.requestLogger = log.logger
        }
        defer { Task { await server.stop() } }
        await #expect(throws: (any Error).self) { try await server.graphQL("{ __typename }") }
        #expect(log.lines.first?.hasPrefix("POST /graphql dropped") == true)
        server.server.faults.values.dropRate = 0
        let response = try await server.graphQL("{ __typename }")
        #expect(response["data"]["__typename"] == "Query")
    }

    @Test func offlineClosesEveryConnectionUntilItIsTurnedOff() async throws {
        let log = CapturedLog()
        let server = try await TestServer.start { $0.requestLogger = log.logger }
        defer { Task { await server.stop() } }
        server.server.faults.update { $0.offline = true }
        await #expect(throws: (any Error).self) { try await server.graphQL("{ __typename }") }
        await #expect(throws: (any Error).self) { try await server.create(name: "Kept for later") }
        #expect(log.lines.contains { $0.hasPrefix("POST /graphql dropped (offline)") })
        server.server.faults.update { $0.offline = false }
        let response = try await server.graphQL("{ listRealEstateProperties { items { name } } }")
        #expect(response["data"]["listRealEstateProperties"]["items"] == [], "nothing was written while offline")
    }
}
