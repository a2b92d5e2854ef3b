import GraphQL
import Testing
@testable import LocalAppSync

@Suite struct RealtimeTests {
    static let onCreate = "subscription { onCreateRealEstateProperty { id name address _version } }"

    @Test(arguments: ["query", "subprotocol"])
    func bothAuthFormsConnectAndReceiveData(form: String) async throws {
        try await TestServer.with { server in
            let client = form == "query"
                ? RealtimeTestClient.connectWithQueryAuth(port: server.port, apiKey: server.server.apiKey)
                : RealtimeTestClient.connectWithSubprotocolAuth(port: server.port, apiKey: server.server.apiKey)
            defer { client.close() }
            let ack = await client.initialize()
            #expect(ack?["payload"]["connectionTimeoutMs"] == 300_000)
            let started = await client.start(id: "sub-1", query: Self.onCreate, apiKey: server.server.apiKey, port: server.port)
            #expect(sameJSON(started, ["type": "start_ack", "id": "sub-1"]))
            let created = try await server.create(name: "Live", address: "Here")
            let data = await client.next(type: "data")
            #expect(data?["id"] == "sub-1")
            #expect(sameJSON(data?["payload"]["data"]["onCreateRealEstateProperty"], [
                "id": created["id"], "name": "Live", "address": "Here", "_version": 1,
            ]))
        }
    }

    @Test func aWrongKeyGetsAConnectionError() async throws {
        try await TestServer.with { server in
            let client = RealtimeTestClient.connectWithQueryAuth(port: server.port, apiKey: "da2-wrongwrongwrong")
            defer { client.close() }
            client.send(#"{"type":"connection_init"}"#)
            let error = await client.next(type: "connection_error")
            #expect(sameJSON(error?["payload"]["errors"][0], [
                "errorType": "UnauthorizedException", "message": "You are not authorized to make this call.", "errorCode": 401,
            ]))
            await client.waitUntilClosed()
        }
    }

    @Test func idsAreEchoedVerbatimAndUpdatesAndDeletesArrive() async throws {
        try await TestServer.with { server in
            let key = server.server.apiKey
            let client = RealtimeTestClient.connectWithSubprotocolAuth(port: server.port, apiKey: key)
            defer { client.close() }
            _ = await client.initialize()
            #expect(await client.start(id: "1", query: "subscription { onUpdateRealEstateProperty { id name } }", apiKey: key, port: server.port)?["id"] == "1")
            #expect(await client.start(id: "Ünïcode id/+=", query: "subscription { onDeleteRealEstateProperty { id _deleted } }", apiKey: key, port: server.port)?["id"] == "Ünïcode id/+=")
            let created = try await server.create(name: "Before")
            try await server.graphQL(
                "mutation ($id: ID!) { updateRealEstateProperty(input: {id: $id, name: \"After\", _version: 1}) { id name } }",
                variables: ["id": created["id"]])
            let update = await client.next(type: "data")
            #expect(update?["id"] == "1")
            #expect(update?["payload"]["data"]["onUpdateRealEstateProperty"]["name"] == "After")
            try await server.graphQL(
                "mutation ($id: ID!) { deleteRealEstateProperty(input: {id: $id, _version: 2}) { id _deleted } }",
                variables: ["id": created["id"]])
            let delete = await client.next(type: "data")
            #expect(delete?["id"] == "Ünïcode id/+=")
            #expect(delete?["payload"]["data"]["onDeleteRealEstateProperty"]["_deleted"] == true)
        }
    }

    @Test func subscriptionFiltersAreEvaluatedAgainstTheResult() async throws {
        try await TestServer.with { server in
            let key = server.server.apiKey
            let client = RealtimeTestClient.connectWithQueryAuth(port: server.port, apiKey: key)
            defer { client.close() }
            _ = await client.initialize()
            let query = "subscription ($filter: ModelSubscriptionRealEstatePropertyFilterInput) { onCreateRealEstateProperty(filter: $filter) { name } }"
            _ = await client.start(id: "casa", query: query, variables: #"{"filter":{"name":{"beginsWith":"Casa"}}}"#, apiKey: key, port: server.port)
            _ = await client.start(id: "inList", query: query, variables: #"{"filter":{"or":[{"name":{"in":["Loft"]}}]}}"#, apiKey: key, port: server.port)
            try await server.create(name: "Villa")
            try await server.create(name: "Casa Azul")
            try await server.create(name: "Loft")
            let first = await client.next(type: "data")
            let second = await client.next(type: "data")
            let received = [first, second].compactMap { $0 }.map { "\($0["id"].string ?? ""):\($0["payload"]["data"]["onCreateRealEstateProperty"]["name"].string ?? "")" }
            #expect(Set(received) == ["casa:Casa Azul", "inList:Loft"])
        }
    }

    @Test func fieldsTheMutationDidNotSelectArriveAsNull() async throws {
        try await TestServer.with { server in
            let key = server.server.apiKey
            let client = RealtimeTestClient.connectWithQueryAuth(port: server.port, apiKey: key)
            defer { client.close() }
            _ = await client.initialize()
            _ = await client.start(id: "s", query: "subscription { onCreateRealEstateProperty { name address } }", apiKey: key, port: server.port)
            try await server.graphQL(#"mutation { createRealEstateProperty(input: {name: "Sparse", address: "Hidden"}) { id name } }"#)
            let data = await client.next(type: "data")
            #expect(sameJSON(data?["payload"]["data"]["onCreateRealEstateProperty"], ["name": "Sparse", "address": .null]))
        }
    }

    @Test func stopAnswersCompleteAndEndsTheStream() async throws {
        try await TestServer.with { server in
            let key = server.server.apiKey
            let client = RealtimeTestClient.connectWithQueryAuth(port: server.port, apiKey: key)
            defer { client.close() }
            _ = await client.initialize()
            _ = await client.start(id: "a", query: Self.onCreate, apiKey: key, port: server.port)
            _ = await client.start(id: "b", query: Self.onCreate, apiKey: key, port: server.port)
            client.send(#"{"type":"stop","id":"a"}"#)
            #expect(sameJSON(await client.next(type: "complete"), ["type": "complete", "id": "a"]))
            try await server.create(name: "Only b")
            let data = await client.next(type: "data")
            #expect(data?["id"] == "b")
            client.send(#"{"type":"stop","id":"b"}"#)
            #expect(await client.next(type: "complete")?["id"] == "b")
        }
    }

    @Test func keepAlivesArriveAtTheConfiguredInterval() async throws {
        try await TestServer.with(configure: { $0.keepAliveInterval = .milliseconds(100) }) { server in
            let client = RealtimeTestClient.connectWithQueryAuth(port: server.port, apiKey: server.server.apiKey)
            defer { client.close() }
            _ = await client.initialize()
            // One ka right after the ack, then at least two more from the timer.
            for _ in 0..<3 { #expect(await client.next(type: "ka") == ["type": "ka"]) }
        }
    }

    @Test func aSocketThatNeverInitialisesIsClosed() async throws {
        try await TestServer.with(configure: { $0.connectionInitTimeout = .milliseconds(200) }) { server in
            let client = RealtimeTestClient.connectWithQueryAuth(port: server.port, apiKey: server.server.apiKey)
            await client.waitUntilClosed()
            #expect(await client.next(type: "connection_ack") == nil)
        }
    }

    @Test func invalidSubscriptionsAndStartsBeforeInitAreErrors() async throws {
        try await TestServer.with { server in
            let key = server.server.apiKey
            let client = RealtimeTestClient.connectWithQueryAuth(port: server.port, apiKey: key)
            defer { client.close() }
            let early = await client.start(id: "early", query: Self.onCreate, apiKey: key, port: server.port)
            #expect(early?["type"] == "error")
            _ = await client.initialize()
            let invalid = await client.start(id: "bad", query: "subscription { onCreateRealEstateProperty { colour } }", apiKey: key, port: server.port)
            #expect(invalid?["type"] == "error")
            #expect(invalid?["id"] == "bad")
            #expect(invalid?["payload"]["errors"][0]["message"].string?.contains("FieldUndefined") == true)
            let wrongKey = await client.start(id: "key", query: Self.onCreate, apiKey: "da2-wrongwrongwrong", port: server.port)
            #expect(wrongKey?["payload"]["errors"][0]["errorType"] == "UnauthorizedException")
        }
    }
}

extension RealtimeTests {
    /// A non-null field the mutation did not select arrives as null beside an error, and the
    /// rest of the event (the record's id) still arrives.
    @Test func aNonNullFieldTheMutationDidNotSelectArrivesAsNullWithAnError() async throws {
        try await TestServer.with { server in
            let key = server.server.apiKey
            let client = RealtimeTestClient.connectWithQueryAuth(port: server.port, apiKey: key)
            defer { client.close() }
            _ = await client.initialize()
            _ = await client.start(id: "s", query: "subscription { onCreateRealEstateProperty { id renamed: name _version } }", apiKey: key, port: server.port)
            try await server.graphQL(#"mutation { createRealEstateProperty(input: {id: "sparse", name: "Sparse"}) { id name } }"#)
            let data = await client.next(type: "data")
            #expect(sameJSON(data?["payload"]["data"]["onCreateRealEstateProperty"], ["id": "sparse", "renamed": "Sparse", "_version": .null]))
            #expect(data?["payload"]["errors"].array?.count == 1)
            #expect(data?["payload"]["errors"][0]["message"]
                == "Cannot return null for non-nullable type: 'Int' within parent 'RealEstateProperty' (/onCreateRealEstateProperty/_version)")
        }
    }
}
