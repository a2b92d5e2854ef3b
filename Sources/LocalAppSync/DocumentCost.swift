import GraphQL

/// What a parsed document would cost the library to validate and execute, measured before it
/// does: fields selected with fragments expanded, selection depth, nesting through fragments, and
/// the cost of printing its value literals.
///
/// Each fragment is measured once and its measure reused wherever it is spread, so a document
/// whose 40 fragments each spread the previous one twice (2^40 fields) is measured in 40 steps.
/// Fragments are measured in dependency order with an explicit stack: a chain of thousands of
/// fragments does not recurse. Recursion within one selection set or literal is bounded by
/// `DocumentScan`'s nesting limit.
struct DocumentCost {
    /// Fields selected, every fragment expanded where it is spread (saturating).
    var fields = 0
    /// Deepest field nesting (root fields are depth 1), through fragments.
    var depth = 0
    /// Deepest nesting of selections, fragment spreads and inline fragments included: how deep
    /// the library's validator and executor recurse.
    var nesting = 0
    /// Characters GraphQLSwift's printer may write for the document's value literals (see
    /// `ServerLimits.maxLiteralCost`).
    var literalCost = 0
    /// A fragment that spreads itself (through others): the document is invalid, and measuring
    /// it would not end.
    var cycle: String?

    init(of document: Document) {
        var fragments: [String: FragmentDefinition] = [:]
        for case let fragment as FragmentDefinition in document.definitions { fragments[fragment.name.value] = fragment }
        var measured: [String: DocumentCost] = [:]
        for name in fragments.keys.sorted() {
            if let cycle = Self.measureFragments(from: name, fragments, into: &measured) {
                self.cycle = cycle
                return
            }
        }
        for definition in document.definitions {
            if let operation = definition as? OperationDefinition {
                let cost = Self.selections(operation.selectionSet, measured)
                fields = Self.add(fields, cost.fields)
                depth = max(depth, cost.depth)
                nesting = max(nesting, cost.nesting)
                literalCost = Self.add(literalCost, Self.literals(in: operation.directives))
                for variable in operation.variableDefinitions {
                    literalCost = Self.add(literalCost, variable.defaultValue.map(Self.printCost) ?? 0)
                }
            } else if let fragment = definition as? FragmentDefinition {
                // Literals are validated where they are written, once per fragment.
                literalCost = Self.add(literalCost, Self.literals(in: fragment.directives))
                literalCost = Self.add(literalCost, Self.literals(under: fragment.selectionSet))
            }
        }
        for case let operation as OperationDefinition in document.definitions {
            literalCost = Self.add(literalCost, Self.literals(under: operation.selectionSet))
        }
    }

    private init() {}

    /// Measures the fragment `root` and every fragment it spreads, dependencies first (an
    /// iterative depth-first walk). Answers the name of a fragment found in a cycle.
    private static func measureFragments(
        from root: String, _ fragments: [String: FragmentDefinition], into measured: inout [String: DocumentCost]
    ) -> String? {
        var stack: [(name: String, expanded: Bool)] = [(root, false)]
        var onPath = Set<String>()
        while let (name, expanded) = stack.popLast() {
            guard measured[name] == nil, let fragment = fragments[name] else { continue }
            if expanded {
                measured[name] = selections(fragment.selectionSet, measured)
                onPath.remove(name)
                continue
            }
            onPath.insert(name)
            stack.append((name, true))
            for spread in spreads(in: fragment.selectionSet) where measured[spread] == nil && fragments[spread] != nil {
                if onPath.contains(spread) { return spread }
                stack.append((spread, false))
            }
        }
        return nil
    }

    /// The names of the fragments spread directly in `selectionSet` (inline fragments included).
    private static func spreads(in selectionSet: SelectionSet) -> [String] {
        var names: [String] = []
        for selection in selectionSet.selections {
            if let spread = selection as? FragmentSpread {
                names.append(spread.name.value)
            } else if let field = selection as? Field, let below = field.selectionSet {
                names += spreads(in: below)
            } else if let inline = selection as? InlineFragment {
                names += spreads(in: inline.selectionSet)
            }
        }
        return names
    }

    /// A selection set's measure, with the measures of the fragments it spreads (an unknown
    /// fragment counts nothing: validation reports it).
    private static func selections(_ selectionSet: SelectionSet, _ measured: [String: DocumentCost]) -> DocumentCost {
        var cost = DocumentCost()
        for selection in selectionSet.selections {
            let below: DocumentCost
            var ownField = 0
            if let field = selection as? Field {
                below = field.selectionSet.map { selections($0, measured) } ?? DocumentCost()
                ownField = 1
            } else if let inline = selection as? InlineFragment {
                below = selections(inline.selectionSet, measured)
            } else if let spread = selection as? FragmentSpread {
                below = measured[spread.name.value] ?? DocumentCost()
            } else {
                continue
            }
            cost.fields = add(cost.fields, add(ownField, below.fields))
            cost.depth = max(cost.depth, ownField + below.depth)
            cost.nesting = max(cost.nesting, 1 + below.nesting)
        }
        return cost
    }

    /// The print cost of every argument and directive literal written under `selectionSet`
    /// (not through fragments: each fragment's literals are counted once, where written).
    private static func literals(under selectionSet: SelectionSet) -> Int {
        var total = 0
        for selection in selectionSet.selections {
            if let field = selection as? Field {
                total = add(total, field.arguments.reduce(0) { add($0, printCost($1.value)) })
                total = add(total, literals(in: field.directives))
                if let below = field.selectionSet { total = add(total, literals(under: below)) }
            } else if let inline = selection as? InlineFragment {
                total = add(total, literals(in: inline.directives))
                total = add(total, literals(under: inline.selectionSet))
            } else if let spread = selection as? FragmentSpread {
                total = add(total, literals(in: spread.directives))
            }
        }
        return total
    }

    private static func literals(in directives: [Directive]) -> Int {
        directives.reduce(0) { total, directive in directive.arguments.reduce(total) { add($0, printCost($1.value)) } }
    }

    /// What GraphQLSwift's printer may write for `value` in an error message. Its lists and
    /// objects print their items once on one line and, when that line is longer than 80
    /// characters, once more on separate lines: each level of nesting may double the work.
    static func printCost(_ value: any Value) -> Int {
        switch value {
        case let list as ListValue:
            return add(2, twice(list.values.reduce(0) { add($0, add(2, printCost($1))) }))
        case let object as ObjectValue:
            return add(4, twice(object.fields.reduce(0) { add($0, add(4 + $1.name.value.utf8.count, printCost($1.value))) }))
        case let string as StringValue: return string.value.utf8.count + 2
        case let int as IntValue: return int.value.utf8.count
        case let float as FloatValue: return float.value.utf8.count
        case let variable as Variable: return variable.name.value.utf8.count + 1
        case let enumValue as EnumValue: return enumValue.value.utf8.count
        default: return 5
        }
    }

    /// Saturating arithmetic: counts of expanded fields can exceed any integer.
    private static let ceiling = Int.max / 4

    private static func add(_ a: Int, _ b: Int) -> Int { min(ceiling, a + b) }

    private static func twice(_ a: Int) -> Int { min(ceiling, 2 * a) }
}
