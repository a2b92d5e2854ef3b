import AmplifyModels
import Foundation

/// A filter evaluated on a record here, as DynamoDB evaluates the expression AppSync makes of
/// the `filter` argument (`graphQLFilter`), so that a list filtered here and one the server
/// filtered hold the same records (the embedded server's `DynamoCondition` is checked against
/// this by a property test):
/// - text compares by its UTF-8 bytes (`"Z" < "a"`, `"é"` after every ASCII letter), numbers by
///   value; dates and times are text, compared as written;
/// - a null or absent field satisfies `!=`, and `not` of anything it fails, and no other
///   comparison; `exists` is DynamoDB's `attribute_exists`, which a null fails here (AppSync
///   stores a null given to a create as a NULL attribute, which exists: this app never sends one);
/// - `~` on text finds a substring, byte for byte; on a list, an equal item;
/// - a bare word is the list's own search (`TextSearch`), not the server's `contains`.
public enum FilterEvaluator {
    public static func matches(_ record: ModelRecord, _ expression: FilterExpression) -> Bool {
        matches(record, expression) { TextSearch($0) }
    }

    /// The same, each bare word's search given by `search` (`PreparedFilter` folds each once).
    static func matches(_ record: ModelRecord, _ expression: FilterExpression, search: (String) -> TextSearch) -> Bool {
        switch expression {
        case .clause(let clause): return holds(clause.condition, on: record[clause.field] ?? .null)
        case .search(let text): return search(text).matches(record)
        case .not(let inner): return !matches(record, inner, search: search)
        case .and(let terms): return terms.allSatisfy { matches(record, $0, search: search) }
        case .or(let terms): return terms.contains { matches(record, $0, search: search) }
        }
    }

    /// Whether `value` (a field's, null when the record has none) satisfies `condition`.
    public static func holds(_ condition: FilterCondition, on value: ModelValue) -> Bool {
        switch condition {
        case .equal(let operand): return order(value, operand) == .orderedSame
        case .notEqual(let operand): return order(value, operand) != .orderedSame
        case .less(let operand): return order(value, operand) == .orderedAscending
        case .lessOrEqual(let operand): return [.orderedAscending, .orderedSame].contains(order(value, operand))
        case .greater(let operand): return order(value, operand) == .orderedDescending
        case .greaterOrEqual(let operand): return [.orderedDescending, .orderedSame].contains(order(value, operand))
        case .between(let low, let high):
            return [.orderedDescending, .orderedSame].contains(order(value, low))
                && [.orderedAscending, .orderedSame].contains(order(value, high))
        case .beginsWith(let prefix):
            guard case .string(let text) = value else { return false }
            return text.utf8.starts(with: prefix.utf8)
        case .contains(let operand):
            switch value {
            case .string(let text): return operand.comparedText.map { text.utf8.firstRange(of: $0.utf8) != nil } ?? false
            case .list(let items): return items.contains { order($0, operand) == .orderedSame }
            default: return false
            }
        case .exists: return value != .null
        case .notExists: return value == .null
        }
    }

    /// How two values of one field's type compare as DynamoDB compares attributes: text (an
    /// enum's name too) by bytes, numbers by value; nil when they do not compare (either is null,
    /// or of other kinds).
    public static func order(_ lhs: ModelValue, _ rhs: ModelValue) -> ComparisonResult? {
        switch (lhs, rhs) {
        case (.string(let left), .string(let right)), (.enumValue(let left), .enumValue(let right)):
            if left.utf8.elementsEqual(right.utf8) { return .orderedSame }
            return left.utf8.lexicographicallyPrecedes(right.utf8) ? .orderedAscending : .orderedDescending
        case (.int(let left), .int(let right)): return compare(left, right)
        case (.float(let left), .float(let right)): return compare(left, right)
        case (.int(let left), .float(let right)): return compare(Double(left), right)
        case (.float(let left), .int(let right)): return compare(left, Double(right))
        case (.bool(let left), .bool(let right)): return left == right ? .orderedSame : nil
        default: return nil
        }
    }

    private static func compare<T: Comparable>(_ left: T, _ right: T) -> ComparisonResult {
        left == right ? .orderedSame : left < right ? .orderedAscending : .orderedDescending
    }
}

extension ModelValue {
    /// The text of a text value (an enum's name too).
    var comparedText: String? {
        switch self {
        case .string(let text), .enumValue(let text): text
        default: nil
        }
    }
}
