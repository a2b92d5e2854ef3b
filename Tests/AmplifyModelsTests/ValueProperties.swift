import AmplifyModels
import AppSync
import Foundation
import PropertyBased
import Testing

/// Random valid values of every type: shown as text they read back the same, sent as JSON they
/// come back the same, stored with `Codable` they are kept the same.
@Suite struct ValueProperties {
    static func pad(_ number: Int, _ width: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    static let offset = Gen<String>.oneOf(
        choose(["Z", ""]),
        zip(choose(["+", "-"]), Gen.int(in: 0...23), Gen.int(in: 0...59)).map { "\($0)\(pad($1, 2)):\(pad($2, 2))" })
    static let date = zip(Gen.int(in: 1...9999), Gen.int(in: 1...12), Gen.int(in: 1...28)).map { "\(pad($0, 4))-\(pad($1, 2))-\(pad($2, 2))" }
    static let time = zip(Gen.int(in: 0...23), Gen.int(in: 0...59), Gen.int(in: 0...59), Gen.int(in: 0...3)).map { hours, minutes, seconds, precision in
        let base = "\(pad(hours, 2)):\(pad(minutes, 2))"
        switch precision {
        case 0: return base
        case 1: return base + ":" + pad(seconds, 2)
        default: return base + ":" + pad(seconds, 2) + "." + String(repeating: "7", count: precision * 3)
        }
    }
    static let label = choose(["a", "example", "x1", "my-host", "b2b"])
    static let ipv4 = Gen.int(in: 0...255).array(of: 4).map { $0.map(String.init).joined(separator: ".") }
    static let ipv6 = Gen.int(in: 0...0xFFFF).array(of: 8).map { $0.map { String($0, radix: 16) }.joined(separator: ":") }

    /// A scalar type and a valid value of it, as text.
    static let scalarText = Gen<(ScalarType, String)>.oneOf(
        Gen.int(in: Int(Int32.min)...Int(Int32.max)).map { (ScalarType.int, String($0)) },
        Gen.double(in: -1e12...1e12).map { (ScalarType.float, "\($0)") },
        choose(["true", "false"]).map { (ScalarType.boolean, $0) },
        zip(date, offset).map { (ScalarType.awsDate, $0 + $1) },
        zip(time, offset).map { (ScalarType.awsTime, $0 + $1) },
        zip(date, time, offset).map { (ScalarType.awsDateTime, $0 + "T" + $1 + ($2.isEmpty ? "Z" : $2)) },
        Gen.int(in: -4_000_000_000...4_000_000_000).map { (ScalarType.awsTimestamp, String($0)) },
        zip(label, label, label).map { (ScalarType.awsEmail, "\($0).\($1)@\($2).com") },
        zip(choose(["https", "http", "ftp"]), label, label).map { (ScalarType.awsURL, "\($0)://\($1).org/\($2)?q=1") },
        Gen.int(in: 0...9).array(of: 5...15).map { (ScalarType.awsPhone, "+" + $0.map(String.init).joined()) },
        zip(ipv4, Gen.int(in: 0...32)).map { (ScalarType.awsIPAddress, "\($0)/\($1)") },
        ipv6.map { (ScalarType.awsIPAddress, $0) },
        Gen.int(in: -5...5).array(of: 0...4).map { (ScalarType.awsJSON, "{\"n\": \($0)}") },
        choose(["id-1", "é😀", "a\"b\\c", " x "]).map { (ScalarType.string, $0) })

    static func codec(_ scalar: ScalarType, list: Bool = false) -> FieldValueCodec {
        FieldValueCodec(field: ModelField(name: "v", type: .scalar(scalar), isList: list), schema: ModelSchema(models: []))
    }

    @Test func typedValuesRoundTripThroughTextJSONAndCodable() async {
        await propertyCheck(count: 2_000, input: Self.scalarText) { scalar, text in
            let codec = Self.codec(scalar)
            let value: ModelValue
            do {
                value = try codec.value(typed: text)
            } catch {
                Issue.record("\(scalar.rawValue) refused a valid \(text): \(error)")
                return
            }
            #expect(try codec.value(typed: codec.text(value)) == value, "\(scalar.rawValue) \(text)")
            #expect(try codec.value(json: codec.json(value)) == value, "\(scalar.rawValue) \(text)")
            // The wire text itself reads back to the same value.
            let wire = try #require(JSONValue(jsonText: Array(codec.json(value).jsonText.utf8)))
            #expect(try codec.value(json: wire) == value, "\(scalar.rawValue) \(text)")
            let stored = try JSONDecoder().decode(ModelValue.self, from: JSONEncoder().encode(value))
            #expect(stored == value)
        }
    }

    @Test func listsRoundTripItemByItemAndAsJSON() async {
        let lists = zip(choose(ScalarType.allCases), Self.scalarText.array(of: 0...5))
        await propertyCheck(count: 500, input: lists) { _, items in
            guard let scalar = items.first?.0 else { return }
            let texts = items.filter { $0.0 == scalar }.map(\.1)
            let codec = Self.codec(scalar, list: true)
            let value = try codec.value(typedItems: texts)
            #expect(try codec.value(typed: codec.text(value)) == value, "\(scalar.rawValue) \(texts)")
            #expect(try codec.value(json: codec.json(value)) == value)
        }
    }

    @Test func listItemsAreCheckedAndPlacedInTheMessage() throws {
        let codec = Self.codec(.int, list: true)
        #expect(try codec.value(typed: "[1, 2, null]") == .list([.int(1), .int(2), .null]))
        #expect(throws: ValueError(expected: ScalarType.int.expectation, location: ["item 2"])) {
            try codec.value(typedItems: ["1", "two"])
        }
        #expect(throws: ValueError.self) { try codec.value(typed: "1, 2") }
        // One example, the list's, not the item's too.
        #expect(codec.expectation == "a list of a whole number from -2147483648 to 2147483647, like [1, 2]", "\(codec.expectation)")
        let required = FieldValueCodec(
            field: ModelField(name: "months", type: .scalar(.int), isRequired: true, isList: true, listItemsNullable: false),
            schema: ModelSchema(models: []))
        #expect(throws: ValueError(expected: ScalarType.int.expectation, location: ["item 2"])) { try required.value(typed: "[1, null]") }
        #expect(try required.value(typed: "[]") == .list([]))
    }

    /// The example a list's message gives is a list the field takes, whatever its item's kind.
    @Test func everyListsExampleIsAValueItTakes() throws {
        for scalar in ScalarType.allCases {
            let codec = Self.codec(scalar, list: true)
            let example = try #require(codec.expectation.components(separatedBy: ", like ").last)
            #expect(throws: Never.self, "\(scalar.rawValue): \(example)") { try codec.value(typed: example) }
        }
    }

    @Test func enumsAndCustomTypesAreCheckedAgainstTheSchema() throws {
        let schema = try Fixtures.schema("household-budget.json")
        let transaction = try schema.require("Transaction")
        let kind = FieldValueCodec(field: try transaction.require("kind"), schema: schema)
        #expect(try kind.value(typed: "EXPENSE") == .enumValue("EXPENSE"))
        #expect(try kind.value(typed: "income") == .enumValue("INCOME"))
        #expect(throws: ValueError(expected: "one of INCOME, EXPENSE")) { try kind.value(typed: "GIFT") }
        #expect(kind.json(.enumValue("INCOME")) == .string("INCOME"))

        let receipt = FieldValueCodec(field: try transaction.require("receipt"), schema: schema)
        let value = try receipt.value(typed: #"{"merchant": "Bakery", "total": 4.5, "lines": ["bread"]}"#)
        #expect(receipt.text(value) == #"{"merchant":"Bakery","total":4.5,"lines":["bread"]}"#)
        #expect(try receipt.value(json: receipt.json(value)) == value)
        #expect(throws: ValueError(expected: ScalarType.float.expectation, location: ["total"])) {
            try receipt.value(typed: #"{"merchant": "Bakery", "total": "cheap"}"#)
        }
        #expect(throws: ValueError(expected: "a value: the field is required", location: ["merchant"])) {
            try receipt.value(typed: #"{"total": 1}"#)
        }
        #expect(throws: ValueError(expected: "no field tip: Receipt has merchant, total, lines, scannedAt")) {
            try receipt.value(typed: #"{"merchant": "Bakery", "tip": 1}"#)
        }
    }
}
