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
/// - strings compare by their UTF-8 bytes, numbers by value, and a string never equals a number;
///   equal strings are equal bytes, not Swift's canonically equivalent `String`s (`é` written
///   as one scalar is not `e` + U+0301), and a substring is a run of bytes;
///   `size` is a string's length in bytes, a list's or map's count of members; `contains` finds
///   a substring in a string and an equal member in a list.
/// Subscription filters are not this: AppSync evaluates them against the mutation's result
/// (`RecordFilter`).
enum DynamoCondition {
    enum AttributeValue: Sendable {
        case string(String)
        case null
        // What an item of your own models holds besides (`serve --models`); the sample has only strings.
        case number(Double)
        case bool(Bool)
        case list([AttributeValue])
        case map([String: AttributeValue])

        /// An operand of the input (a GraphQL argument) as the attribute it is compared with.
        init?(operand: Map) {
            switch operand {
            case .string(let text): self = .string(text)
            case .bool(let flag): self = .bool(flag)
            case .number(let number): self = number.storageType == .bool ? .bool(number.boolValue) : .number(number.doubleValue)
            default: return nil
            }
        }

        /// DynamoDB's name of the attribute's type, as `attributeType` takes it.
        var typeName: String {
            switch self {
            case .string: "string"
            case .null: "_null"
            case .number: "number"
            case .bool: "bool"
            case .list: "list"
            case .map: "map"
            }
        }
    }

    typealias Item = [String: AttributeValue]

    /// Whether two attributes are equal as DynamoDB compares them: strings by their bytes.
    static func same(_ lhs: AttributeValue?, _ rhs: AttributeValue?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil), (.null?, .null?): true
        case (.string(let left)?, .string(let right)?): left.utf8.elementsEqual(right.utf8)
        case (.number(let left)?, .number(let right)?): left == right
        case (.bool(let left)?, .bool(let right)?): left == right
        case (.list(let left)?, .list(let right)?): left.count == right.count && zip(left, right).allSatisfy { same($0, $1) }
        case (.map(let left)?, .map(let right)?): left.count == right.count && left.allSatisfy { same($0.value, right[$0.key]) }
        default: false
        }
    }

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
            case "eq": return same(value, .null)
            case "ne": return !same(value, .null)
            default: return true
            }
        }
        switch name {
        case "eq":
            guard let other = AttributeValue(operand: operand) else { return false }
            return same(value, other)
        case "ne":
            guard let other = AttributeValue(operand: operand) else { return true }
            return !same(value, other)
        case "lt": return order(value, operand) == .less
        case "le": return [.less, .same].contains(order(value, operand))
        case "gt": return order(value, operand) == .greater
        case "ge": return [.greater, .same].contains(order(value, operand))
        case "between":
            guard let bounds = operand.array, bounds.count == 2 else { return false }
            return [.greater, .same].contains(order(value, bounds[0])) && [.less, .same].contains(order(value, bounds[1]))
        case "beginsWith":
            guard case .string(let text)? = value, let prefix = operand.string else { return false }
            return text.utf8.starts(with: prefix.utf8)
        case "contains": return contains(value, operand)
        case "notContains": return !contains(value, operand)
        case "attributeExists": return (value != nil) == (operand.bool ?? true)
        case "attributeType":
            guard let value else { return false }
            return operand.string == value.typeName
        case "size":
            guard let size = size(of: value), case .dictionary(let operators) = operand else { return false }
            return operators.allSatisfy { name, bound in sizeSatisfies(size, name, bound) }
        default:
            return false
        }
    }

    private static func size(of value: AttributeValue?) -> Int? {
        switch value {
        case .string(let text)?: text.utf8.count
        case .list(let items)?: items.count
        case .map(let members)?: members.count
        default: nil
        }
    }

    private enum Order { case less, same, greater, incomparable }

    /// Strings by their bytes, numbers by value; anything else does not compare.
    private static func order(_ value: AttributeValue?, _ operand: Map) -> Order {
        switch (value, AttributeValue(operand: operand)) {
        case (.string(let text)?, .string(let other)?):
            if text.utf8.elementsEqual(other.utf8) { return .same }
            return text.utf8.lexicographicallyPrecedes(other.utf8) ? .less : .greater
        case (.number(let number)?, .number(let other)?):
            return number == other ? .same : number < other ? .less : .greater
        default: return .incomparable
        }
    }

    private static func contains(_ value: AttributeValue?, _ operand: Map) -> Bool {
        switch (value, AttributeValue(operand: operand)) {
        case (.string(let text)?, .string(let part)?): return part.isEmpty || text.utf8.firstRange(of: part.utf8) != nil
        case (.list(let items)?, let member?): return items.contains { same($0, member) }
        default: return false
        }
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
