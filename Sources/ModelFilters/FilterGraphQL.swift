import AmplifyModels
import JSONValues

/// A filter as AppSync's `filter` argument (`Model<Model>FilterInput`): each clause a field's
/// input (`{"price": {"ge": 100}}`, `between: [a, b]`, `beginsWith`, `contains`,
/// `attributeExists`), joined with `and`, `or` and `not`, each value in the form a mutation
/// sends it (`FieldValueCodec.json`: an enum's name, a number, `AWSJSON` as its text).
extension FilterExpression {
    /// The `filter` variable of `list<Plural>` (and of an index or key query) for this filter.
    ///
    /// A bare-word search becomes an `or` of `contains` over the searched text fields
    /// (`TextSearch`): the server's `contains` is case-sensitive and accent-sensitive, and reads no
    /// number, enum or list, so the server's answer is then not what the local search selects
    /// (`isExactOnServer` is false); the caller decides whether to filter what arrives again here.
    public func graphQLFilter(_ fields: FilterFields) -> JSONValue {
        switch self {
        case .clause(let clause): .object([clause.field: clause.graphQLInput(fields)])
        case .search(let text): Self.searchFilter(text, fields)
        case .not(let inner): .object(["not": inner.graphQLFilter(fields)])
        case .and(let terms): .object(["and": .array(terms.map { $0.graphQLFilter(fields) })])
        case .or(let terms): .object(["or": .array(terms.map { $0.graphQLFilter(fields) })])
        }
    }

    /// `contains` in each text field the list's search reads; a model with none gets a filter no
    /// item passes (its key's partition field always exists), as the search finds nothing there
    /// the server could look in.
    private static func searchFilter(_ text: String, _ fields: FilterFields) -> JSONValue {
        let searched = TextSearch.serverFields(of: fields.model)
        let clauses = searched.map { JSONValue.object([$0.name: .object(["contains": .string(text)])]) }
        switch clauses.count {
        case 0: return .object([fields.model.primaryKey.partitionKey: .object(["attributeExists": .bool(false)])])
        case 1: return clauses[0]
        default: return .object(["or": .array(clauses)])
        }
    }
}

extension FilterClause {
    /// The field's input: `{"ge": 100}`, `{"between": [1, 5]}`, `{"attributeExists": true}`.
    /// A key condition (`Model<Kind>KeyConditionInput`) has the same members for the operators it
    /// takes (`eq`, `lt`, `le`, `gt`, `ge`, `between`, `beginsWith`), so a query's sort key
    /// condition is this input too.
    public func graphQLInput(_ fields: FilterFields) -> JSONValue {
        func wire(_ value: ModelValue) -> JSONValue { fields.wireValue(value, of: field) }
        let member: (String, JSONValue) =
            switch condition {
            case .equal(let value): ("eq", wire(value))
            case .notEqual(let value): ("ne", wire(value))
            case .less(let value): ("lt", wire(value))
            case .lessOrEqual(let value): ("le", wire(value))
            case .greater(let value): ("gt", wire(value))
            case .greaterOrEqual(let value): ("ge", wire(value))
            case .between(let low, let high): ("between", .array([wire(low), wire(high)]))
            case .beginsWith(let prefix): ("beginsWith", .string(prefix))
            case .contains(let value): ("contains", wire(value))
            case .exists: ("attributeExists", .bool(true))
            case .notExists: ("attributeExists", .bool(false))
            }
        return .object([member.0: member.1])
    }
}

extension FilterFields {
    /// `value` of the field `name` (one item of a list field) as the server takes it, in a filter
    /// input or as a key argument (a query's partition key): as a mutation sends it
    /// (`FieldValueCodec.json`), an enum as its name, `AWSJSON` as its text.
    public func wireValue(_ value: ModelValue, of name: String) -> JSONValue {
        model.field(named: name).map(itemCodec)?.json(value) ?? .string(FieldValueCodec.plainText(value))
    }
}

extension TextSearch {
    /// The fields whose `contains` the server form of a search asks: those the list's search
    /// reads (`RecordLayout.isSearched`: not a generated `id`, nothing read-only) that the server
    /// holds as one text (`ModelStringInput`, `ModelIDInput`; `AWSJSON` as its text).
    public static func serverFields(of model: AmplifyModel) -> [ModelField] {
        let keyIsGenerated = model.primaryKey.fields == ["id"]
        return model.fields.filter { field in
            guard !field.isReadOnly, !(keyIsGenerated && field.name == "id"), !field.isList else { return false }
            let kind = FilterFields.kind(of: field)
            return kind == .text || kind == .json
        }
    }
}
