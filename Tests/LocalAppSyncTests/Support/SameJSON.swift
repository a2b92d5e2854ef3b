import GraphQL

/// JSON equality for `Map`s: objects compare regardless of key order (a decoded `Map` keeps
/// whatever order the decoder saw) and numbers by value.
func sameJSON(_ lhs: Map?, _ rhs: Map) -> Bool {
    guard let lhs else { return false }
    switch (lhs, rhs) {
    case (.dictionary(let left), .dictionary(let right)):
        return left.count == right.count && left.allSatisfy { key, value in right[key].map { sameJSON(value, $0) } ?? false }
    case (.array(let left), .array(let right)):
        return left.count == right.count && zip(left, right).allSatisfy { sameJSON($0, $1) }
    case (.number(let left), .number(let right)):
        return left.doubleValue == right.doubleValue
    default:
        return lhs == rhs
    }
}
