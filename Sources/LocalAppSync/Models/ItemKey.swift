import GRDB
import JSONValues

/// An item's primary key in the models store: its values in the key's order (partition key
/// first), and the columns DynamoDB's two orders are read from. A scan walks partitions in the
/// order of their hash (`scanKey`); a query walks one partition in sort-key order (`sortValue`),
/// which is the sort key's own value (strings by bytes, numbers by value) or, for several sort
/// key fields, their texts joined by `#`, as Amplify writes a composite sort key.
struct ItemKey: Sendable, Equatable {
    let values: [JSONValue]

    init(values: [JSONValue]) {
        precondition(!values.isEmpty, "a key has at least its partition key")
        self.values = values
    }

    /// The key as the row's identity: `["t1","A-1"]`.
    init?(text: String) {
        guard case .array(let values)? = JSONValue(jsonText: Array(text.utf8)), !values.isEmpty else { return nil }
        self.values = values
    }

    var text: String { JSONWriter.sortedText(.array(values)) }
    var partitionText: String { JSONWriter.sortedText(values[0]) }
    var scanKey: Int64 { ScanOrder.key(of: partitionText) }
    var sortValue: DatabaseValue { Self.sortValue(Array(values.dropFirst())) }

    /// The sort key column of these sort key values: NULL without a sort key.
    static func sortValue(_ sortValues: [JSONValue]) -> DatabaseValue {
        switch sortValues.count {
        case 0: return .null
        case 1: return databaseValue(sortValues[0])
        default: return sortValues.map(plainText).joined(separator: "#").databaseValue
        }
    }

    static func databaseValue(_ value: JSONValue) -> DatabaseValue {
        switch value {
        case .int(let number): number.databaseValue
        case .double(let number): number.databaseValue
        case .string(let text): text.databaseValue
        default: JSONWriter.sortedText(value).databaseValue
        }
    }

    /// A value as it reads inside a joined sort key: a string without its quotes.
    static func plainText(_ value: JSONValue) -> String {
        if case .string(let text) = value { text } else { JSONWriter.sortedText(value) }
    }
}
