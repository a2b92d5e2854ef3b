import GraphQL

/// Reads the field names a selection set asks for (through fragments) from the parsed AST.
/// Called only on documents within `DocumentLimits`, so expanding fragments is bounded.
enum SelectionSets {
    /// The field names selected directly under `fields` (e.g. a mutation's root field).
    static func selectedFieldNames(under fields: [Field], fragments: [String: FragmentDefinition]) -> Set<String> {
        var names = Set<String>()
        for field in fields {
            if let selectionSet = field.selectionSet { collect(selectionSet, fragments: fragments, into: &names, seen: []) }
        }
        return names
    }

    private static func collect(
        _ selectionSet: SelectionSet, fragments: [String: FragmentDefinition], into names: inout Set<String>, seen: Set<String>
    ) {
        for selection in selectionSet.selections {
            if let field = selection as? Field {
                names.insert(field.name.value)
            } else if let inline = selection as? InlineFragment {
                collect(inline.selectionSet, fragments: fragments, into: &names, seen: seen)
            } else if let spread = selection as? FragmentSpread, !seen.contains(spread.name.value),
                let fragment = fragments[spread.name.value]
            {
                collect(fragment.selectionSet, fragments: fragments, into: &names, seen: seen.union([spread.name.value]))
            }
        }
    }

    /// The fields `selectionSet` selects (through fragments), one per response key, in order.
    static func fields(of selectionSet: SelectionSet, fragments: [String: FragmentDefinition]) -> [Field] {
        var fields: [Field] = []
        var keys = Set<String>()
        func collect(_ selectionSet: SelectionSet, seen: Set<String>) {
            for selection in selectionSet.selections {
                if let field = selection as? Field {
                    if keys.insert(field.alias?.value ?? field.name.value).inserted { fields.append(field) }
                } else if let inline = selection as? InlineFragment {
                    collect(inline.selectionSet, seen: seen)
                } else if let spread = selection as? FragmentSpread, !seen.contains(spread.name.value),
                    let fragment = fragments[spread.name.value]
                {
                    collect(fragment.selectionSet, seen: seen.union([spread.name.value]))
                }
            }
        }
        collect(selectionSet, seen: [])
        return fields
    }

    /// The root fields `operation` selects (through fragments), one per response key, in order.
    static func rootFields(of operation: OperationDefinition, in document: Document) -> [Field] {
        var fragments: [String: FragmentDefinition] = [:]
        for case let fragment as FragmentDefinition in document.definitions { fragments[fragment.name.value] = fragment }
        return fields(of: operation.selectionSet, fragments: fragments)
    }
}
