import AmplifyModels
import AppSync
import Foundation
import Synchronization
import Testing
@testable import SyncEngine

/// The sample's model (`AmplifyModel.realEstateProperty`), per dialect: what the app's API for
/// it sends is `ModelDocuments`' documents for it with the variables they describe. The requests
/// are taken from the client itself, just before they would go on the wire.
@Suite struct ModelDocumentsMatchTests {
    /// Keeps each request body the client signs, and refuses to sign it: nothing is sent.
    final class RecordingAuthorizer: RequestAuthorizer {
        let bodies = Mutex<[[UInt8]]>([])
        var modeDescription: String { "recording" }

        func headers(for request: AuthorizationRequest) async throws(AuthorizationFailure) -> [(name: String, value: String)] {
            bodies.withLock { $0.append(request.body) }
            throw AuthorizationFailure("recorded, not sent")
        }
    }

    /// A request as the client would have sent it. Its variables and the documents' inputs are
    /// both `JSONValue`s: compared as values, whatever order the keys were written in.
    struct Sent {
        var query: String
        var operationName: String?
        var variables: JSONValue
    }

    /// Runs `call` against a client that records instead of sending, and returns what it asked.
    static func sent(_ dialect: APIDialect, _ call: (AppSyncModelAPI<ModelRecordSync>) async throws -> Void) async throws -> Sent {
        let recorder = RecordingAuthorizer()
        let configuration = try AppSyncConfiguration(endpoint: "http://127.0.0.1:9/graphql", apiKey: "da2-unused")
        let api = LoopbackServer.sampleAPI(AppSyncClient(configuration: configuration, authorizer: recorder), dialect: dialect)
        try? await call(api)
        let body = try #require(recorder.bodies.withLock { $0.last }, "the client sent nothing")
        let request = try #require(JSONValue(jsonText: body))
        return Sent(
            query: try #require(request["query"]?.stringValue), operationName: request["operationName"]?.stringValue,
            variables: request["variables"] ?? .object([:]))
    }

    static func values(_ record: ModelRecord) -> [String: ModelValue] {
        ["id": .string(record.id.text), "name": .string(record.name), "address": record.address.map(ModelValue.string) ?? .null]
    }

    static func expectSame(_ sent: Sent, _ generated: GraphQLDocument, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(normalized(sent.query) == normalized(generated.text), sourceLocation: sourceLocation)
        #expect(sent.operationName == generated.operationName, sourceLocation: sourceLocation)
    }

    static func normalized(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }

    static let base = property(
        "p1", name: "Villa Blu", address: nil, createdAt: "2026-11-25T10:00:00.000Z", updatedAt: "2026-11-25T10:00:00.000Z", version: 4)

    @Test(arguments: [APIDialect.versioned, .plain])
    func queriesAreTheDocuments(dialect: APIDialect) async throws {
        let documents = ModelDocuments(model: .realEstateProperty, schema: .realEstateProperty, dialect: dialect.hasVersions ? .versioned : .plain)
        let get = try await Self.sent(dialect) { _ = try await $0.get(id: "p1") }
        Self.expectSame(get, documents.get)
        #expect(get.variables == .object(["id": .string("p1")]))
        // A page of the whole list: the sync query with conflict detection, the list query without.
        let page = try await Self.sent(dialect) { _ = try await $0.syncPage(limit: 50, nextToken: "t", lastSync: nil) }
        Self.expectSame(page, try #require(dialect.hasVersions ? documents.sync : documents.list))
    }

    @Test(arguments: [APIDialect.versioned, .plain])
    func mutationsAndTheirVariablesAreTheDocuments(dialect: APIDialect) async throws {
        let documents = ModelDocuments(model: .realEstateProperty, schema: .realEstateProperty, dialect: dialect.hasVersions ? .versioned : .plain)
        let version = dialect.hasVersions ? Self.base.version : nil
        let new = property("p2", name: "Casa", address: "Via Roma 1")
        let create = try await Self.sent(dialect) { _ = try await $0.send(.create(new)) }
        Self.expectSame(create, documents.mutation(.create, withCondition: false))
        #expect(create.variables["input"] == documents.createInput(Self.values(new)))

        for patch in [propertyPatch(name: "Villa Rossa"), propertyPatch(address: .some(nil))] {
            let update = try await Self.sent(dialect) { _ = try await $0.send(.update(id: "p1", patch, base: Self.base)) }
            let changes: [String: ModelValue] = patch.name.map { ["name": .string($0)] } ?? ["address": .null]
            let condition = documents.condition(changing: patch.fieldNames, of: Self.values(Self.base))
            Self.expectSame(update, documents.mutation(.update, withCondition: condition != nil))
            #expect(update.variables["input"]
                == documents.updateInput(key: ["id": .string("p1")], changes: changes, version: version))
            #expect(update.variables["condition"] == condition)
        }
        // Without a known base, the plain dialect's update has nothing to check.
        let blind = try await Self.sent(dialect) { _ = try await $0.send(.update(id: "p1", propertyPatch(name: "X"), base: nil)) }
        Self.expectSame(blind, documents.mutation(.update, withCondition: false))

        let delete = try await Self.sent(dialect) { _ = try await $0.send(.delete(id: "p1", base: Self.base)) }
        // On the plain dialect, conditioned on what the user saw: the name and the address.
        let condition = documents.condition(changing: ["name", "address"], of: Self.values(Self.base))
        #expect((condition != nil) == !dialect.hasVersions)
        Self.expectSame(delete, documents.mutation(.delete, withCondition: condition != nil))
        #expect(delete.variables["input"] == documents.deleteInput(key: ["id": .string("p1")], version: version))
        #expect(delete.variables["condition"] == condition)
    }

    /// Live sync's three subscriptions are the documents' (named with the model's name,
    /// `OnCreateRealEstateProperty`, since one socket holds every model's), under the ids
    /// `onCreate`, `onUpdate` and `onDelete`, with no variables (the sample names no owner).
    @Test(arguments: [APIDialect.versioned, .plain])
    func subscriptionsAreTheDocuments(dialect: APIDialect) throws {
        let documents = ModelDocuments(model: .realEstateProperty, schema: .realEstateProperty, dialect: dialect.hasVersions ? .versioned : .plain)
        let configuration = try AppSyncConfiguration(endpoint: "http://127.0.0.1:9/graphql", apiKey: "da2-unused")
        let subscriptions = LoopbackServer.sampleAPI(AppSyncClient(configuration: configuration), dialect: dialect).subscriptions
        #expect(subscriptions.map(\.id) == ["onCreate", "onUpdate", "onDelete"])
        for (subscription, kind) in zip(subscriptions, MutationKind.allCases) {
            #expect(Self.normalized(subscription.query) == Self.normalized(documents.subscription(kind).text))
            #expect(subscription.variables.isEmpty)
        }
    }

    /// The embedded server's Gen 2 outputs describe the sample as `realEstateProperty` does (but
    /// for its longest texts), with one rule per auth mode it serves (the fields in name order:
    /// it sorts its keys).
    @Test func theEmbeddedServersOutputsDescribeTheSample() async throws {
        try await withLoopbackServer(schema: .gen2) { server in
            let outputs = try #require(server.server.amplifyOutputs())
            let schema = try ModelIntrospectionReader.read(outputs)
            var model = try #require(schema.model(named: "RealEstateProperty"))
            #expect(model.access(with: [.apiKey]).readOnlyReason == nil)
            #expect(model.authRules.map(\.provider) == [.apiKey])
            // The server writes its outputs with sorted keys, so the fields come in name order.
            model.authRules = []
            model.fields.sort { $0.name < $1.name }
            var sample = AmplifyModel.realEstateProperty
            sample.fields.sort { $0.name < $1.name }
            // The longest name and address are the app's rule and its server's, which Amplify's
            // outputs have no field for: the outputs say all the rest.
            #expect(sample.fields.map(\.maximumLength) == [500, nil, nil, 200, nil])
            for index in sample.fields.indices { sample.fields[index].maximumLength = nil }
            #expect(model == sample)
        }
    }
}
