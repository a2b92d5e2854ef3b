import AmplifyModels

/// A clause: its field, its operator, its value or values, each checked by the field's type.
extension FilterTokenParser {
    mutating func clause(field token: FilterToken) throws(FilterError) -> FilterClause {
        let name = token.word ?? ""
        let field = try fields.field(named: name, at: token.range)
        let operation = advance()
        let symbol = operation.word?.lowercased() ?? operation.text
        try fields.check(symbol, on: field, at: operation.range)
        switch symbol {
        case "exists": return FilterClause(field: name, condition: .exists)
        case "!exists": return FilterClause(field: name, condition: .notExists)
        case "between": return FilterClause(field: name, condition: try between(field, after: operation))
        default: break
        }
        let valueToken = try value(after: operation)
        let text = valueText(valueToken)
        let condition: FilterCondition
        switch symbol {
        case "^=": condition = .beginsWith(try someText(text, symbol, at: valueToken.range))
        case "~" where !field.isList: condition = .contains(.string(try someText(text, symbol, at: valueToken.range)))
        default:
            let value = try fields.value(text, of: field, at: valueToken.range)
            switch symbol {
            case "=": condition = .equal(value)
            case "!=": condition = .notEqual(value)
            case "<": condition = .less(value)
            case "<=": condition = .lessOrEqual(value)
            case ">": condition = .greater(value)
            case ">=": condition = .greaterOrEqual(value)
            default: condition = .contains(value)
            }
        }
        if valueToken.word != nil, FilterFields.kind(of: field) == .text { lastValue = valueToken }
        return FilterClause(field: name, condition: condition)
    }

    /// `between A and B`, the lower end first (DynamoDB refuses the other order).
    mutating func between(_ field: ModelField, after operation: FilterToken) throws(FilterError) -> FilterCondition {
        let lowToken = try value(after: operation)
        let low = try fields.value(valueText(lowToken), of: field, at: lowToken.range)
        guard let joiner = try peek, joiner.isKeyword("and") else {
            throw FilterError(try peek?.range ?? lowToken.range, "expected `and` between the two values of `between`")
        }
        _ = advance()
        let highToken = try value(after: joiner)
        let high = try fields.value(valueText(highToken), of: field, at: highToken.range)
        if FilterEvaluator.order(low, high) == .orderedDescending {
            throw FilterError(
                lowToken.range.lowerBound..<highToken.range.upperBound,
                "`between` takes the lower value first: \(FilterPrinter.value(low)) is above \(FilterPrinter.value(high))")
        }
        if highToken.word != nil, FilterFields.kind(of: field) == .text { lastValue = highToken }
        return .between(low, high)
    }

    /// The value token after `operation`, or the error saying it is missing.
    mutating func value(after operation: FilterToken) throws(FilterError) -> FilterToken {
        guard let token = try peek else { throw FilterError(operation.range, "expected a value after `\(operation.text)`") }
        switch token.kind {
        case .quoted:
            return advance()
        case .word(let word):
            let lowered = word.lowercased()
            if lowered == "null" {
                throw FilterError(token.range, "`null` is not a value to compare with: use `exists` or `!exists` (quote it for the text \"null\")")
            }
            guard !(FilterParser.keywords.contains(lowered) || lowered == "between" || lowered == "exists") else { break }
            return advance()
        default:
            break
        }
        throw FilterError(token.range, "expected a value after `\(operation.text)`, found `\(token.text)`")
    }

    func valueText(_ token: FilterToken) -> String {
        if case .quoted(let text) = token.kind { text } else { token.word ?? "" }
    }

    func someText(_ text: String, _ symbol: String, at range: Range<Int>) throws(FilterError) -> String {
        guard !text.isEmpty else { throw FilterError(range, "`\(symbol)` needs some text to look for") }
        return text
    }
}
