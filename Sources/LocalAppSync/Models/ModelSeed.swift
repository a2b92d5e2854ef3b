import AmplifyModels
import JSONValues

/// What `serve --models --seed N` writes: N plausible items of every model, the same for the
/// same N. Every field holds a value its type accepts (`FieldValueCodec` takes every one):
/// enums one of their values, dates real days, lists a few items, custom types their fields,
/// required fields always set and optional ones now and then left out. A `belongsTo` points at
/// one of the N items of its parent, so every relation resolves. Keys are unique: an `id` is a
/// UUID made from the item's number; a custom key's partition holds ten items each, told apart
/// by the sort key; a secondary index's partition, fifty.
struct ModelSeed: Sendable {
    let schema: ModelSchema
    /// Each field's seed by model, in the model's field order, hashed once rather than once an item.
    private let fieldSeeds: [String: [UInt64]]
    /// Each model's seed of generated ids.
    private let idSeeds: [String: UInt64]
    /// What each text field's name says it holds, by field name.
    private let textKinds: [String: SeedText.TextKind]
    /// Each model's index partition keys that items share (`sharedPartitionKeys`).
    private let sharedKeys: [String: [String]]

    init(schema: ModelSchema) {
        self.schema = schema
        var seeds: [String: [UInt64]] = [:]
        var kinds: [String: SeedText.TextKind] = [:]
        for model in schema.models {
            seeds[model.name] = model.fields.map { SeedRandom.base(model.name + "." + $0.name) }
        }
        for field in schema.models.flatMap(\.fields) + schema.nonModels.values.flatMap(\.fields) {
            kinds[field.name] = SeedText.TextKind(name: field.name)
        }
        fieldSeeds = seeds
        idSeeds = Dictionary(uniqueKeysWithValues: schema.models.map { ($0.name, SeedRandom.base($0.name + "#id")) })
        textKinds = kinds
        sharedKeys = Dictionary(uniqueKeysWithValues: schema.models.map { ($0.name, Self.sharedPartitionKeys(of: $0)) })
    }

    /// Item `index` (0..<count) of `model`, without the timestamps and versions of its write.
    func item(_ model: AmplifyModel, index: Int, count: Int) -> ModelItem {
        var attributes: [String: JSONValue] = [:]
        let keyFields = Set(model.primaryKey.fields)
        let seeds = fieldSeeds[model.name] ?? []
        for (position, field) in model.fields.enumerated() where !field.type.isModel && !keyFields.contains(field.name) {
            var random = SeedRandom(base: position < seeds.count ? seeds[position] : 0, index)
            // One optional field in six is left out, as a form would leave it.
            if !field.isRequired, random.next() % 6 == 0 { continue }
            attributes[field.name] = value(field, random: &random, index: index, depth: 0)
        }
        for (name, value) in zip(model.primaryKey.fields, key(model, index: index)) { attributes[name] = value }
        for name in sharedKeys[model.name] ?? [] where !keyFields.contains(name) {
            guard let field = model.field(named: name) else { continue }
            attributes[name] = uniqueValue(field, number: index / Self.itemsPerIndexPartition)
        }
        for field in model.fields {
            guard let association = field.association, association.kind == .belongsTo || association.kind == .hasOne,
                !association.targetNames.isEmpty, let parent = schema.model(named: association.relatedModel), count > 0
            else { continue }
            var random = SeedRandom(model.name + "->" + field.name, index)
            let parentKey = key(parent, index: Int(random.next() % UInt64(count)))
            for (name, value) in zip(association.targetNames, parentKey) where !keyFields.contains(name) { attributes[name] = value }
        }
        return ModelItem(attributes: attributes)
    }

    /// An index's partition key (a customer, a category, an account) is shared by this many
    /// items, as in a real table, so that a query of one partition reads some: a million seeded
    /// items hold 20,000 partitions of 50 (a random text would give each item its own).
    static let itemsPerIndexPartition = 50

    /// The partition keys of the model's queryable indexes that no relation fills (an index the
    /// API cannot query is no reason to make a description the same for 50 items).
    static func sharedPartitionKeys(of model: AmplifyModel) -> [String] {
        let related = Set(model.fields.flatMap { $0.association?.targetNames ?? [] })
        return model.indexes.filter(\.isQueryable).map(\.partitionKey).filter { !related.contains($0) }
    }

    /// The key of item `index`: the partition key changes every ten items when a sort key
    /// follows it, and the (first) sort key, or a key of one field, is the item's own.
    func key(_ model: AmplifyModel, index: Int) -> [JSONValue] {
        let key = model.primaryKey
        return key.fields.enumerated().map { position, name in
            let field = model.field(named: name) ?? ModelField(name: name, type: .scalar(.id))
            if name == "id", !key.isCustom, field.type == .scalar(.id) {
                return .string(SeedRandom.uuid(base: idSeeds[model.name] ?? SeedRandom.base(model.name + "#id"), index))
            }
            let number = position == 0 && key.isComposite ? index / 10 : index
            return uniqueValue(field, number: number)
        }
    }

    /// A key field's value, different for every `number`.
    private func uniqueValue(_ field: ModelField, number: Int) -> JSONValue {
        guard case .scalar(let scalar) = field.type else {
            if case .enumeration(let name) = field.type, let values = schema.enums[name]?.values, !values.isEmpty {
                return .string(values[number % values.count])
            }
            return .string("\(field.name)-\(number)")
        }
        let padded = String(number).leftPadded(to: 6)
        switch scalar {
        case .int, .awsTimestamp: return .int(Int64(number))
        case .float: return .double(Double(number))
        case .awsDate: return .string(SeedText.date(dayNumber: number))
        case .awsDateTime: return .string(SeedText.date(dayNumber: number) + "T00:00:00.000Z")
        case .awsEmail: return .string("user\(padded)@example.com")
        case .boolean: return .bool(number % 2 == 0)
        default: return .string(SeedText.keyPrefix(field.name) + "-" + padded)
        }
    }

    private func value(_ field: ModelField, random: inout SeedRandom, index: Int, depth: Int) -> JSONValue {
        guard field.isList else { return single(field, random: &random, index: index, depth: depth) }
        let count = Int(random.next() % 4)
        return .array((0..<count).map { _ in single(field, random: &random, index: index, depth: depth) })
    }

    private func single(_ field: ModelField, random: inout SeedRandom, index: Int, depth: Int) -> JSONValue {
        switch field.type {
        case .scalar(let scalar):
            return SeedText.scalar(scalar, name: field.name, kind: textKinds[field.name] ?? .word, random: &random, index: index)
        case .enumeration(let name):
            guard let values = schema.enums[name]?.values, !values.isEmpty else { return .null }
            return .string(values[Int(random.next() % UInt64(values.count))])
        case .nonModel(let name):
            guard let type = schema.nonModels[name] else { return .null }
            var members: [String: JSONValue] = [:]
            for member in type.fields {
                // A type that contains itself stops at its required fields.
                if !member.isRequired, depth >= 2 || random.next() % 6 == 0 { continue }
                members[member.name] = depth >= 6 ? .null : value(member, random: &random, index: index, depth: depth + 1)
            }
            return .object(members)
        case .model, .unknown:
            return .null
        }
    }
}

/// A small deterministic generator (SplitMix64), seeded from a name and an item number with
/// FNV-1a, not Swift's per-process `Hasher`: the same N seeds the same items in every run. A
/// `RandomNumberGenerator`, so that the tests' generated requests draw from it too.
struct SeedRandom: RandomNumberGenerator {
    private var state: UInt64

    init(_ name: String, _ index: Int) {
        self.init(base: Self.base(name), index)
    }

    init(base: UInt64, _ index: Int) {
        state = base ^ (UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
    }

    static func base(_ name: String) -> UInt64 { UInt64(bitPattern: ScanOrder.key(of: name)) }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A UUID-shaped id (version 4, variant 1 digits), the same for the same model and number.
    static func uuid(_ model: String, _ index: Int) -> String {
        uuid(base: base(model + "#id"), index)
    }

    /// The same, from the name's seed (hashed once by a caller that makes many). Written as
    /// bytes: a seed of a million items makes a million of them.
    static func uuid(base: UInt64, _ index: Int) -> String {
        var random = SeedRandom(base: base, index)
        let (high, low) = (random.next(), random.next())
        let hex = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(36)
        func digits(_ range: Range<Int>) {
            for position in range {
                let word = position < 16 ? high : low
                bytes.append(hex[Int((word >> (60 - 4 * UInt64(position % 16))) & 0xF)])
            }
        }
        digits(0..<8)
        bytes.append(UInt8(ascii: "-"))
        digits(8..<12)
        bytes.append(contentsOf: "-4".utf8)
        digits(13..<16)
        bytes.append(contentsOf: "-a".utf8)
        digits(17..<20)
        bytes.append(UInt8(ascii: "-"))
        digits(20..<32)
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension String {
    func leftPadded(to length: Int, with pad: Character = "0") -> String {
        count >= length ? self : String(repeating: pad, count: length - count) + self
    }
}
