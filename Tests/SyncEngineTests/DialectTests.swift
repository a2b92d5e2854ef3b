import AmplifyModels
import AppSync
import Foundation
import Testing
@testable import SyncEngine

/// The pure parts of the two dialects: what an introspection answer means, the conditions
/// the plain dialect writes with, its record times, and how events are read.
@Suite struct DialectTests {
    static let versionedFields: Set<String> = ["id", "name", "address", "createdAt", "updatedAt", "_version", "_deleted", "_lastChangedAt"]
    static let plainFields: Set<String> = ["id", "name", "address", "createdAt", "updatedAt"]
    static let plainQueries: Set<String> = ["getRealEstateProperty", "listRealEstateProperties"]

    @Test func anAPIWithSyncQueriesAndVersionsIsVersioned() {
        let description = APIDescription(
            queries: Self.plainQueries.union(["syncRealEstateProperties"]), recordFields: Self.versionedFields,
            filterFields: ["id", "name", "_deleted"])
        #expect(description.dialect() == .success(.versioned))
    }

    @Test func aGen2APIIsPlainAndSaysWhetherItFiltersByUpdatedAt() {
        let withTimes = APIDescription(queries: Self.plainQueries, recordFields: Self.plainFields, filterFields: ["id", "name", "updatedAt"])
        #expect(withTimes.dialect() == .success(APIDialect(.plain, filtersByUpdatedAt: true)))
        // Older transformers left the timestamps out of the filter input.
        let without = APIDescription(queries: Self.plainQueries, recordFields: Self.plainFields, filterFields: ["id", "name"])
        #expect(without.dialect() == .success(APIDialect(.plain, filtersByUpdatedAt: false)))
        // Gen 2 outputs say "syncable" for APIs without sync queries: only the schema tells.
        let syncWithoutVersions = APIDescription(
            queries: Self.plainQueries.union(["syncRealEstateProperties"]), recordFields: Self.plainFields, filterFields: [])
        #expect(syncWithoutVersions.dialect() == .success(APIDialect(.plain, filtersByUpdatedAt: false)))
    }

    @Test func whatAnAPILacksIsNamed() {
        let noModel = APIDescription(queries: ["listTodos"], recordFields: [], filterFields: [])
        #expect(noModel.dialect() == .failure(.notOffered("the API has no RealEstateProperty model")))
        let noAddress = APIDescription(queries: Self.plainQueries, recordFields: ["id", "name", "updatedAt"], filterFields: [])
        #expect(noAddress.dialect() == .failure(.notOffered("the API has no field address in RealEstateProperty")))
        let noList = APIDescription(queries: ["getRealEstateProperty"], recordFields: Self.plainFields, filterFields: [])
        #expect(noList.dialect() == .failure(.notOffered("the API has no query listRealEstateProperties")))
    }

    @Test func anIntrospectionAnswerIsRead() throws {
        let json = """
            {"query": {"fields": [{"name": "getRealEstateProperty"}, {"name": "listRealEstateProperties"}]},
             "record": {"fields": [{"name": "id"}, {"name": "name"}, {"name": "address"}, {"name": "updatedAt"}]},
             "filter": null}
            """
        let data = try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
        let description = APIDescription(introspection: data)
        #expect(description.queries == Self.plainQueries)
        #expect(description.filterFields.isEmpty)
        #expect(description.dialect() == .success(APIDialect(.plain, filtersByUpdatedAt: false)))
    }

    @Test func aValidationErrorIsNotARefusalOfTheChange() {
        let error = GraphQLError(
            message: "Validation error of type FieldUndefined: Field '_version' in type 'RealEstateProperty' is undefined @ 'syncRealEstateProperties/items/_version'")
        #expect(error.isValidationError)
        guard case .notOffered(let message) = error.failure else {
            Issue.record("a validation error must not read as a refusal: \(error.failure)")
            return
        }
        #expect(message.contains("no field _version in RealEstateProperty"))
        #expect(error.failure.stopsSending)
        #expect(error.failure.missesVersionedOnlyParts())
        let plainMissing = GraphQLError(message: "Validation error of type FieldUndefined: Field 'listFoo' in type 'Query' is undefined @ 'listFoo'")
        #expect(!plainMissing.failure.missesVersionedOnlyParts())
        // Another server's wording (graphql-js), and a refusal of the change itself, which is not one.
        let graphqlJS = GraphQLError(message: "Cannot query field \"_version\" on type \"RealEstateProperty\".")
        #expect(graphqlJS.failure == .notOffered("the API refused the request as invalid GraphQL: it has no field _version in RealEstateProperty"))
        let refusal = GraphQLError(
            message: "The conditional request failed", errorType: "DynamoDB:ConditionalCheckFailedException", path: ["updateRealEstateProperty"])
        #expect(!refusal.isValidationError)
    }

    // MARK: - Conditions

    /// The sample's documents on the plain dialect, which condition its writes.
    static let plainDocuments = ModelDocuments(model: .realEstateProperty, schema: .realEstateProperty, dialect: .plain)

    @Test func anUpdateIsConditionedOnTheFieldsItChanges() {
        let base = property("p1", name: "Villa", address: "1 Main St", updatedAt: "2026-01-01T00:00:00.000Z", version: 5).valuesByName
        let documents = Self.plainDocuments
        #expect(documents.condition(changing: ["name"], of: base) == .object(["name": .object(["eq": .string("Villa")])]))
        #expect(documents.condition(changing: ["name", "address"], of: base) == .object(["and": .array([
            .object(["name": .object(["eq": .string("Villa")])]),
            .object(["address": .object(["eq": .string("1 Main St")])]),
        ])]))
        #expect(documents.condition(changing: [], of: base) == nil)
        #expect(documents.condition(changing: ["name"], of: nil) == nil)
    }

    @Test func aNullBaseAcceptsAnAbsentOrANullAttribute() {
        let base = property("p1", name: "Villa", address: nil).valuesByName
        #expect(Self.plainDocuments.condition(changing: ["address"], of: base) == .object(["or": .array([
            .object(["address": .object(["attributeExists": .bool(false)])]),
            .object(["address": .object(["attributeType": .string("_null")])]),
        ])]))
    }

    @Test func theMutationsOfEachDialect() throws {
        let configuration = try AppSyncConfiguration(endpoint: "http://127.0.0.1:1/graphql", apiKey: "da2-x")
        let client = AppSyncClient(configuration: configuration)
        let base = property("p1", name: "Villa", address: nil, updatedAt: "2026-01-01T00:00:00.000Z", version: 3)
        let rename = ModelMutation<ModelRecord>.update(id: "p1", propertyPatch(name: "Casa"), base: base)
        let (_, versioned) = LoopbackServer.sampleAPI(client, dialect: .versioned).variables(for: rename)
        #expect(versioned["input"] == .object(["id": .string("p1"), "name": .string("Casa"), "_version": .int(3)]))
        #expect(versioned["condition"] == nil)
        let (_, plain) = LoopbackServer.sampleAPI(client, dialect: .plain).variables(for: rename)
        #expect(plain["input"] == .object(["id": .string("p1"), "name": .string("Casa")]))
        #expect(plain["condition"] == .object(["name": .object(["eq": .string("Villa")])]))
        let (_, delete) = LoopbackServer.sampleAPI(client, dialect: .plain).variables(for: .delete(id: "p1", base: base))
        #expect(delete["input"] == .object(["id": .string("p1")]))
        #expect(delete["condition"] != nil)
    }

    // MARK: - Times

    @Test func awsDateTimesBecomeMilliseconds() {
        #expect(AWSDateTimeMilliseconds.parse("1970-01-01T00:00:00.000Z") == 0)
        #expect(AWSDateTimeMilliseconds.parse("2026-11-24T10:20:30.123Z") == 1_795_515_630_123)
        #expect(AWSDateTimeMilliseconds.parse("2026-11-24T11:20:30.123+01:00") == 1_795_515_630_123)
        #expect(AWSDateTimeMilliseconds.parse("2026-11-24T10:20:30Z") == 1_795_515_630_000)
        #expect(AWSDateTimeMilliseconds.parse("2026-11-24T10:20:30.1234567Z") == 1_795_515_630_123)
        #expect(AWSDateTimeMilliseconds.parse("2026-11-24T10:20:30.1Z") == 1_795_515_630_100)
        #expect(AWSDateTimeMilliseconds.parse("yesterday") == nil)
        #expect(AWSDateTimeMilliseconds.parse("2026-13-24T10:20:30Z") == nil)
        #expect(AWSDateTimeMilliseconds.parse("2026-11-24T10:20:30.123") == nil)
    }

    @Test func millisecondsBecomeAWSDateTimesAndBack() {
        for milliseconds: Int64 in [0, 1, 999, 1_795_515_630_123, 951_782_400_000 /* 2000-02-29 */, 4_102_444_800_000] {
            let text = AWSDateTimeMilliseconds.text(milliseconds)
            #expect(text.count == 24)
            #expect(AWSDateTimeMilliseconds.parse(text) == milliseconds, "\(text)")
        }
        #expect(AWSDateTimeMilliseconds.text(1_795_515_630_123) == "2026-11-24T10:20:30.123Z")
    }

    // MARK: - Events

    @Test func aPlainEventIsOrderedByItsUpdatedAt() throws {
        let value: JSONValue = [
            "id": "p1", "name": "Villa", "address": "1 Main St",
            "createdAt": "2026-11-24T10:00:00.000Z", "updatedAt": "2026-11-24T10:20:30.123Z",
        ]
        guard case .record(let record) = APIDialect.plain.remoteEvent(value, deletion: false, known: nil) else {
            Issue.record("a whole event is a record")
            return
        }
        #expect(record.version == 1_795_515_630_123)
        #expect(record.name == "Villa")
        #expect(!record.isDeleted)
    }

    @Test func aPartialEventIsReadInsteadOfBlankingAField() {
        let known = property("p1", name: "Villa", address: "1 Main St", updatedAt: "2026-11-24T10:00:00.000Z", version: 10)
        // The other client's mutation selected only id and name.
        let nameOnly: JSONValue = ["id": "p1", "name": "Casa", "address": nil, "createdAt": nil, "updatedAt": nil]
        #expect(APIDialect.plain.remoteEvent(nameOnly, deletion: false, known: known) == .partial(id: "p1"))
        // It selected updatedAt but not address: the null may be a cleared address, or not selected.
        let noAddress: JSONValue = ["id": "p1", "name": "Casa", "address": nil, "updatedAt": "2026-11-24T10:20:30.123Z"]
        #expect(APIDialect.plain.remoteEvent(noAddress, deletion: false, known: known) == .partial(id: "p1"))
        // With no address known there is nothing to blank.
        var withoutAddress = known
        withoutAddress.address = nil
        if case .record = APIDialect.plain.remoteEvent(noAddress, deletion: false, known: withoutAddress) {} else {
            Issue.record("an event that blanks nothing is merged as it is")
        }
        // The same rule on the versioned dialect.
        let versionedEvent: JSONValue = [
            "id": "p1", "name": "Casa", "address": nil, "_version": 11, "_deleted": nil, "_lastChangedAt": 1,
            "createdAt": nil, "updatedAt": nil,
        ]
        #expect(APIDialect.versioned.remoteEvent(versionedEvent, deletion: false, known: known) == .partial(id: "p1"))
    }

    @Test func aPlainDeletionOutranksEveryCopyOfTheRecord() {
        let known = property("p1", name: "Villa", updatedAt: "2026-11-24T10:00:00.000Z", version: 1_795_514_400_000)
        guard case .record(let idOnly) = APIDialect.plain.remoteEvent(["id": "p1"], deletion: true, known: known) else {
            Issue.record("a deletion with only the id is a deletion")
            return
        }
        #expect(idOnly.isDeleted)
        #expect(idOnly.version > known.version)
        let whole: JSONValue = ["id": "p1", "name": "Villa", "address": nil, "updatedAt": "2026-11-24T10:20:30.123Z"]
        guard case .record(let deleted) = APIDialect.plain.remoteEvent(whole, deletion: true, known: nil) else {
            Issue.record("a whole deletion is a deletion")
            return
        }
        #expect(deleted.isDeleted)
        #expect(deleted.version == 1_795_515_630_124)
        #expect(APIDialect.plain.remoteEvent(["id": "p9"], deletion: true, known: nil) == .notHeld)
    }

    /// Deleted elsewhere, then made again under its id (a create whose answer was lost, retried
    /// once the item was gone): the two events travel on two subscriptions and may arrive in
    /// either order. A deletion that arrives after the re-creation is of the older item, as its
    /// own `updatedAt` says, and must not hide the record the server holds again.
    @Test func aLateDeletionDoesNotHideTheRecordMadeAgain() {
        let madeAgain = property("p1", name: "Villa", updatedAt: "2026-11-24T10:00:05.000Z", version: 1_795_514_405_000)
        let deletedItem: JSONValue = ["id": "p1", "name": "Villa", "address": nil, "updatedAt": "2026-11-24T10:00:01.000Z"]
        guard case .record(let late) = APIDialect.plain.remoteEvent(deletedItem, deletion: true, known: madeAgain) else {
            Issue.record("a whole deletion is a deletion")
            return
        }
        #expect(late.isDeleted && late.version == 1_795_514_401_001)
        #expect(late.version < madeAgain.version, "the copy made again is newer, and stays")
    }
}

extension APIDialect {
    /// The event as a subscription brings it: its text, read as the list reads the sample's.
    fileprivate func remoteEvent(_ value: JSONValue, deletion: Bool, known: ModelRecord?) -> RemoteRecordEvent<ModelRecord> {
        let text = JSONText(Array(JSONValue.object(["onUpdateRealEstateProperty": value]).jsonText.utf8))
        return ModelRecordSync(layout: sampleLayout, dialect: documentDialect).readEvent(text, deletion: deletion, known: known)
    }
}
