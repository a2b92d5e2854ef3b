import Foundation
import GraphQL
import Testing
@testable import LocalAppSync

/// Conditions as DynamoDB evaluates them against the stored item (`DynamoCondition`), and the
/// server keeping "never written" apart from "written as null".
@Suite struct Gen2ConditionTests {
    typealias Item = DynamoCondition.Item

    static let written: Item = ["id": .string("p1"), "name": .string("Maison"), "address": .string("Rue 7")]
    static let nullAddress: Item = ["id": .string("p1"), "name": .string("Maison"), "address": .null]
    static let noAddress: Item = ["id": .string("p1"), "name": .string("Maison")]

    static func holds(_ json: String, _ item: Item) throws -> Bool {
        DynamoCondition.holds(try JSONDecoder().decode(Map.self, from: Data(json.utf8)), on: item)
    }

    /// (condition, holds on "Rue 7", on NULL, on absent)
    static let table: [(String, Bool, Bool, Bool)] = [
        (#"{"address":{"eq":"Rue 7"}}"#, true, false, false),
        (#"{"address":{"ne":"Rue 7"}}"#, false, true, true),
        (#"{"address":{"ne":"Other"}}"#, true, true, true),
        (#"{"address":{"eq":null}}"#, false, true, false),
        (#"{"address":{"ne":null}}"#, true, false, true),
        (#"{"address":{"lt":"S"}}"#, true, false, false),
        (#"{"address":{"le":"Rue 7"}}"#, true, false, false),
        (#"{"address":{"gt":"Rue 7"}}"#, false, false, false),
        (#"{"address":{"ge":"Rue 7"}}"#, true, false, false),
        (#"{"address":{"between":["R","S"]}}"#, true, false, false),
        (#"{"address":{"beginsWith":"Rue"}}"#, true, false, false),
        (#"{"address":{"contains":"e 7"}}"#, true, false, false),
        (#"{"address":{"notContains":"e 7"}}"#, false, true, true),
        (#"{"address":{"attributeExists":true}}"#, true, true, false),
        (#"{"address":{"attributeExists":false}}"#, false, false, true),
        (#"{"address":{"attributeType":"string"}}"#, true, false, false),
        (#"{"address":{"attributeType":"_null"}}"#, false, true, false),
        (#"{"address":{"size":{"eq":5}}}"#, true, false, false),
        (#"{"address":{"size":{"between":[6,9]}}}"#, false, false, false),
        (#"{"address":{"size":{"gt":4,"lt":6}}}"#, true, false, false),
        (#"{"or":[{"address":{"attributeExists":false}},{"address":{"attributeType":"_null"}}]}"#, false, true, true),
        (#"{"not":{"address":{"attributeExists":true}}}"#, false, false, true),
        (#"{"and":[{"name":{"eq":"Maison"}},{"address":{"beginsWith":"R"}}]}"#, true, false, false),
        (#"{"name":{"eq":"Maison"},"address":{"ne":"Rue 7"}}"#, false, true, true),
        (#"{"name":{"eq":"Maison","beginsWith":"M"}}"#, true, true, true),
        (#"{"updatedAt":{"attributeExists":false}}"#, true, true, true),
    ]

    @Test func eachOperatorAgainstAWrittenANullAndAnAbsentAttribute() throws {
        for (condition, onWritten, onNull, onAbsent) in Self.table {
            #expect(try Self.holds(condition, Self.written) == onWritten, "\(condition) on a written address")
            #expect(try Self.holds(condition, Self.nullAddress) == onNull, "\(condition) on a NULL address")
            #expect(try Self.holds(condition, Self.noAddress) == onAbsent, "\(condition) on an absent address")
        }
    }

    @Test func stringsCompareByTheirUTF8Bytes() throws {
        let item: Item = ["name": .string("Zürich")]
        #expect(try Self.holds(#"{"name":{"gt":"Zz"}}"#, item), "ü (C3 BC) sorts after z")
        #expect(try Self.holds(#"{"name":{"size":{"eq":7}}}"#, item), "size counts bytes")
    }

    /// `é` as one scalar (C3 A9) and as `e` + U+0301 (65 CC 81) are one Swift `String` but two
    /// byte strings, which DynamoDB tells apart: equality, a list's item and a substring are
    /// bytes (ModelFiltersTests' property test found the server taking them as equal).
    @Test func equalStringsAreEqualBytesNotEquivalentCharacters() throws {
        let composed: Item = ["name": .string("caf\u{E9}"), "tags": .list([.string("\u{E9}")])]
        let decomposed: Item = ["name": .string("cafe\u{301}"), "tags": .list([.string("e\u{301}")])]
        #expect(try Self.holds(#"{"name":{"eq":"caf\u00e9"}}"#, composed))
        #expect(try !Self.holds(#"{"name":{"eq":"caf\u00e9"}}"#, decomposed))
        #expect(try Self.holds(#"{"name":{"ne":"caf\u00e9"}}"#, decomposed))
        #expect(try !Self.holds(#"{"tags":{"contains":"\u00e9"}}"#, decomposed), "a list holds an item of the same bytes")
        #expect(try Self.holds(#"{"name":{"contains":"cafe"}}"#, decomposed), "the bytes of cafe begin cafe + U+0301")
        #expect(try !Self.holds(#"{"name":{"contains":"caf\u00e9"}}"#, decomposed))
        #expect(try Self.holds(#"{"name":{"notContains":"\u00e9"}}"#, decomposed))
    }

    /// Through the server: a create that leaves `address` out writes nothing; one that sends
    /// `address: null` writes NULL; conditions tell them apart.
    @Test func theStoreKeepsNeverWrittenApartFromWrittenAsNull() async throws {
        try await TestServer.gen2 { server in
            try await server.graphQL(#"mutation { createRealEstateProperty(input: {id: "absent", name: "A"}) { id } }"#)
            try await server.graphQL(#"mutation { createRealEstateProperty(input: {id: "null", name: "N", address: null}) { id } }"#)
            func update(_ id: String, condition: String) async throws -> Bool {
                let answer = try await server.graphQL(
                    "mutation { updateRealEstateProperty(input: {id: \"\(id)\"}, condition: \(condition)) { id } }")
                return answer["errors"].isNull
            }
            #expect(try await update("absent", condition: "{address: {attributeExists: false}}"))
            #expect(try await !update("null", condition: "{address: {attributeExists: false}}"))
            #expect(try await update("null", condition: "{address: {attributeType: _null}}"))
            #expect(try await !update("absent", condition: "{address: {attributeType: _null}}"))
            let eitherNull = "{or: [{address: {attributeExists: false}}, {address: {attributeType: _null}}]}"
            #expect(try await update("absent", condition: eitherNull))
            #expect(try await update("null", condition: eitherNull))
            // A create's condition is evaluated against the absent item.
            let create = try await server.graphQL(
                #"mutation { createRealEstateProperty(input: {name: "C"}, condition: {name: {attributeExists: true}}) { id } }"#)
            #expect(create["errors"][0]["errorType"] == "DynamoDB:ConditionalCheckFailedException")
        }
    }
}
