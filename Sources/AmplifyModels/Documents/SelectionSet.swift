/// The fields a document asks for: every scalar, enum and custom-type field (a custom type with
/// its own fields), in the model's order, never a related model's object (following a relation
/// is a query of its own). Fields of a type the app does not know are left out: it may be an
/// object, and an object without its fields makes the document invalid.
struct SelectionSet {
    let nonModels: [String: NonModelType]

    func fields(_ fields: [ModelField]) -> String {
        fields.compactMap { selection(of: $0, inside: []) }.joined(separator: " ")
    }

    /// `inside` is the custom types being selected already: a type that contains itself is
    /// selected once, not forever.
    private func selection(of field: ModelField, inside: Set<String>) -> String? {
        switch field.type {
        case .scalar, .enumeration: return field.name
        case .model, .unknown: return nil
        case .nonModel(let name):
            guard !inside.contains(name), inside.count < 16, let type = nonModels[name] else { return nil }
            let inner = type.fields.compactMap { selection(of: $0, inside: inside.union([name])) }
            return inner.isEmpty ? nil : field.name + " { " + inner.joined(separator: " ") + " }"
        }
    }
}
