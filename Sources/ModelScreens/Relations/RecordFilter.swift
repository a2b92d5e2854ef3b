import AmplifyModels

/// Records of one model whose fields hold given values: a relation's children (`readerId` =
/// this reader's key), or one parent by its key. Values, to be turned into a query's filter or
/// a `get` by the caller; `matches` applies it to records already held.
public struct RecordFilter: Sendable, Hashable, CustomStringConvertible {
    /// One field and the value it must hold.
    public struct Match: Sendable, Hashable {
        public var field: String
        public var value: ModelValue

        public init(field: String, value: ModelValue) {
            self.field = field
            self.value = value
        }
    }

    public var model: String
    /// Every match must hold (AND), in the related fields' order.
    public var matches: [Match]

    public init(model: String, matches: [Match]) {
        self.model = model
        self.matches = matches
    }

    /// Whether `record` (of `model`) holds every value.
    public func matches(_ record: ModelRecord) -> Bool {
        record.model.name == model && matches.allSatisfy { record[$0.field] == $0.value }
    }

    /// The matches by field name: what a record made in this list starts with
    /// (`RecordForm(creating:values:)`), so that it belongs where it was made.
    public var values: [String: ModelValue] {
        Dictionary(matches.map { ($0.field, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// Whether a value is missing (a parent's key field that is null): nothing to follow.
    public var isComplete: Bool { !matches.contains { $0.value == .null } }

    /// `Book where readerId = 0f8e…`.
    public var description: String {
        guard !matches.isEmpty else { return model }
        return model + " where " + matches.map { "\($0.field) = \(Self.text($0.value))" }.joined(separator: " and ")
    }

    static func text(_ value: ModelValue) -> String {
        switch value {
        case .null: "null"
        case .string(let text), .enumValue(let text): text
        case .int(let number): String(number)
        case .float(let number): "\(number)"
        case .bool(let flag): flag ? "true" : "false"
        case .list, .json: "…"
        }
    }
}
