import AsyncHTTPClient
import GraphQL
import Testing
@testable import LocalAppSync

@Suite struct FaultTests {
    @Test func latencyDelaysEveryAnswer() async throws {
        try await TestServer.with(configure: { $0.faults.latency = .milliseconds(300) }) { server in
            let started = ContinuousClock.now
            let response = try await server.graphQL("{ __typename }")
            // A lower bound only: the answer cannot come sooner than the injected delay.
            #expect(ContinuousClock.now - started >= .milliseconds(300))
            #expect(response["data"]["__typename"] == "Query")
        }
    }

    @Test func jitterAddsAtMostItsAmount() {
        let faults = FaultSettings(.init(latency: .milliseconds(100), jitter: .milliseconds(50)))
        for _ in 0..<100 {
            let delay = faults.nextDelay()
            #expect(delay >= .milliseconds(100) && delay <= .milliseconds(150))
        }
        let clamped = FaultSettings(.init(latency: .milliseconds(-5), failRate: 3, dropRate: -1, loseAnswerRate: 7, errorStatusRate: -0.5)).values
        #expect(clamped == .init(latency: .zero, failRate: 1, dropRate: 0, loseAnswerRate: 1, errorStatusRate: 0))
        faults.update {
            $0.loseAnswerRate = .nan
            $0.errorStatusRate = 2
        }
        #expect(faults.values.loseAnswerRate == 0 && faults.values.errorStatusRate == 1)
    }

    @Test func failRateAnswersMutationsWithAnInjectedErrorAndCanBeChangedAtRunTime() async throws {
        try await TestServer.with(configure: { $0.faults.failRate = 1 }) { server in
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
    }

    @Test func dropRateClosesTheConnectionWithoutAnAnswer() async throws {
        let log = CapturedLog()
        try await TestServer.with(configure: {
            $0.faults.dropRate = 1
            $0.requestLogger = log.logger
        }) { server in
            await #expect(throws: (any Error).self) { try await server.graphQL("{ __typename }") }
            #expect(log.lines.first?.hasPrefix("POST /graphql dropped") == true)
            server.server.faults.values.dropRate = 0
            let response = try await server.graphQL("{ __typename }")
            #expect(response["data"]["__typename"] == "Query")
        }
    }

    static let updateName = "mutation ($input: UpdateRealEstatePropertyInput!) { updateRealEstateProperty(input: $input) { id name _version } }"
    static let getRecord = "query ($id: ID!) { getRealEstateProperty(id: $id) { id name _version } }"

    @Test func loseAnswerRateAppliesTheMutationOnceThenClosesTheConnectionUnanswered() async throws {
        let log = CapturedLog()
        try await TestServer.with(configure: {
            $0.faults.loseAnswerRate = 1
            $0.requestLogger = log.logger
        }) { server in
            let key = server.server.apiKey
            let client = RealtimeTestClient.connectWithQueryAuth(port: server.port, apiKey: key)
            defer { client.close() }
            _ = await client.initialize()
            _ = await client.start(id: "created", query: RealtimeTests.onCreate, apiKey: key, port: server.port)
            _ = await client.start(id: "updated", query: "subscription { onUpdateRealEstateProperty { id name _version } }", apiKey: key, port: server.port)

            // Queries keep their answers: only mutations lose them.
            #expect(try await server.graphQL("{ __typename }")["data"]["__typename"] == "Query")
            await #expect(throws: HTTPClientError.remoteConnectionClosed) {
                try await server.create(name: "Answer lost", id: "lost-1")
            }
            server.server.faults.update { $0.loseAnswerRate = 0 }
            let created = try await server.graphQL(Self.getRecord, variables: ["id": "lost-1"])
            #expect(sameJSON(created["data"]["getRealEstateProperty"], ["id": "lost-1", "name": "Answer lost", "_version": 1]))
            let createdEvent = await client.next(type: "data")
            #expect(createdEvent?["id"] == "created")
            #expect(createdEvent?["payload"]["data"]["onCreateRealEstateProperty"]["_version"] == 1)

            server.server.faults.update { $0.loseAnswerRate = 1 }
            await #expect(throws: HTTPClientError.remoteConnectionClosed) {
                try await server.graphQL(Self.updateName, variables: ["input": ["id": "lost-1", "name": "Renamed", "_version": 1]])
            }
            server.server.faults.update { $0.loseAnswerRate = 0 }
            let updated = try await server.graphQL(Self.getRecord, variables: ["id": "lost-1"])
            #expect(sameJSON(updated["data"]["getRealEstateProperty"], ["id": "lost-1", "name": "Renamed", "_version": 2]), "applied exactly once")
            let updatedEvent = await client.next(type: "data")
            #expect(updatedEvent?["id"] == "updated")
            #expect(sameJSON(updatedEvent?["payload"]["data"]["onUpdateRealEstateProperty"], ["id": "lost-1", "name": "Renamed", "_version": 2]))

            // A retry of the same update now meets the version it already moved: a conflict
            // carrying the server's record, which is how a client learns its write landed.
            let retried = try await server.graphQL(Self.updateName, variables: ["input": ["id": "lost-1", "name": "Renamed", "_version": 1]])
            #expect(retried["errors"][0]["errorType"] == "ConflictUnhandled")
            #expect(retried["errors"][0]["data"]["_version"] == 2)
            let lost = log.lines.filter { $0.hasPrefix("POST /graphql answer lost (lose-answer-rate) ") }
            #expect(lost.count == 2)
        }
    }

    @Test func errorRateAnswers503WithoutRunningTheRequest() async throws {
        try await TestServer.with(configure: { $0.faults.errorStatusRate = 1 }) { server in
            let create = try TestServer.body(#"mutation { createRealEstateProperty(input: {id: "never", name: "Never"}) { id } }"#)
            let refused = try await server.post(body: create)
            #expect(refused.status == 503)
            #expect(sameJSON(refused.json, [
                "errors": [["errorType": "ServiceUnavailable", "message": "Injected 503 (error-rate 1.0)"]],
            ]))
            // The key is still checked first.
            #expect(try await server.post(body: create, headers: [("x-api-key", "da2-notthekey")]).status == 401)
            server.server.faults.values.errorStatusRate = 0
            let stored = try await server.graphQL(Self.getRecord, variables: ["id": "never"])
            #expect(stored["data"]["getRealEstateProperty"].isNull, "a 503 applied nothing")
            #expect(try await server.post(body: create).status == 200)
        }
    }

    /// Latency runs before the resolver, but a client that gives up during it has NOT prevented
    /// the write: the server still runs the request once the delay is over. A timeout is an
    /// unknown outcome, never "not applied".
    @Test func aClientThatGivesUpDuringLatencyStillHasItsWriteAppliedAfterIt() async throws {
        // What happens during the delay is not checked: on a loaded machine "during" has no
        // reliable length. What counts is that the abandoned write is applied afterwards.
        try await TestServer.with(configure: { $0.faults.latency = .seconds(2) }) { server in
            await #expect(throws: HTTPClientError.deadlineExceeded) {
                try await server.graphQL(
                    #"mutation { createRealEstateProperty(input: {id: "late", name: "Late"}) { id } }"#, timeout: .milliseconds(200))
            }
            // Checked without latency, so the check itself does not wait behind it.
            server.server.faults.values.latency = .zero
            try await waitUntil("the abandoned create to be applied after its delay", within: .seconds(60)) {
                let stored = try await server.graphQL(Self.getRecord, variables: ["id": "late"])
                return stored["data"]["getRealEstateProperty"]["_version"] == 1
            }
        }
    }
}
