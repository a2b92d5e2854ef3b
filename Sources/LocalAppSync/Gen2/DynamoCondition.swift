import GraphQL

/// Amplify's condition and filter inputs (`ModelRealEstatePropertyConditionInput`,
/// `…FilterInput`) evaluated as DynamoDB evaluates the expressions AppSync makes of them,
/// against the stored item, where an attribute is absent, a string, or NULL:
/// - every comparison with an absent or NULL attribute is false, except `ne` and `notContains`,
///   which are true (DynamoDB's `<>` and `NOT contains`);
/// - `attributeExists: true` holds for a NULL attribute (it is written), and `false` only for
///   an absent one; `attributeType: _null` holds only for NULL;
/// - `eq: null` and `ne: null` compare with NULL (so `eq: null` does not match an absent
///   attribute); a null operand of any other operator constrains nothing;
/// - strings compare by their UTF-8 bytes; `size` is a string's length in bytes.
/// Subscription filters are not this: AppSync evaluates them against the mutation's result
/// (`RecordFilter`).
enum DynamoCondition {
    enum AttributeValue: Equatable, Sendable {
        case string(String)
        case null
    }

    typealias Item = [String: AttributeValue]

    /// Whether `item` satisfies `input` (null or absent: no condition).
    static func holds(_ input: Map, on item: Item) -> Bool {
        guard case .dictionary(let clauses) = input else { return true }
        return clauses.allSatisfy { key, operand in
            switch key {
            case "and":
                return (operand.array ?? []).allSatisfy { holds($0, on: item) }
            case "or":
                guard let alternatives = operand.array, !alternatives.isEmpty else { return true }
                return alternatives.contains { holds($0, on: item) }
            case "not":
                return operand.isNull || operand.isUndefined ? true : !holds(operand, on: item)
            default:
                guard case .dictionary(let operators) = operand else { return true }
                return operators.allSatisfy { name, operand in satisfies(item[key], name, operand) }
            }
        }
    }

    private static func satisfies(_ value: AttributeValue?, _ name: String, _ operand: Map) -> Bool {
        if operand.isUndefined { return true }
        if operand.isNull {
            switch name {
            case "eq": return value == .null
            case "ne": return value != .null
            default: return true
            }
        }
        let text = string(value)
        switch name {
        case "eq":
            guard let other = operand.string else { return false }
            return value == .string(other)
        case "ne":
            guard let other = operand.string else { return true }
            return value != .string(other)
        case "lt": return order(text, operand) == .less
        case "le": return [.less, .same].contains(order(text, operand))
        case "gt": return order(text, operand) == .greater
        case "ge": return [.greater, .same].contains(order(text, operand))
        case "between":
            guard let bounds = operand.array, bounds.count == 2 else { return false }
            return [.greater, .same].contains(order(text, bounds[0])) && [.less, .same].contains(order(text, bounds[1]))
        case "beginsWith":
            guard let text, let prefix = operand.string else { return false }
            return text.utf8.starts(with: prefix.utf8)
        case "contains": return contains(text, operand)
        case "notContains": return !contains(text, operand)
        case "attributeExists": return (value != nil) == (operand.bool ?? true)
        case "attributeType":
            guard let value else { return false }
            return operand.string == (value == .null ? "_null" : "string")
        case "size":
            guard let text, case .dictionary(let operators) = operand else { return false }
            return operators.allSatisfy { name, bound in sizeSatisfies(text.utf8.count, name, bound) }
        default:
            return false
        }
    }

    private static func string(_ value: AttributeValue?) -> String? {
        if case .string(let text)? = value { return text }
        return nil
    }

    private enum Order { case less, same, greater, incomparable }

    private static func order(_ text: String?, _ operand: Map) -> Order {
        guard let text, let other = operand.string else { return .incomparable }
        if text.utf8.elementsEqual(other.utf8) { return .same }
        return text.utf8.lexicographicallyPrecedes(other.utf8) ? .less : .greater
    }

    private static func contains(_ text: String?, _ operand: Map) -> Bool {
        guard let text, let part = operand.string else { return false }
        return part.isEmpty || text.contains(part)
    }

    private static func sizeSatisfies(_ size: Int, _ name: String, _ bound: Map) -> Bool {
        if bound.isNull || bound.isUndefined { return true }
        if name == "between" {
            guard let bounds = bound.array, bounds.count == 2, let low = bounds[0].int, let high = bounds[1].int else { return false }
            return low <= size && size <= high
        }
        guard let bound = bound.int else { return false }
        switch name {
        case "eq": return size == bound
        case "ne": return size != bound
        case "lt": return size < bound
        case "le": return size <= bound
        case "gt": return size > bound
        case "ge": return size >= bound
        default: return false
        }
    }
}
