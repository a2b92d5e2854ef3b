import AmplifyModels
import AppSync

/// Random valid values for any field of a schema, from a seed (SplitMix64, like `RandomSchema`):
/// every scalar in its several shapes (a packable `AWSDateTime` and others, lowercase UUIDs and
/// other ids, texts that need escaping), enums, lists with null items where allowed, and custom
/// types holding every field their selection reads back (null ones left out, as the codec keeps
/// them), so that a value sent comes back equal.
struct RandomValues {
    private var draws: SeededDraws
    /// Whether a list may hold null items (`[String]`). The embedded server cannot answer such a
    /// list yet (see `ModelRecordServerTests.aListHoldingNullComesBack`), so the round trips
    /// through it turn them off.
    var nullItems = true

    /// How deep a generated custom type nests in itself.
    static let maximumNesting = 3
    /// How deep a value made deep (`deepPercent`) goes: beyond the 12 levels a selection reads.
    static let deepNesting = 14
    /// The chance (in percent) that a custom type's value nests `deepNesting` levels, to be read cut.
    var deepPercent = 0

    init(seed: Int) { draws = SeededDraws(seed: seed) }

    mutating func next(_ bound: Int) -> Int { draws.next(bound) }

    mutating func chance(_ percent: Int) -> Bool { draws.chance(percent) }

    mutating func pick<T>(_ items: [T]) -> T { draws.pick(items) }

    /// A value for `field`: null only when the field is optional and `allowNull`.
    mutating func value(for field: ModelField, schema: ModelSchema, allowNull: Bool = true, depth: Int = 0) -> ModelValue {
        if allowNull, !field.isRequired, chance(15) { return .null }
        guard field.isList else { return item(field.type, schema: schema, depth: depth) }
        let count = next(4)
        return .list((0..<count).map { _ in
            field.listItemsNullable && nullItems && chance(15) ? .null : item(field.type, schema: schema, depth: depth)
        })
    }

    mutating func item(_ type: FieldType, schema: ModelSchema, depth: Int) -> ModelValue {
        switch type {
        case .scalar(let scalar): return self.scalar(scalar)
        case .enumeration(let name): return .enumValue(pick(schema.enums[name]?.values ?? ["A"]))
        case .nonModel(let name):
            // Now and then (`deepPercent`) a type holding itself nests deeper than a selection reads.
            if depth == 0, deepPercent > 0, chance(deepPercent) { return .json(object(name, schema: schema, depth: 0, deepTo: Self.deepNesting)) }
            return .json(object(name, schema: schema, inside: [], depth: depth))
        case .model, .unknown: return .null
        }
    }

    /// A custom type's value nested `deepTo` levels through every custom-typed member.
    private mutating func object(_ name: String, schema: ModelSchema, depth: Int, deepTo levels: Int) -> JSONValue {
        guard let type = schema.nonModels[name] else { return .object([:]) }
        var members: [String: JSONValue] = [:]
        for field in type.fields {
            let codec = FieldValueCodec(field: field, schema: schema)
            if case .nonModel(let inner) = field.type, !field.isList {
                guard depth + 1 < levels else { continue }
                members[field.name] = object(inner, schema: schema, depth: depth + 1, deepTo: levels)
            } else if case .nonModel = field.type {
                continue
            } else {
                let member = codec.json(value(for: field, schema: schema, allowNull: false, depth: depth + 1))
                if member != .null { members[field.name] = member }
            }
        }
        return .object(members)
    }

    /// A custom type's value with each field its selection reads, null ones left out (as
    /// `FieldValueCodec` keeps one value in one form). A type holding itself nests a few levels at
    /// most (`maximumNesting`), well within the levels a selection reads, so that the value comes
    /// back whole.
    private mutating func object(_ name: String, schema: ModelSchema, inside: Set<String>, depth: Int) -> JSONValue {
        guard let type = schema.nonModels[name] else { return .object([:]) }
        var members: [String: JSONValue] = [:]
        for field in type.fields {
            if case .nonModel(let inner) = field.type {
                guard schema.nonModels[inner] != nil else { continue }
                if depth >= Self.maximumNesting, !field.isRequired { continue }
            }
            let codec = FieldValueCodec(field: field, schema: schema)
            let member = codec.json(value(for: field, schema: schema, depth: depth + 1))
            if member != .null { members[field.name] = member }
        }
        return .object(members)
    }

    /// A lowercase UUID drawn from the seed (not the system's: a seed's values are the same on every run).
    mutating func uuid() -> String {
        func hex(_ digits: Int) -> String {
            String((0..<digits).map { _ in Array("0123456789abcdef")[next(16)] })
        }
        return "\(hex(8))-\(hex(4))-4\(hex(3))-8\(hex(3))-\(hex(12))"
    }

    mutating func scalar(_ scalar: ScalarType) -> ModelValue {
        func pad(_ number: Int, _ width: Int) -> String {
            let digits = String(number)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let date = "\(pad(1970 + next(100), 4))-\(pad(1 + next(12), 2))-\(pad(1 + next(28), 2))"
        let time = "\(pad(next(24), 2)):\(pad(next(60), 2)):\(pad(next(60), 2))"
        switch scalar {
        case .id: return .string(chance(70) ? uuid() : "ID-\(next(1_000_000))")
        case .string: return .string(pick(["Bread", "é😀 café", "a\"b\\c", " spaced ", "line\nbreak", "日本の家 ✓", "x"]) + String(next(1000)))
        case .int: return .int(Int64(next(Int(UInt32.max))) + Int64(Int32.min))
        case .float: return .float(pick([2.5, -0.125, 1e-7, 12_345.678, 3, 1e21]))
        case .boolean: return .bool(chance(50))
        case .awsDate: return .string(date + pick(["", "Z", "+01:00"]))
        case .awsTime: return .string(pick([String(time.prefix(5)), time, time + ".250", time + "Z"]))
        case .awsDateTime:
            // The shape AppSync writes (packed in a record) and others (kept as text).
            return .string(chance(60) ? "\(date)T\(time).\(pad(next(1000), 3))Z" : "\(date)T\(time)" + pick(["Z", "+05:30", "-08:00"]))
        case .awsTimestamp: return .int(Int64(next(4_000_000_000)) - 100_000_000)
        case .awsEmail: return .string("someone\(next(100))@example.com")
        case .awsURL: return .string(pick(["https://example.com/a?b=1", "http://test.org", "ftp://files.example.net/x"]))
        case .awsPhone: return .string(pick(["+1 206 555 0100", "+441632960961", "5550100"]))
        case .awsIPAddress: return .string(pick(["192.0.2.\(next(256))", "2001:db8::\(next(100))", "10.0.0.0/8"]))
        case .awsJSON:
            // No whole number written as a double: JSON text does not tell 2.0 from 2.
            return .json(.object(["n": .int(Int64(next(100))), "tags": .array([.string("a"), .bool(true), .double(0.5)]), "none": .null]))
        }
    }
}
