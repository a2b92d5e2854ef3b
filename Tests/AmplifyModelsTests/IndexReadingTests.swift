@testable import AmplifyModels
import Foundation
import Testing

/// Issue 31, item 4: secondary indexes read from both descriptions, the same indexes whichever
/// the app reads, and written back as Amplify writes them.
@Suite struct IndexReadingTests {
    static let ledgerIndexes = [
        ModelIndex(name: "byCategory", partitionKey: "category", sortKeys: ["date"], queryField: "entriesByCategory"),
        ModelIndex(name: "byAccount", partitionKey: "account", sortKeys: ["date", "amount"], queryField: "entriesByAccount"),
        ModelIndex(name: "byCategoryAmount", partitionKey: "category", sortKeys: ["amount"], queryField: "entriesByCategoryAmount"),
        ModelIndex(name: "byKind", partitionKey: "kind", sortKeys: [], queryField: "entriesByKind"),
        ModelIndex(name: "bySeq", partitionKey: "account", sortKeys: ["seq"], queryField: "entriesBySeq"),
        ModelIndex(name: "byDescription", partitionKey: "description", sortKeys: [], queryField: nil),
    ]

    /// What GraphQL introspection can learn of an index: its query, which stands for its name.
    static func introspectable(_ indexes: [ModelIndex]) -> [ModelIndex] {
        indexes.compactMap { index in
            index.queryField.map { ModelIndex(name: $0, partitionKey: index.partitionKey, sortKeys: index.sortKeys, queryField: $0) }
        }
    }

    @Test func modelIntrospectionReadsEveryIndexInItsOrder() throws {
        let entry = try Fixtures.schema("indexed-ledger.json").require("Entry")
        #expect(entry.indexes == Self.ledgerIndexes)
        #expect(entry.primaryKey == .id, "a key attribute with a name is an index, not the primary key")
        #expect(entry.indexes.map(\.isQueryable) == [true, true, true, true, true, false])
        #expect(entry.indexes.map(\.summary).last == "byDescription: description (no query)")
    }

    /// `court-bookings.json` gives its composite primary key twice (the unnamed key attribute and
    /// `primaryKeyInfo`) beside a named one: the key stays the key, the named one is an index.
    @Test func theUnnamedKeyAttributeIsStillThePrimaryKey() throws {
        let booking = try Fixtures.schema("court-bookings.json").require("CourtBooking")
        #expect(booking.primaryKey == PrimaryKey(partitionKey: "courtId", sortKeys: ["slot"]))
        #expect(booking.indexes == [ModelIndex(name: "bookingsByVenue", partitionKey: "venueKey", sortKeys: ["venueSlot"], queryField: "bookingsByVenue")])
        let book = try Fixtures.schema("reading-club.json").require("Book")
        #expect(book.indexes == [ModelIndex(name: "byReader", partitionKey: "readerId", queryField: "booksByReader")])
        // Without primaryKeyInfo, the unnamed key attribute alone says the key, whatever indexes follow it.
        let withoutInfo = try MalformedDescriptionTests.transaction { model in
            model.removeValue(forKey: "primaryKeyInfo")
            var attributes = model["attributes"] as! [[String: Any]]
            attributes.append(["type": "key", "properties": ["name": "byDate", "fields": ["date", "amount"], "queryField": "transactionsByDate"]])
            attributes.append(["type": "key", "properties": ["fields": ["category", "date"]]])
            model["attributes"] = attributes
        }
        let transaction = try ModelIntrospectionReader.read(withoutInfo).require("Transaction")
        #expect(transaction.primaryKey == PrimaryKey(partitionKey: "category", sortKeys: ["date"]))
        #expect(transaction.indexes == [ModelIndex(name: "byDate", partitionKey: "date", sortKeys: ["amount"], queryField: "transactionsByDate")])
    }

    /// An index on a field the model lacks, or on one DynamoDB cannot key (a list, a Boolean),
    /// is left out; the model stays as it was.
    @Test func anIndexNoTableCouldHoldIsLeftOut() throws {
        let data = try MalformedDescriptionTests.transaction { model in
            var attributes = model["attributes"] as! [[String: Any]]
            attributes.append(["type": "key", "properties": ["name": "byGhost", "fields": ["ghost"], "queryField": "transactionsByGhost"]])
            attributes.append(["type": "key", "properties": ["name": "byTags", "fields": ["tags"], "queryField": "transactionsByTags"]])
            attributes.append(["type": "key", "properties": ["name": "byDate", "fields": ["date"], "queryField": "transactionsByDate"]])
            model["attributes"] = attributes
        }
        let transaction = try ModelIntrospectionReader.read(data).require("Transaction")
        #expect(transaction.indexes.map(\.name) == ["byDate"])
        #expect(transaction.readOnlyReasons.isEmpty)
    }

    /// Two queries of one name make a schema no server builds: refused with where.
    @Test func anIndexQueryNamedLikeAnotherQueryIsRefused() throws {
        for taken in ["listTransactions", "getBudget", "transactionsByDate"] {
            let data = try MalformedDescriptionTests.transaction { model in
                var attributes = model["attributes"] as! [[String: Any]]
                attributes.append(["type": "key", "properties": ["name": "byDate", "fields": ["date"], "queryField": "transactionsByDate"]])
                attributes.append(["type": "key", "properties": ["name": "byAmount", "fields": ["amount"], "queryField": taken]])
                model["attributes"] = attributes
            }
            #expect {
                try ModelIntrospectionReader.read(data)
            } throws: { error in
                let error = error as? ModelDescriptionError
                return error?.path == "data.model_introspection.models.Transaction.attributes"
                    && error?.problem.contains("the query field \(taken) of the index byAmount is taken") == true
            }
        }
    }

    @Test func twoIndexesOfOneNameAreRefused() throws {
        let data = try MalformedDescriptionTests.transaction { model in
            var attributes = model["attributes"] as! [[String: Any]]
            attributes.append(["type": "key", "properties": ["name": "byDate", "fields": ["date"], "queryField": "transactionsByDate"]])
            attributes.append(["type": "key", "properties": ["name": "byDate", "fields": ["amount"]]])
            model["attributes"] = attributes
        }
        #expect(throws: ModelDescriptionError(path: "data.model_introspection.models.Transaction.attributes", problem: "a second index named byDate")) {
            try ModelIntrospectionReader.read(data)
        }
    }

    /// The served schema read back by the app's own introspection reader: the same indexes (by
    /// their queries) as the file, composite sort keys in their order although this GraphQL
    /// library lists a composite key input's fields by name. It lists the queries by name too, so
    /// the indexes are compared as sets here (`proptui serve` lists them as declared:
    /// `IntrospectionOrder`).
    @Test(arguments: [DocumentDialect.plain, .versioned])
    func graphQLIntrospectionFindsTheIndexQueries(dialect: DocumentDialect) async throws {
        for name in Fixtures.all {
            let described = try Fixtures.schema(name)
            let read = try GraphQLIntrospectionReader.read(try await Introspection.answer(described, dialect: dialect))
            for model in described.models {
                #expect(Set(try read.require(model.name).indexes) == Set(Self.introspectable(model.indexes)), "\(name): \(model.name)")
            }
        }
        let entry = try GraphQLIntrospectionReader.read(try await Introspection.answer(Fixtures.schema("indexed-ledger.json"), dialect: dialect))
        #expect(try entry.require("Entry").indexes.map(\.name).sorted() == ["entriesByAccount", "entriesByCategory", "entriesByCategoryAmount", "entriesByKind", "entriesBySeq"])
    }

    /// A list query of a custom primary key takes the partition key too, but is the model's own
    /// list: it is not an index.
    @Test func theCustomKeysListIsNotAnIndex() async throws {
        let described = try Fixtures.schema("household-budget.json")
        let read = try GraphQLIntrospectionReader.read(try await Introspection.answer(described, dialect: .plain))
        #expect(try read.require("Budget").indexes.isEmpty)
    }

    @Test func aCompositeSortKeysOrderIsReadFromItsArgumentsName() {
        #expect(IntrospectedTypes.order(["amount", "date"], spelling: "dateAmount") == ["date", "amount"])
        #expect(IntrospectedTypes.order(["a", "ab", "b"], spelling: "abAB") == ["ab", "a", "b"])
        #expect(IntrospectedTypes.order(["amount", "date"], spelling: "amountDate") == ["amount", "date"])
        #expect(IntrospectedTypes.order(["amount", "date"], spelling: "dateKind") == nil)
        #expect(ModelIndex.sortArgumentName(["date", "amount", "kind"]) == "dateAmountKind")
        #expect(ModelIndex.sortArgumentName([]) == nil)
    }
}
