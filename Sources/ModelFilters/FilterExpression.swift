import AmplifyModels

/// A filter over one model's records, as typed at a list's `/` prompt and checked against the
/// model's fields (`FilterParser`): clauses on fields joined with `and`, `or` and `not`, and bare
/// text searched in every text field. Its values are checked already, each of its field's type
/// (an `Int` field's value is `.int`, an enum's `.enumValue`), so that evaluating it, printing it
/// and sending it never fail.
///
/// `and` and `or` hold two or more terms: `a and b and c` is one `and` of three, and a group in
/// parentheses stays a term of its own (`(a and b) and c` is an `and` holding an `and`), so that
/// printing and parsing again give the same tree.
public indirect enum FilterExpression: Sendable, Hashable {
    /// `price >= 100`, `tags ~ garden`, `note exists`.
    case clause(FilterClause)
    /// A bare word or quoted text standing alone: any text field holds it (see `TextSearch`).
    case search(String)
    case not(FilterExpression)
    case and([FilterExpression])
    case or([FilterExpression])
}

/// One field compared with a value.
public struct FilterClause: Sendable, Hashable {
    public var field: String
    public var condition: FilterCondition

    public init(field: String, condition: FilterCondition) {
        self.field = field
        self.condition = condition
    }
}

/// What a clause asks of its field's value. The values are of the field's type; for a list
/// field, `contains`' value is one item.
public enum FilterCondition: Sendable, Hashable {
    case equal(ModelValue)
    case notEqual(ModelValue)
    case less(ModelValue)
    case lessOrEqual(ModelValue)
    case greater(ModelValue)
    case greaterOrEqual(ModelValue)
    /// Both ends included, the lower first (`between 1 and 5`).
    case between(ModelValue, ModelValue)
    /// `^=`: a text that starts with this one.
    case beginsWith(String)
    /// `~`: a text that holds this one, or a list that holds this item.
    case contains(ModelValue)
    /// `exists`: the field holds a value (not null).
    case exists
    /// `!exists`: the field is null or absent.
    case notExists

    /// The operator as the language writes it.
    public var symbol: String {
        switch self {
        case .equal: "="
        case .notEqual: "!="
        case .less: "<"
        case .lessOrEqual: "<="
        case .greater: ">"
        case .greaterOrEqual: ">="
        case .between: "between"
        case .beginsWith: "^="
        case .contains: "~"
        case .exists: "exists"
        case .notExists: "!exists"
        }
    }
}

extension FilterExpression {
    /// The terms an `and` at the top joins (nested `and`s in parentheses flattened): what must
    /// all hold. The expression itself when it is not an `and`.
    public var conjuncts: [FilterExpression] {
        guard case .and(let terms) = self else { return [self] }
        return terms.flatMap(\.conjuncts)
    }

    /// `and` of `terms`, or the one term alone; nil for none.
    public static func all(_ terms: [FilterExpression]) -> FilterExpression? {
        terms.count > 1 ? .and(terms) : terms.first
    }

    /// Whether the server's `filter` selects exactly what the local evaluation does. A bare-word
    /// search is not exact: the server's `contains` is case- and accent-sensitive and looks in
    /// text fields only, while the list's search folds case and accents and reads every value.
    public var isExactOnServer: Bool {
        switch self {
        case .clause: true
        case .search: false
        case .not(let inner): inner.isExactOnServer
        case .and(let terms), .or(let terms): terms.allSatisfy(\.isExactOnServer)
        }
    }
}
