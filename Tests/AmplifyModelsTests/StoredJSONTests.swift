import AmplifyModels
import Foundation
import JSONValues
import PropertyBased
import Testing

/// `ModelValue`'s stored JSON written and read by hand is the text its `Codable` conformance
/// writes and reads: every value of every field kind, random, read back the same through both
/// readers, and `JSONEncoder`'s text read back the same by hand (outbox rows written before).
@Suite struct StoredJSONTests {
    static func written(_ values: [String: ModelValue]) -> [UInt8] {
        var bytes: [UInt8] = []
        ModelValue.appendStoredJSON(values, to: &bytes)
        return bytes
    }

    static func read(_ bytes: some ContiguousBytes) throws(JSONReadError) -> [String: ModelValue] {
        try JSONReader.read(bytes) { reader throws(JSONReadError) in try ModelValue.storedValues(&reader) }
    }

    @Test func randomValuesOfEveryKindReadBackThroughBothReaders() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...1_000_000_000)) { seed in
            let schema = RandomSchema(seed: seed).schemaValue
            var random = RandomValues(seed: seed)
            random.deepPercent = 10
            for model in schema.models {
                var values: [String: ModelValue] = [:]
                for field in model.fields { values[field.name] = random.value(for: field, schema: schema) }
                let byHand = Self.written(values)
                #expect(try Self.read(byHand) == values, "seed \(seed): read by hand")
                #expect(try JSONDecoder().decode([String: ModelValue].self, from: Data(byHand)) == values, "seed \(seed): read by JSONDecoder")
                let byEncoder = try JSONEncoder().encode(values)
                #expect(try Self.read(byEncoder) == values, "seed \(seed): JSONEncoder's text read by hand")
            }
        }
    }

    @Test func edgeValuesKeepTheirCaseAndBits() throws {
        let values: [String: ModelValue] = [
            "nothing": .null, "zero": .float(0), "negativeZero": .float(-0.0), "tiny": .float(.leastNonzeroMagnitude), "huge": .float(1.7976931348623157e308),
            "third": .float(1.0 / 3), "whole": .float(900), "smallest": .int(.min), "largest": .int(.max),
            "escapes": .string("a\"b\\c\n\t\u{01}é😀/"), "name": .enumValue("EXPENSE"), "empty": .list([]),
            "nested": .list([.null, .list([.int(1)]), .string("")]),
            "tree": .json(["a": [1, .double(2.5), "x\"y"], "b": nil, "c": ["d": true]]),
        ]
        let read = try Self.read(Self.written(values))
        #expect(read == values)
        // `==` on Double says 0 == -0: the sign bit is checked as well.
        if case .float(let number)? = read["negativeZero"] { #expect(number.sign == .minus) } else { Issue.record("not a float") }
    }

    @Test func whatIsNotAStoredValueIsRefused() {
        for text in [
            #"{"a":{}}"#, #"{"a":{"int":1,"string":"x"}}"#, #"{"a":{"date":"2026-01-01"}}"#, #"{"a":{"int":"1"}}"#,
            #"{"a":{"float":"NaN"}}"#, #"{"a":{"json":"{not json"}}"#, #"{"a":{"null":0}}"#, #"{"a":3}"#, #"[]"#,
        ] {
            #expect(throws: JSONReadError.self, "\(text)") { try Self.read(Array(text.utf8)) }
        }
    }
}
