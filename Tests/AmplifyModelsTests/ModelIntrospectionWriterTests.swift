import AmplifyModels
import Foundation
import PropertyBased
import Testing

/// `ModelIntrospectionWriter` writes what `ModelIntrospectionReader` reads back as the same
/// models, in the shape Amplify Gen 2 writes (`docs/protocol.md`, "Sandbox outputs").
@Suite struct ModelIntrospectionWriterTests {
    static func readBack(_ schema: ModelSchema, indentLevel: Int = 0) throws -> ModelSchema {
        try ModelIntrospectionReader.read(Data(ModelIntrospectionWriter.text(schema, indentLevel: indentLevel)))
    }

    /// The format has no place for a field's longest text (the sample's server keeps its own).
    static func withoutLengths(_ fields: [ModelField]) -> [ModelField] {
        fields.map { field in
            var field = field
            field.maximumLength = nil
            return field
        }
    }

    @Test func theSampleReadsBackAsItsDescription() throws {
        let sample = AmplifyModel.realEstateProperty
        let read = try Self.readBack(.realEstateProperty)
        #expect(read.models.count == 1 && read.enums.isEmpty && read.nonModels.isEmpty)
        let model = try read.require("RealEstateProperty")
        #expect(model.name == sample.name && model.pluralName == sample.pluralName)
        #expect(model.fields == Self.withoutLengths(sample.fields))
        #expect(model.primaryKey == sample.primaryKey && !model.primaryKey.isCustom)
        #expect(model.authRules.isEmpty && model.ownerField == nil && model.readOnlyReasons.isEmpty)
    }

    /// Every fixture (every scalar, enums, custom types, lists, relations both ways, composite
    /// keys, owner, group and public rules) reads back as the file it was read from.
    @Test func everyFixtureReadsBackAsItsFile() throws {
        for name in Fixtures.all {
            let schema = try Fixtures.schema(name)
            #expect(try Self.readBack(schema) == schema, "\(name)")
            #expect(try Self.readBack(schema, indentLevel: 3) == schema, "\(name), indented")
        }
    }

    @Test func randomModelsReadBackAsWritten() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...1_000_000_000)) { seed in
            let schema = RandomSchema(seed: seed).schemaValue
            let read = Result { try Self.readBack(schema) }
            #expect((try? read.get()) == schema, "seed \(seed): \(read)")
        }
    }

    /// A model with a custom key, a relation, a list and an owner rule, as Amplify writes it:
    /// the members in its order, a list's `isRequired` about its items and `isArrayNullable`
    /// about the list, the key both in `primaryKeyInfo` and in the key attribute.
    @Test func aModelIsWrittenInAmplifysShape() throws {
        let book = AmplifyModel(
            name: "Book", pluralName: "Books",
            fields: [
                ModelField(name: "isbn", type: .scalar(.string), isRequired: true),
                ModelField(name: "tags", type: .scalar(.string), isRequired: true, isList: true, listItemsNullable: false),
                ModelField(name: "shelfId", type: .scalar(.id)),
                ModelField(name: "shelf", type: .model("Shelf"),
                           association: ModelAssociation(kind: .belongsTo, relatedModel: "Shelf", targetNames: ["shelfId"])),
                ModelField(name: "updatedAt", type: .scalar(.awsDateTime), isReadOnly: true),
                ModelField(name: "owner", type: .scalar(.string)),
            ],
            primaryKey: PrimaryKey(partitionKey: "isbn"),
            authRules: [AuthRule(strategy: .owner, provider: .userPools, operations: [.read, .create], ownerField: "owner")],
            ownerField: "owner")
        let text = String(decoding: ModelIntrospectionWriter.text(ModelSchema(models: [book])), as: UTF8.self)
        let expected = """
            {
              "version": 1,
              "models": {
                "Book": {
                  "name": "Book",
                  "fields": {
                    "isbn": {
                      "name": "isbn",
                      "isArray": false,
                      "type": "String",
                      "isRequired": true,
                      "attributes": []
                    },
                    "tags": {
                      "name": "tags",
                      "isArray": true,
                      "type": "String",
                      "isRequired": true,
                      "attributes": [],
                      "isArrayNullable": false
                    },
                    "shelfId": {
                      "name": "shelfId",
                      "isArray": false,
                      "type": "ID",
                      "isRequired": false,
                      "attributes": []
                    },
                    "shelf": {
                      "name": "shelf",
                      "isArray": false,
                      "type": {
                        "model": "Shelf"
                      },
                      "isRequired": false,
                      "attributes": [],
                      "association": {
                        "connectionType": "BELONGS_TO",
                        "targetNames": [
                          "shelfId"
                        ]
                      }
                    },
                    "updatedAt": {
                      "name": "updatedAt",
                      "isArray": false,
                      "type": "AWSDateTime",
                      "isRequired": false,
                      "attributes": [],
                      "isReadOnly": true
                    },
                    "owner": {
                      "name": "owner",
                      "isArray": false,
                      "type": "String",
                      "isRequired": false,
                      "attributes": []
                    }
                  },
                  "syncable": true,
                  "pluralName": "Books",
                  "attributes": [
                    {
                      "type": "model",
                      "properties": {}
                    },
                    {
                      "type": "key",
                      "properties": {
                        "fields": [
                          "isbn"
                        ]
                      }
                    },
                    {
                      "type": "auth",
                      "properties": {
                        "rules": [
                          {
                            "allow": "owner",
                            "provider": "userPools",
                            "ownerField": "owner",
                            "identityClaim": "cognito:username",
                            "operations": [
                              "create",
                              "read"
                            ]
                          }
                        ]
                      }
                    }
                  ],
                  "primaryKeyInfo": {
                    "isCustomPrimaryKey": true,
                    "primaryKeyFieldName": "isbn",
                    "sortKeyFieldNames": []
                  }
                }
              },
              "enums": {},
              "nonModels": {}
            }
            """
        #expect(text == expected)
        // The relation's model is not described: read back, the model is read-only, and says why.
        let read = try #require(try ModelIntrospectionReader.read(Data(text.utf8)).model(named: "Book"))
        #expect(read.fields == book.fields && read.primaryKey == book.primaryKey && read.authRules == book.authRules)
        #expect(read.readOnlyReasons == ["the field shelf's model Shelf is not described"])
    }
}
