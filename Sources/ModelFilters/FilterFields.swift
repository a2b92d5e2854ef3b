import AmplifyModels

/// One model's fields as a filter sees them: which a clause may name, which operators each
/// takes, and how its values are checked (as the record form checks typed text) and sent.
public struct FilterFields: Sendable {
    public let model: AmplifyModel
    public let schema: ModelSchema

    public init(model: AmplifyModel, schema: ModelSchema) {
        self.model = model
        self.schema = schema
    }

    /// What the server's filter input lets a field be compared by, after Amplify's transformer
    /// (`FieldInputs`): text and the AWS text scalars through `ModelStringInput`/`ModelIDInput`,
    /// numbers through `ModelIntInput`/`ModelFloatInput`, `ModelBooleanInput`, an enum's
    /// `Model<Enum>Input` (`eq`, `ne`: no `attributeExists`), a list through its item's input
    /// (where `contains` is membership), an enum list through `Model<Enum>ListInput`.
    enum Kind: Sendable, Hashable {
        case text, number, boolean, enumeration, textList, enumList, otherList
        /// `AWSJSON`: the server holds its text as sent, which need not be the text this app
        /// writes (key order, blanks), so only whether it is there is compared.
        case json
        /// Not in the filter input at all: a custom type, a relation, a type the app does not know.
        case unfilterable

        var operators: [String] {
            switch self {
            case .text: ["=", "!=", "<", "<=", ">", ">=", "between", "^=", "~", "exists", "!exists"]
            case .number: ["=", "!=", "<", "<=", ">", ">=", "between", "exists", "!exists"]
            case .boolean: ["=", "!=", "exists", "!exists"]
            case .enumeration: ["=", "!="]
            case .textList: ["~", "exists", "!exists"]
            case .enumList: ["~"]
            case .otherList, .json: ["exists", "!exists"]
            case .unfilterable: []
            }
        }
    }

    static func kind(of field: ModelField) -> Kind {
        switch field.type {
        case .scalar(let scalar):
            switch scalar {
            case .awsJSON: return .json
            case .int, .float, .awsTimestamp: return field.isList ? .otherList : .number
            case .boolean: return field.isList ? .otherList : .boolean
            default: return field.isList ? .textList : .text
            }
        case .enumeration: return field.isList ? .enumList : .enumeration
        case .nonModel, .model, .unknown: return .unfilterable
        }
    }

    /// The field a clause names, exactly (GraphQL names are case-sensitive); the error says
    /// which field was meant when one is near.
    func field(named name: String, at range: Range<Int>) throws(FilterError) -> ModelField {
        if let field = model.field(named: name) {
            if Self.kind(of: field) == .unfilterable { throw FilterError(range, "`\(name)` is \(Self.described(field)): the server cannot filter by it") }
            return field
        }
        throw FilterError(range, unknownField(name))
    }

    private func unknownField(_ name: String) -> String {
        let names = model.fields.filter { Self.kind(of: $0) != .unfilterable }.map(\.name)
        if let same = names.first(where: { $0.lowercased() == name.lowercased() }) {
            return "unknown field `\(name)` (did you mean `\(same)`?)"
        }
        let near = names.map { ($0, Self.distance($0.lowercased(), name.lowercased())) }
            .filter { $0.1 <= max(1, name.count / 3) }.min { $0.1 < $1.1 }
        if let (meant, _) = near { return "unknown field `\(name)` (did you mean `\(meant)`?)" }
        let shown = names.prefix(8).map { "`\($0)`" }.joined(separator: ", ") + (names.count > 8 ? ", …" : "")
        return "unknown field `\(name)`: \(model.name) has \(shown)"
    }

    /// Levenshtein's distance: how many Characters to add, drop or change to make `a` into `b`.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for i in a.indices {
            var row = [i + 1]
            for j in b.indices {
                row.append(min(previous[j + 1] + 1, row[j] + 1, previous[j] + (a[i] == b[j] ? 0 : 1)))
            }
            previous = row
        }
        return previous[b.count]
    }

    /// "a Float", "an enum (CategoryKind)", "a list ([String])": what a message calls the field's type.
    static func described(_ field: ModelField) -> String {
        let name: String
        switch field.type {
        case _ where field.isList: name = "list (\(field.graphQLType.filter { $0 != "!" }))"
        case .scalar(let scalar): name = scalar.rawValue
        case .enumeration(let type): name = "enum (\(type))"
        case .nonModel(let type): name = "custom type (\(type))"
        case .model(let type): name = "relation (\(type))"
        case .unknown(let type): name = "type this app does not know (\(type))"
        }
        return ("aeiouAEIOU".contains(name.first ?? "x") ? "an " : "a ") + name
    }

    /// The operator `symbol` is one `field` takes, or the error names those it does.
    func check(_ symbol: String, on field: ModelField, at range: Range<Int>) throws(FilterError) {
        let allowed = Self.kind(of: field).operators
        guard !allowed.contains(symbol) else { return }
        let listed = allowed.count == 1 ? allowed[0] : allowed.dropLast().joined(separator: ", ") + " and " + allowed.last!
        let takes = allowed.count == 1 ? "it takes only \(listed)" : "it takes \(listed)"
        throw FilterError(range, "`\(field.name)` is \(Self.described(field)): \(takes), not \(symbol)")
    }

    /// `text` as a value of `field` (one item of a list field), checked as the form checks it.
    func value(_ text: String, of field: ModelField, at range: Range<Int>) throws(FilterError) -> ModelValue {
        var item = field
        item.isList = false
        item.isRequired = true
        // Text fields take any text as it is, the empty one too (the form reads empty as null).
        if case .scalar(let scalar) = item.type, scalar == .string || scalar == .id { return .string(text) }
        let prefix = "`\(field.name)` is \(Self.described(field)): "
        guard text.contains(where: { !$0.isWhitespace }) else {
            throw FilterError(range, prefix + "expected " + FieldValueCodec(field: item, schema: schema).expectation + ", not empty text")
        }
        let value: ModelValue
        do throws(ValueError) {
            value = try FieldValueCodec(field: item, schema: schema).value(typed: text)
        } catch {
            throw FilterError(range, prefix + (error.problem ?? "`\(text)` is not \(error.expected)"))
        }
        // AWSTimestamp is compared through `ModelIntInput`, whose `Int` is GraphQL's 32 bits.
        if case .int(let number) = value, Int32(exactly: number) == nil {
            throw FilterError(range, prefix + "the server compares it as a 32-bit Int, and \(number) is beyond ±2147483647")
        }
        return value
    }

    /// The codec of one item of `field` (the field itself when it is no list): how a value is sent.
    func itemCodec(_ field: ModelField) -> FieldValueCodec {
        var item = field
        item.isList = false
        return FieldValueCodec(field: item, schema: schema)
    }
}
