import GraphQL

/// Evaluates Amplify's filter, condition and subscription-filter inputs against a record's
/// fields, with DynamoDB's semantics: strings compare by UTF-8 bytes, a missing (null)
/// attribute satisfies `ne` and `notContains` but no other comparison.
enum RecordFilter {
    /// Whether `fields` satisfy `filter` (a `Model…FilterInput` value; null or absent matches all).
    static func matches(_ filter: Map, fields: Map) -> Bool {
        guard case .dictionary(let clauses) = filter else { return true }
        return clauses.allSatisfy { key, operand in
            switch key {
            case "and":
                return (operand.array ?? []).allSatisfy { matches($0, fields: fields) }
            case "or":
                guard let alternatives = operand.array, !alternatives.isEmpty else { return true }
                return alternatives.contains { matches($0, fields: fields) }
            case "not":
                return operand.isNull || operand.isUndefined ? true : !matches(operand, fields: fields)
            default:
                return fieldMatches(fields[key], operators: operand)
            }
        }
    }

    private static func fieldMatches(_ value: Map, operators: Map) -> Bool {
        guard case .dictionary(let operators) = operators else { return true }
        let present = !(value.isNull || value.isUndefined)
        return operators.allSatisfy { name, operand in
            if operand.isNull || operand.isUndefined { return true }
            switch name {
            case "eq": return present && compare(value, operand) == .orderedSame
            case "ne": return !present || compare(value, operand) != .orderedSame
            case "lt": return present && compare(value, operand) == .orderedAscending
            case "le": return present && [.orderedAscending, .orderedSame].contains(compare(value, operand))
            case "gt": return present && compare(value, operand) == .orderedDescending
            case "ge": return present && [.orderedDescending, .orderedSame].contains(compare(value, operand))
            case "between":
                guard let bounds = operand.array, bounds.count == 2, present else { return false }
                return compare(value, bounds[0]) != .orderedAscending && compare(value, bounds[1]) != .orderedDescending
            case "beginsWith":
                guard let text = value.string, let prefix = operand.string else { return false }
                return text.utf8.starts(with: prefix.utf8)
            case "contains": return present && contains(value, operand)
            case "notContains": return !present || !contains(value, operand)
            case "in": return present && (operand.array ?? []).contains { compare(value, $0) == .orderedSame }
            case "notIn": return !present || !(operand.array ?? []).contains { compare(value, $0) == .orderedSame }
            case "attributeExists": return operand.bool == present
            case "attributeType": return operand.string == attributeType(of: value)
            case "size":
                guard let text = value.string else { return false }
                return fieldMatches(.number(Number(text.utf8.count)), operators: operand)
            default: return false
            }
        }
    }

    enum Ordering { case orderedAscending, orderedSame, orderedDescending, incomparable }

    private static func compare(_ lhs: Map, _ rhs: Map) -> Ordering {
        switch (lhs, rhs) {
        case (.string(let left), .string(let right)):
            if left.utf8.elementsEqual(right.utf8) { return .orderedSame }
            return left.utf8.lexicographicallyPrecedes(right.utf8) ? .orderedAscending : .orderedDescending
        case (.number(let left), .number(let right)):
            let (l, r) = (left.doubleValue, right.doubleValue)
            return l == r ? .orderedSame : (l < r ? .orderedAscending : .orderedDescending)
        case (.bool(let left), .bool(let right)):
            return left == right ? .orderedSame : .incomparable
        default:
            return .incomparable
        }
    }

    private static func contains(_ value: Map, _ operand: Map) -> Bool {
        guard let text = value.string, let part = operand.string else { return false }
        // A run of bytes, as DynamoDB finds it: not Swift's `contains`, which matches
        // Characters (`cafe` is not in `cafe` + U+0301 there, and `é` is in `e` + U+0301).
        return part.isEmpty || text.utf8.firstRange(of: part.utf8) != nil
    }

    private static func attributeType(of value: Map) -> String {
        switch value {
        case .string: "string"
        case .number: "number"
        case .bool: "bool"
        case .array: "list"
        case .dictionary: "map"
        case .null, .undefined: "_null"
        }
    }
}
