import JSONValues

/// The `input` and `condition` variables of the mutations, and `get`'s key, from typed values:
/// each value as its field's type carries it on the wire (`FieldValueCodec.json`).
extension ModelDocuments {
    private func codec(_ field: ModelField) -> FieldValueCodec { FieldValueCodec(field: field, schema: schema) }

    /// `get<Model>`'s variables: the whole key, each field as its type travels.
    public func getVariables(_ key: RecordKey) -> [String: JSONValue] {
        keyMembers(key.values(of: model), version: nil)
    }

    /// A create's input: every field the user may set on a new record that has a value, in the
    /// model's order. Nulls are left out: an absent field is what a create without it stores.
    public func createInput(_ values: [String: ModelValue]) -> JSONValue {
        var input: [String: JSONValue] = [:]
        for field in model.editableFields(for: .create) {
            guard let value = values[field.name], value != .null else { continue }
            input[field.name] = codec(field).json(value)
        }
        return .object(input)
    }

    /// An update's input: the key, then the changed fields (a null clears one), and on the
    /// versioned dialect the `_version` the change was made against.
    public func updateInput(key: [String: ModelValue], changes: [String: ModelValue], version: Int?) -> JSONValue {
        var input: [String: JSONValue] = [:]
        for field in model.editableFields(for: .update) {
            if let change = changes[field.name] { input[field.name] = codec(field).json(change) }
        }
        return .object(input.merging(keyMembers(key, version: version)) { _, key in key })
    }

    /// A delete's input: the whole key (every field of a composite one), and the `_version`.
    public func deleteInput(key: [String: ModelValue], version: Int?) -> JSONValue {
        .object(keyMembers(key, version: version))
    }

    /// The key's fields, and on the versioned dialect the `_version` the change was made against.
    private func keyMembers(_ key: [String: ModelValue], version: Int?) -> [String: JSONValue] {
        var members: [String: JSONValue] = [:]
        for name in model.primaryKey.fields {
            let value = key[name] ?? .null
            members[name] = model.field(named: name).map { codec($0).json(value) } ?? .null
        }
        if dialect == .versioned, let version { members["_version"] = .int(Int64(version)) }
        return members
    }

    /// The plain dialect's guard for a write: every field it changes still holds what the
    /// change was made against (`base`). A base of null may be stored as an absent attribute or
    /// as a null one, so it accepts both. Nil when there is nothing to check, or no base.
    ///
    /// Some values cannot be compared by the condition input (`eq` takes one scalar): lists, JSON,
    /// custom types, an enum whose base is null (its input has only `eq` and `ne`: no "absent or
    /// null"), an `AWSTimestamp` beyond 32 bits (its input's `Int`). A change of one of those is
    /// guarded by the record's `updatedAt` as the user saw it instead, which every write moves: a
    /// refusal is then weighed field by field as any other (applied already, rebased, or a
    /// conflict), so that no kind of field is overwritten unseen.
    public func condition(changing fields: [String], of base: [String: ModelValue]?) -> JSONValue? {
        guard let base, dialect == .plain else { return nil }
        var uncompared = false
        var clauses: [JSONValue] = fields.compactMap { name in
            guard let field = model.field(named: name) else { return nil }
            guard let clause = equality(field, base[name] ?? .null) else {
                uncompared = true
                return nil
            }
            return clause
        }
        if uncompared, case .string(let seen)? = base["updatedAt"] {
            clauses.append(.object(["updatedAt": .object(["eq": .string(seen)])]))
        }
        switch clauses.count {
        case 0: return nil
        case 1: return clauses[0]
        default: return .object(["and": .array(clauses)])
        }
    }

    /// The clause "the stored `field` is still `value`"; nil when the condition input cannot say it.
    private func equality(_ field: ModelField, _ value: ModelValue) -> JSONValue? {
        guard field.isConditionable else { return nil }
        let name = field.name
        guard value != .null else {
            if case .enumeration = field.type { return nil }
            // `or` belongs to the condition input, not to a field's (`ModelStringInput` has none).
            return .object(["or": .array([
                .object([name: .object(["attributeExists": .bool(false)])]),
                .object([name: .object(["attributeType": .string("_null")])]),
            ])])
        }
        // An `AWSTimestamp` is compared through `ModelIntInput`, whose `Int` is GraphQL's 32 bits.
        if field.type == .scalar(.awsTimestamp), case .int(let seconds) = value, Int32(exactly: seconds) == nil { return nil }
        return .object([name: .object(["eq": codec(field).json(value)])])
    }
}

extension ModelField {
    /// Whether a condition can compare it with `eq`: one scalar (not JSON) or one enum value.
    var isConditionable: Bool {
        guard !isList else { return false }
        switch type {
        case .scalar(let scalar): return scalar != .awsJSON
        case .enumeration: return true
        default: return false
        }
    }
}
