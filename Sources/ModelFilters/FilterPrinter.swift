import AmplifyModels

/// The canonical text of a filter: what `FilterParser` reads back as the same expression.
/// Keywords in lower case, one blank around each operator, values bare when they read back as
/// themselves and quoted otherwise, parentheses only where the tree needs them (a group inside
/// a group of its own kind, an `or` inside an `and`, an `and` or `or` under `not`).
enum FilterPrinter {
    static func text(_ expression: FilterExpression) -> String {
        switch expression {
        case .clause(let clause): return text(clause)
        case .search(let words): return value(.string(words))
        case .not(let inner): return "not " + grouped(inner, if: inner.isGroup)
        case .and(let terms): return terms.map { grouped($0, if: $0.isGroup) }.joined(separator: " and ")
        case .or(let terms):
            return terms.map { term in
                if case .or = term { return grouped(term, if: true) }
                return text(term)
            }.joined(separator: " or ")
        }
    }

    private static func grouped(_ expression: FilterExpression, if needed: Bool) -> String {
        needed ? "(" + text(expression) + ")" : text(expression)
    }

    static func text(_ clause: FilterClause) -> String {
        let field = clause.field
        switch clause.condition {
        case .equal(let operand), .notEqual(let operand), .less(let operand), .lessOrEqual(let operand), .greater(let operand),
            .greaterOrEqual(let operand), .contains(let operand):
            return "\(field) \(clause.condition.symbol) \(value(operand))"
        case .between(let low, let high): return "\(field) between \(value(low)) and \(value(high))"
        case .beginsWith(let prefix): return "\(field) ^= \(value(.string(prefix)))"
        case .exists, .notExists: return "\(field) \(clause.condition.symbol)"
        }
    }

    /// A value as the language writes it: numbers and Booleans as themselves, an enum's value by
    /// its name, text bare when it is one word that is not a keyword, else quoted.
    static func value(_ value: ModelValue) -> String {
        switch value {
        case .int(let number): String(number)
        case .float(let number): "\(number)"
        case .bool(let flag): flag ? "true" : "false"
        case .string(let text), .enumValue(let text): isBare(text) ? text : quote(text)
        case .null, .list, .json: quote(FieldValueCodec.plainText(value))
        }
    }

    /// `"…"` with `"` and `\` escaped.
    static func quote(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            if scalar == "\"" || scalar == "\\" { quoted.unicodeScalars.append("\\") }
            quoted.unicodeScalars.append(scalar)
        }
        return quoted + "\""
    }

    /// Words that mean something where a value or a search word stands.
    static let reserved: Set<String> = ["and", "or", "not", "between", "exists", "null"]

    /// Whether `text` reads back as itself unquoted: one word, not a keyword.
    static func isBare(_ text: String) -> Bool {
        guard !reserved.contains(text.lowercased()) else { return false }
        return FilterLexer.tokens(text) == [FilterToken(kind: .word(text), range: 0..<text.count)]
    }
}

extension FilterExpression: CustomStringConvertible {
    /// The canonical text: `FilterParser.parse(description, …)` gives this expression back.
    public var description: String { FilterPrinter.text(self) }

    /// An `and` or an `or`: a term that needs parentheses inside another group or under `not`.
    var isGroup: Bool {
        switch self {
        case .and, .or: true
        default: false
        }
    }
}

extension FilterClause: CustomStringConvertible {
    public var description: String { FilterPrinter.text(self) }
}

extension FieldValueCodec {
    /// A value the language never holds (a list, JSON), written as text for a message.
    static func plainText(_ value: ModelValue) -> String {
        FieldValueCodec(field: ModelField(name: "value", type: .scalar(.string)), schema: ModelSchema(models: [])).text(value)
    }
}
