import AmplifyModels
import AppSync
import Foundation
import Testing

/// Gen 2 outputs (written here in the shape Amplify writes them), read: models in their order,
/// fields with their types and flags, keys, associations and auth rules as the files write them.
@Suite struct ModelIntrospectionTests {
    @Test func theFinanceModelsOfTheIssueAreRead() throws {
        let schema = try Fixtures.schema("finance.json")
        #expect(schema.models.map(\.name) == ["Transaction", "Category", "Budget"])
        let transaction = try schema.require("Transaction")
        #expect(transaction.pluralName == "Transactions")
        #expect(transaction.fields.map(\.name) == [
            "id", "type", "amount", "description", "category", "date", "paymentMethod", "merchant", "tags", "receiptNumbers",
            "createdAt", "updatedAt", "owner",
        ])
        #expect(try transaction.require("type").type == .enumeration("TransactionType"))
        #expect(try transaction.require("amount") == ModelField(name: "amount", type: .scalar(.float), isRequired: true))
        #expect(try transaction.require("date").type == .scalar(.awsDate))
        // `tags: a.string().array()`: the list and its items may be null.
        #expect(try transaction.require("tags").graphQLType == "[String]")
        #expect(try transaction.require("createdAt").isReadOnly)
        #expect(transaction.primaryKey == .id && !transaction.primaryKey.isCustom)
        #expect(transaction.ownerField == "owner")
        #expect(transaction.authRules == [AuthRule(strategy: .owner, provider: .userPools, ownerField: "owner")])
        #expect(transaction.readOnlyReasons.isEmpty)
        // `keywords: a.string().array().required()`: the list is required, its items are not.
        #expect(try schema.require("Category").require("keywords").graphQLType == "[String]!")
        #expect(try schema.require("Category").require("isHidden").type == .scalar(.boolean))
        #expect(schema.enums["PaymentMethod"]?.values == ["CASH", "CARD", "BANK_TRANSFER", "VOUCHER", "OTHER"])
    }

    @Test func associationsAndRulesWithoutProvidersAreRead() throws {
        let schema = try Fixtures.schema("reading-club.json")
        #expect(schema.models.map(\.name) == ["Reader", "Book", "Award", "Review"])
        let book = try schema.require("Book")
        #expect(try book.require("reader").association
            == ModelAssociation(kind: .belongsTo, relatedModel: "Reader", targetNames: ["readerId"]))
        let reader = try schema.require("Reader")
        #expect(try reader.require("books").association
            == ModelAssociation(kind: .hasMany, relatedModel: "Book", associatedWith: ["readerId"]))
        #expect(try reader.require("books").isList)
        #expect(try reader.require("email").type == .scalar(.awsEmail))
        #expect(try schema.require("Review").require("highlights").type == .scalar(.awsJSON))
        // `allow.authenticated()` is written without a provider: it means user pools.
        #expect(book.authRules == [AuthRule(strategy: .private, provider: .userPools)])
        #expect(reader.authRules.map(\.provider) == [.userPools, .apiKey, .iam])
        #expect(reader.associations.map(\.name) == ["books", "reviews", "awards"])
        // A secondary index (a key attribute with a name) is not the primary key.
        #expect(book.primaryKey == .id)
    }

    @Test func aCompositeKeyIsRead() throws {
        let schema = try Fixtures.schema("court-bookings.json")
        let record = try schema.require("CourtBooking")
        #expect(record.primaryKey == PrimaryKey(partitionKey: "courtId", sortKeys: ["slot"], isCustom: true))
        #expect(record.primaryKey.fields == ["courtId", "slot"])
        #expect(try record.require("startTime").type == .scalar(.awsTime))
        #expect(record.authRules == [AuthRule(strategy: .groups, provider: .userPools, groups: ["Staff"])])
        #expect(record.readOnlyReasons.isEmpty)
    }

    @Test func theHandWrittenModelsUseEveryKindOfField() throws {
        let schema = try Fixtures.schema("household-budget.json")
        let budget = try schema.require("Budget")
        #expect(budget.primaryKey == PrimaryKey(partitionKey: "tenantId", sortKeys: ["sku"]))
        let scalars = Set(schema.models.flatMap(\.fields).compactMap { field -> ScalarType? in
            if case .scalar(let scalar) = field.type { scalar } else { nil }
        })
        #expect(scalars == Set(ScalarType.allCases))
        #expect(try budget.require("months").graphQLType == "[Int!]!")
        #expect(schema.nonModels["Receipt"]?.fields.map(\.name) == ["merchant", "total", "lines", "scannedAt"])
        #expect(try schema.require("Transaction").require("receipt").type == .nonModel("Receipt"))
    }

    @Test func theIntrospectionObjectAloneReadsAsTheWholeFile() throws {
        for name in Fixtures.all {
            let whole = try Fixtures.data(name)
            // The object's own text, cut out of the file as it is (keys in their order).
            let introspection = try JSONReader.read(whole) { reader throws(JSONReadError) in
                var text: [UInt8] = []
                try reader.readObject { reader, key throws(JSONReadError) in
                    guard key == "data" else { return try reader.skipValue() }
                    try reader.readObject { reader, key throws(JSONReadError) in
                        if key == "model_introspection" { text = try reader.readRawValue() } else { try reader.skipValue() }
                    }
                }
                return text
            }
            #expect(try ModelIntrospectionReader.read(Data(introspection)) == ModelIntrospectionReader.read(whole), "\(name)")
        }
    }

    @Test func theSampleIsDescribedAsAmplifyDescribesIt() {
        let sample = AmplifyModel.realEstateProperty
        #expect(sample.displayField == "name")
        #expect(sample.editableFields(for: .update).map(\.name) == ["name", "address"])
        #expect(sample.editableFields(for: .create).map(\.name) == ["id", "name", "address"])
        #expect(sample.access(with: [.apiKey]) == ModelAccess(allowed: ModelOperation.all, readOnlyReason: nil))
    }

    @Test func aSchemaRoundTripsThroughCodable() throws {
        for name in Fixtures.all {
            let schema = try Fixtures.schema(name)
            let decoded = try JSONDecoder().decode(ModelSchema.self, from: JSONEncoder().encode(schema))
            #expect(decoded == schema, "\(name)")
        }
    }
}
