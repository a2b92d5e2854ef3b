/// The `input` and `condition` variables of the mutations, from typed values: each value as
/// its field's type carries it on the wire (`FieldValueCodec.json`).
extension ModelDocuments {
    private func codec(_ field: ModelField) -> FieldValueCodec { FieldValueCodec(field: field, schema: schema) }

    /// A create's input: every field the user may set on a new record that has a value, in the
    /// model's order. Nulls are left out: an absent field is what a create without it stores.
    public func createInput(_ values: [String: ModelValue]) -> JSONTree {
        let members = model.editableFields(for: .create).compactMap { field -> JSONMember? in
            guard let value = values[field.name], value != .null else { return nil }
            return JSONMember(field.name, codec(field).json(value))
        }
        return .object(members)
    }

    /// An update's input: the key, then the changed fields (a null clears one), and on the
    /// versioned dialect the `_version` the change was made against.
    public func updateInput(key: [String: ModelValue], changes: [String: ModelValue], version: Int?) -> JSONTree {
        let changed = model.editableFields(for: .update).compactMap { field -> JSONMember? in
            changes[field.name].map { JSONMember(field.name, codec(field).json($0)) }
        }
        return .object(keyMembers(key) + changed + versionMember(version))
    }

    /// A delete's input: the whole key (every field of a composite one), and the `_version`.
    public func deleteInput(key: [String: ModelValue], version: Int?) -> JSONTree {
        .object(keyMembers(key) + versionMember(version))
    }

    private func keyMembers(_ key: [String: ModelValue]) -> [JSONMember] {
        model.primaryKey.fields.map { name in
            let value = key[name] ?? .null
            return JSONMember(name, model.field(named: name).map { codec($0).json(value) } ?? .null)
        }
    }

    private func versionMember(_ version: Int?) -> [JSONMember] {
        guard dialect == .versioned, let version else { return [] }
        return [JSONMember("_version", .int(Int64(version)))]
    }

    /// The plain dialect's guard for a write: every field it changes still holds what the
    /// change was made against (`base`). A base of null may be stored as an absent attribute or
    /// as a null one, so it accepts both. Lists, JSON and custom types cannot be compared by the
    /// condition input (`eq` takes one scalar): they are written unchecked. Nil when there is
    /// nothing to check, or no base.
    public func condition(changing fields: [String], of base: [String: ModelValue]?) -> JSONTree? {
        guard let base, dialect == .plain else { return nil }
        let clauses: [JSONTree] = fields.compactMap { name in
            guard let field = model.field(named: name), field.isConditionable else { return nil }
            let value = base[name] ?? .null
            guard value != .null else {
                // `or` belongs to the condition input, not to a field's (`ModelStringInput` has none).
                return .object(["or": .array([
                    .object([name: .object(["attributeExists": .bool(false)])]),
                    .object([name: .object(["attributeType": .string("_null")])]),
                ])])
            }
            return .object([name: .object(["eq": codec(field).json(value)])])
        }
        switch clauses.count {
        case 0: return nil
        case 1: return clauses[0]
        default: return .object(["and": .array(clauses)])
        }
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
