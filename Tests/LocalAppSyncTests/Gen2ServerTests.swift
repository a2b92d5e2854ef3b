import AmplifyModels
import AsyncHTTPClient
import Foundation
import GraphQL
import Testing
@testable import LocalAppSync

/// The Gen 2 dialect's realtime events, fault injection, store and sandbox outputs.
@Suite struct Gen2ServerTests {
    @Test func eventsCarryOnlyWhatTheMutationSelectedAndFiltersHold() async throws {
        try await TestServer.gen2 { server in
            let key = server.server.apiKey
            let client = RealtimeTestClient.connectWithQueryAuth(port: server.port, apiKey: key)
            defer { client.close() }
            _ = await client.initialize()
            let fields = "id name address createdAt updatedAt"
            let filtered = "subscription ($filter: ModelSubscriptionRealEstatePropertyFilterInput) { onUpdateRealEstateProperty(filter: $filter) { \(fields) } }"
            _ = await client.start(id: "casa", query: filtered, variables: #"{"filter":{"name":{"beginsWith":"Casa"}}}"#, apiKey: key, port: server.port)
            _ = await client.start(id: "deleted", query: "subscription { onDeleteRealEstateProperty { \(fields) } }", apiKey: key, port: server.port)

            try await server.create(name: "Villa", address: "Kept", id: "v")
            try await server.create(name: "Casa", address: "Kept", id: "c")
            try await server.graphQL(#"mutation { updateRealEstateProperty(input: {id: "v", name: "Villa 2"}) { id name } }"#)
            try await server.graphQL(#"mutation { updateRealEstateProperty(input: {id: "c", name: "Casa Azul"}) { id name } }"#)
            let update = await client.next(type: "data")
            #expect(update?["id"] == "casa")
            // The mutation selected id and name: the rest arrive as null, not as cleared values,
            // and each non-null field left null is reported beside the data, as AppSync does.
            #expect(sameJSON(update?["payload"]["data"]["onUpdateRealEstateProperty"], [
                "id": "c", "name": "Casa Azul", "address": .null, "createdAt": .null, "updatedAt": .null,
            ]))
            let messages = (update?["payload"]["errors"].array ?? []).compactMap { $0["message"].string }
            #expect(messages == [
                "Cannot return null for non-nullable type: 'AWSDateTime' within parent 'RealEstateProperty' (/onUpdateRealEstateProperty/createdAt)",
                "Cannot return null for non-nullable type: 'AWSDateTime' within parent 'RealEstateProperty' (/onUpdateRealEstateProperty/updatedAt)",
            ])
            #expect(sameJSON(update?["payload"]["errors"][0]["path"], ["onUpdateRealEstateProperty", "createdAt"]))
            let deleted = try await server.graphQL(#"mutation { deleteRealEstateProperty(input: {id: "v"}) { id name address updatedAt } }"#)
            let event = await client.next(type: "data")
            #expect(event?["id"] == "deleted")
            let record = deleted["data"]["deleteRealEstateProperty"]
            #expect(sameJSON(event?["payload"]["data"]["onDeleteRealEstateProperty"], [
                "id": "v", "name": "Villa 2", "address": "Kept", "createdAt": .null, "updatedAt": record["updatedAt"],
            ]))
            #expect(event?["payload"]["errors"].array?.count == 1)
        }
    }

    @Test func failRateAndLostAnswersWorkAsOnTheVersionedDialect() async throws {
        try await TestServer.gen2(configure: { $0.faults.failRate = 1 }) { server in
            let failed = try await server.graphQL(#"mutation { createRealEstateProperty(input: {name: "Doomed"}) { id } }"#)
            #expect(failed["errors"][0]["errorType"] == "InjectedFailure")
            #expect(try await server.graphQL("{ listRealEstateProperties { items { id } } }")["data"]["listRealEstateProperties"]["items"] == [])
            server.server.faults.update {
                $0.failRate = 0
                $0.loseAnswerRate = 1
            }
            await #expect(throws: HTTPClientError.remoteConnectionClosed) { try await server.create(name: "Answer lost", id: "lost") }
            server.server.faults.update { $0.loseAnswerRate = 0 }
            // Applied once: the resend of a create whose answer was lost fails its condition.
            let resent = try await server.graphQL(#"mutation { createRealEstateProperty(input: {id: "lost", name: "Answer lost"}) { id } }"#)
            #expect(resent["errors"][0]["errorType"] == "DynamoDB:ConditionalCheckFailedException")
            let stored = try await server.graphQL(#"{ getRealEstateProperty(id: "lost") { name } }"#)
            #expect(stored["data"]["getRealEstateProperty"]["name"] == "Answer lost")
        }
    }

    @Test func requestLimitsHoldOnTheGen2Dialect() async throws {
        try await TestServer.gen2(configure: { $0.limits.maxResolversPerRequest = 2 }) { server in
            let three = try await server.graphQL("{ a: getRealEstateProperty(id: \"1\") { id } b: getRealEstateProperty(id: \"2\") { id } c: getRealEstateProperty(id: \"3\") { id } }")
            #expect((three["errors"].array ?? []).contains { $0["errorType"] == "ResolverExecutionLimitReached" })
        }
    }

    /// Each dialect keeps its own file in a data directory, and a file is never served under
    /// the other dialect: a store moved to the other's name is refused, unchanged.
    @Test func aStoreIsServedOnlyUnderTheDialectThatWroteIt() async throws {
        let directory = TestServer.temporaryDirectory()
        try await TestServer.with(directory: directory) { server in try await server.create(name: "Versioned row", id: "v1") }
        try await TestServer.gen2(directory: directory) { server in
            let listed = try await server.graphQL("{ listRealEstateProperties { items { id } } }")
            #expect(listed["data"]["listRealEstateProperties"]["items"] == [], "the Gen 2 store is its own")
            try await server.create(name: "Gen 2 row", id: "g1")
        }
        try await TestServer.with(directory: directory) { server in
            let listed = try await server.graphQL("{ listRealEstateProperties { items { id } } }")
            #expect(sameJSON(listed["data"]["listRealEstateProperties"]["items"], [["id": "v1"]]))
        }
        // Swap the two stores (each file with its WAL): each is refused under the other's name.
        let files = FileManager.default
        let versioned = directory + "/" + ModelItemDatabase.fileName(.versioned, sample: true)
        let gen2 = directory + "/" + ModelItemDatabase.fileName(.gen2, sample: true)
        func move(_ from: String, _ to: String) throws {
            for suffix in ["", "-wal", "-shm"] where files.fileExists(atPath: from + suffix) {
                try files.moveItem(atPath: from + suffix, toPath: to + suffix)
            }
        }
        try move(versioned, directory + "/swap")
        try move(gen2, versioned)
        try move(directory + "/swap", gen2)
        for dialect in ServedDialect.allCases {
            var configuration = LocalAppSyncConfiguration(dataDirectory: directory, apiKey: TestServer.apiKey, seedSamples: false)
            configuration.schema = dialect
            let path = directory + "/" + ModelItemDatabase.fileName(dialect, sample: true)
            let other: ServedDialect = dialect == .gen2 ? .versioned : .gen2
            #expect(throws: LocalAppSyncError.storeDialectMismatch(path: path, stored: other.rawValue, requested: dialect)) {
                _ = try LocalAppSyncServer(configuration: configuration)
            }
        }
        let message = LocalAppSyncError.storeDialectMismatch(path: gen2, stored: "versioned", requested: .gen2).description
        #expect(message.contains("--schema versioned") && message.contains("--data-dir"))
    }

    @Test func samplesAreSeededAndAnAddresslessSampleHasNoAddressAttribute() async throws {
        try await TestServer.gen2(configure: { $0.seedSamples = true }) { server in
            let listed = try await server.graphQL("{ listRealEstateProperties(filter: {address: {attributeExists: false}}) { items { name } } }")
            #expect(sameJSON(listed["data"]["listRealEstateProperties"]["items"], [["name": "Sunset Bungalow"]]))
            let all = try await server.graphQL("{ listRealEstateProperties { items { name } } }")
            #expect(all["data"]["listRealEstateProperties"]["items"].array?.count == ServedModels.sampleProperties.count)
        }
    }

    @Test func theSandboxOutputsCarryGen2ModelIntrospection() async throws {
        try await TestServer.gen2(configure: { $0.authModes = [.iam, .apiKey] }) { server in
            let data = try #require(server.server.amplifyOutputs())
            let outputs = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let introspection = try #require((outputs["data"] as? [String: Any])?["model_introspection"] as? [String: Any])
            #expect(introspection["version"] as? Int == 1)
            #expect((introspection["enums"] as? [String: Any])?.isEmpty == true && (introspection["nonModels"] as? [String: Any])?.isEmpty == true)
            let model = try #require((introspection["models"] as? [String: Any])?["RealEstateProperty"] as? [String: Any])
            #expect(model["name"] as? String == "RealEstateProperty" && model["pluralName"] as? String == "RealEstateProperties")
            #expect(model["syncable"] as? Bool == true)
            let fields = try #require(model["fields"] as? [String: [String: Any]])
            #expect(Set(fields.keys) == ["id", "name", "address", "createdAt", "updatedAt"])
            #expect(fields["name"]?["isRequired"] as? Bool == true && fields["address"]?["isRequired"] as? Bool == false)
            #expect(fields["updatedAt"]?["isReadOnly"] as? Bool == true && fields["updatedAt"]?["type"] as? String == "AWSDateTime")
            #expect(fields["id"]?["isReadOnly"] == nil && fields["id"]?["isArray"] as? Bool == false)
            let attributes = try #require(model["attributes"] as? [[String: Any]])
            #expect(attributes.first?["type"] as? String == "model")
            let rules = (attributes.last?["properties"] as? [String: Any])?["rules"] as? [[String: Any]]
            #expect(rules?.first?["allow"] as? String == "public" && rules?.first?["provider"] as? String == "iam")
            #expect(rules?.first?["operations"] as? [String] == ["create", "update", "delete", "read"])
            let key = model["primaryKeyInfo"] as? [String: Any]
            #expect(key?["primaryKeyFieldName"] as? String == "id" && key?["isCustomPrimaryKey"] as? Bool == false)
        }
        try await TestServer.with(configure: { $0.authModes = [.iam] }) { server in
            let data = try #require(server.server.amplifyOutputs())
            let outputs = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            #expect((outputs?["data"] as? [String: Any])?["model_introspection"] == nil, "the versioned dialect writes none")
        }
    }

    /// The sample's model_introspection is written from its description: read back through the
    /// app's reader, it is `AmplifyModel.realEstateProperty` (less the longest texts, which the
    /// format has no place for), with one rule per mode the server accepts.
    @Test func theSandboxOutputsDescribeTheSampleAsItsDescriptionSays() async throws {
        try await TestServer.gen2(configure: { $0.authModes = [.apiKey, .iam] }) { server in
            let described = try ModelIntrospectionReader.read(try #require(server.server.amplifyOutputs()))
            let sample = AmplifyModel.realEstateProperty
            #expect(described.models.map(\.name) == [sample.name] && described.enums.isEmpty && described.nonModels.isEmpty)
            let model = try #require(described.model(named: sample.name))
            #expect(model.pluralName == sample.pluralName && model.primaryKey == sample.primaryKey)
            #expect(model.fields == sample.fields.map { field in
                var field = field
                field.maximumLength = nil
                return field
            })
            #expect(model.authRules == [AuthRule(strategy: .public, provider: .apiKey), AuthRule(strategy: .public, provider: .iam)])
            #expect(model.ownerField == nil && model.readOnlyReasons.isEmpty)
        }
        // User pools: allow.authenticated().
        let pool = try ModelIntrospectionReader.read(Data(LocalAppSyncServer.sampleIntrospection(authModes: [.userPool])))
        #expect(pool.model(named: "RealEstateProperty")?.authRules == [AuthRule(strategy: .private, provider: .userPools)])
    }
}
