/// The fields a document asks for: every scalar, enum and custom-type field (a custom type with
/// its own fields), in the model's order, never a related model's object (following a relation
/// is a query of its own). Fields of a type the app does not know are left out: it may be an
/// object, and an object without its fields makes the document invalid.
///
/// A custom type can hold itself (`Node.child: Node`), or nest deeper than a query may reach, so
/// a value may be deeper than any selection. Custom types are selected as many levels deep as
/// the document may go (`levels`), and where a type goes on below the last level it is selected
/// as `{ __typename }` alone: an answer holding an object there says "this value goes deeper
/// than was read" (`FieldValueCodec.isCut`), and such a value is never written back.
struct SelectionSet {
    let nonModels: [String: NonModelType]

    /// Levels of custom-type members below a model's field: AppSync's query depth limit can be
    /// set as low as its users like, and the embedded server's is 15 (a list's `items` are at
    /// depth 2, a model's fields at 3, so members down to level 12 keep a list within 15).
    static let maximumLevels = 12
    /// Most fields a model's selection may hold once custom types are expanded: a type holding
    /// itself twice doubles at every level, so the levels are fewer where the fields would pass
    /// this (and every request, mutations too, carries the selection).
    static let maximumFields = 1_000

    func fields(_ fields: [ModelField]) -> String {
        let levels = levels(for: fields)
        return fields.compactMap { selection(of: $0, level: 0, levels: levels) }.joined(separator: " ")
    }

    /// The deepest level, up to `maximumLevels`, at which the fields' selection stays within
    /// `maximumFields` (at least 1: every custom-type field is selected, if only as its marker).
    func levels(for fields: [ModelField]) -> Int {
        var counts: [String: Int] = [:]
        for levels in stride(from: Self.maximumLevels, to: 1, by: -1) {
            counts.removeAll(keepingCapacity: true)
            let total = fields.reduce(0) { sum, field in Self.adding(sum, count(of: field, level: 0, levels: levels, memo: &counts)) }
            if total <= Self.maximumFields { return levels }
        }
        return 1
    }

    /// The field's selection at `level` (a model's own fields are level 0, a custom type's
    /// members one more than it).
    private func selection(of field: ModelField, level: Int, levels: Int) -> String? {
        switch field.type {
        case .scalar, .enumeration: return field.name
        case .model, .unknown: return nil
        case .nonModel(let name):
            guard let type = nonModels[name], !type.fields.isEmpty else { return nil }
            // The last level a member may have: the value goes on deeper than this document reads.
            if level + 1 >= levels { return field.name + " { " + Self.cutMarker + " }" }
            let inner = type.fields.compactMap { selection(of: $0, level: level + 1, levels: levels) }
            return inner.isEmpty ? nil : field.name + " { " + inner.joined(separator: " ") + " }"
        }
    }

    /// What a custom type's place holds where its members are not read.
    static let cutMarker = "__typename"

    /// How many fields `selection(of:level:levels:)` selects, counted without writing them, and
    /// remembered per type and level (a type holding itself is counted once a level).
    private func count(of field: ModelField, level: Int, levels: Int, memo: inout [String: Int]) -> Int {
        switch field.type {
        case .scalar, .enumeration: return 1
        case .model, .unknown: return 0
        case .nonModel(let name):
            guard let type = nonModels[name], !type.fields.isEmpty else { return 0 }
            if level + 1 >= levels { return 2 }
            let key = "\(name)@\(level)"
            if let known = memo[key] { return known }
            let inner = type.fields.reduce(0) { sum, member in Self.adding(sum, count(of: member, level: level + 1, levels: levels, memo: &memo)) }
            let total = inner == 0 ? 0 : Self.adding(inner, 1)
            memo[key] = total
            return total
        }
    }

    private static func adding(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : sum
    }
}
