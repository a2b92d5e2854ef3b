import JSONValues

/// A field's values: read from what the user typed, checked as AppSync checks them (the
/// scalar's format, the enum's values, the custom type's fields, required, lists), written back
/// as text, and to and from JSON for the wire. A list is typed as JSON (`["a", "b"]`) or item
/// by item (`value(typedItems:)`); a custom type's value is typed as a JSON object.
public struct FieldValueCodec: Sendable {
    public let field: ModelField
    let enums: [String: ModelEnum]
    let nonModels: [String: NonModelType]
    /// How deep custom types may nest in custom types (a type may contain itself).
    let depth: Int
    /// Reading an answer: a custom type's place may hold the selection's cut marker
    /// (`{"__typename": …}`, where the members were not read), kept as it is.
    let readsAnswer: Bool

    public init(field: ModelField, schema: ModelSchema) {
        self.init(field: field, enums: schema.enums, nonModels: schema.nonModels, depth: 0)
    }

    init(field: ModelField, enums: [String: ModelEnum], nonModels: [String: NonModelType], depth: Int, readsAnswer: Bool = false) {
        self.field = field
        self.enums = enums
        self.nonModels = nonModels
        self.depth = depth
        self.readsAnswer = readsAnswer
    }

    /// The codec of one of a custom type's members.
    private func member(_ subfield: ModelField) -> FieldValueCodec {
        FieldValueCodec(field: subfield, enums: enums, nonModels: nonModels, depth: depth + 1, readsAnswer: readsAnswer)
    }

    /// What the field takes, for messages and hints: "a date like 2026-11-25", "a list of …".
    public var expectation: String {
        guard field.isList else { return itemExpectation }
        // One example, the list's: "a whole number …, like 42" loses its own.
        let item = itemExpectation.range(of: ", like ").map { String(itemExpectation[..<$0.lowerBound]) } ?? itemExpectation
        return "a list of " + item + ", like " + listExample
    }

    var itemExpectation: String {
        switch field.type {
        case .scalar(let scalar): scalar.expectation
        case .enumeration(let name): "one of " + (enums[name]?.values ?? []).joined(separator: ", ")
        case .nonModel(let name): "a JSON object with the fields of \(name) (" + (nonModels[name]?.fields.map(\.name) ?? []).joined(separator: ", ") + ")"
        case .model(let name): "a \(name) record, which is not edited here"
        case .unknown(let name): "a value of type \(name), which this app does not know"
        }
    }

    private var listExample: String {
        switch field.type {
        case .scalar(.int), .scalar(.awsTimestamp): "[1, 2]"
        case .scalar(.float): "[1.5, 2]"
        case .scalar(.boolean): "[true, false]"
        case .scalar(.awsDate): "[\"2026-11-25\", \"2026-11-26\"]"
        case .scalar(.awsTime): "[\"14:30\", \"15:00\"]"
        case .scalar(.awsDateTime): "[\"2026-11-25T14:30:00Z\", \"2026-11-26T09:00:00Z\"]"
        case .scalar(.awsEmail): "[\"ann@example.com\", \"bo@example.com\"]"
        case .scalar(.awsURL): "[\"https://example.com\", \"https://example.org\"]"
        case .scalar(.awsPhone): "[\"+1 206 555 0100\", \"+1 206 555 0101\"]"
        case .scalar(.awsIPAddress): "[\"192.0.2.1\", \"2001:db8::1\"]"
        case .enumeration(let name): "[" + (enums[name]?.values.prefix(2).map { JSONValue.string($0).jsonText } ?? []).joined(separator: ", ") + "]"
        default: "[\"a\", \"b\"]"
        }
    }

    // MARK: Typed text

    /// What the user typed into the field. Empty is null (refused when the field is required).
    public func value(typed text: String) throws(ValueError) -> ModelValue {
        // Empty (or blank) is null, as the sample's address is cleared by emptying it.
        if text.trimmingBlanks.isEmpty { return try null() }
        guard field.isList else { return try item(typed: text) }
        guard let json = try? ScalarType.parseJSON(text), case .array = json else { throw ValueError(expected: expectation) }
        return try value(json: json, listFromText: true)
    }

    /// A list typed item by item (a list editor's lines); an empty item is a null item.
    public func value(typedItems items: [String]) throws(ValueError) -> ModelValue {
        guard field.isList else { throw ValueError(expected: expectation) }
        var values: [ModelValue] = []
        for (index, text) in items.enumerated() {
            do throws(ValueError) {
                if text.trimmingBlanks.isEmpty {
                    guard field.listItemsNullable else { throw ValueError(expected: itemExpectation) }
                    values.append(.null)
                } else {
                    values.append(try item(typed: text))
                }
            } catch {
                throw error.within("item \(index + 1)")
            }
        }
        return .list(values)
    }

    private func null() throws(ValueError) -> ModelValue {
        guard !field.isRequired else { throw ValueError(expected: "a value: the field is required (\(expectation))") }
        return .null
    }

    private func item(typed text: String) throws(ValueError) -> ModelValue {
        switch field.type {
        case .scalar(let scalar): return try scalar.value(typed: text)
        case .enumeration: return try enumValue(text.trimmingBlanks)
        case .nonModel:
            guard let json = try? ScalarType.parseJSON(text) else { throw ValueError(expected: itemExpectation) }
            return try nonModelValue(json)
        case .model, .unknown: throw ValueError(expected: itemExpectation)
        }
    }

    private func enumValue(_ name: String) throws(ValueError) -> ModelValue {
        guard case .enumeration(let enumName) = field.type, let values = enums[enumName]?.values else {
            throw ValueError(expected: itemExpectation)
        }
        if values.contains(name) { return .enumValue(name) }
        // What was meant when only the case differs: `cash` for CASH.
        if let match = values.first(where: { $0.lowercased() == name.lowercased() }) { return .enumValue(match) }
        throw ValueError(expected: itemExpectation)
    }

    // MARK: Text

    /// The value as the field shows it, and as `value(typed:)` reads it back. A custom type's
    /// fields are written in the order the type declares them.
    public func text(_ value: ModelValue) -> String {
        switch (field.type, value) {
        case (.scalar(let scalar), _): scalar.text(value)
        case (.nonModel, .json(let json)) where !field.isList: declaredOrderText(json)
        default: ScalarType.string.text(value)
        }
    }

    /// `{"merchant":"Bakery","total":4.5}`: JSON text with the custom type's fields in its order
    /// (`JSONValue` keeps no order of its own, and writes its keys sorted).
    private func declaredOrderText(_ json: JSONValue) -> String {
        guard case .nonModel(let name) = field.type, let type = nonModels[name], depth < 16, case .object(let members) = json else {
            return json.jsonText
        }
        if Self.isCutMarker(members) { return Self.cutText }
        let written = type.fields.compactMap { subfield -> String? in
            guard let member = members[subfield.name] else { return nil }
            let codec = self.member(subfield)
            let text: String
            if codec.field.type.isNonModel, subfield.isList, case .array(let items) = member {
                text = "[" + items.map { codec.declaredOrderText($0) }.joined(separator: ",") + "]"
            } else {
                text = codec.field.type.isNonModel ? codec.declaredOrderText(member) : member.jsonText
            }
            return JSONValue.string(subfield.name).jsonText + ":" + text
        }
        return "{" + written.joined(separator: ",") + "}"
    }

    // MARK: JSON

    /// The value as JSON variables carry it.
    public func json(_ value: ModelValue) -> JSONValue {
        switch value {
        case .null: return .null
        case .list(let items) where field.isList: return .array(items.map(itemJSON))
        default: return itemJSON(value)
        }
    }

    private func itemJSON(_ value: ModelValue) -> JSONValue {
        switch (field.type, value) {
        case (.scalar(let scalar), _): scalar.json(value)
        case (_, .enumValue(let name)): .string(name)
        case (_, .json(let json)): json
        default: ScalarType.string.json(value)
        }
    }

    /// A value the user gave as JSON (or a list typed as JSON), checked as a typed one is.
    public func value(json: JSONValue) throws(ValueError) -> ModelValue {
        try value(json: json, listFromText: false)
    }

    /// A value read from an answer: checked as `value(json:)` does, and a custom type's place may
    /// hold the selection's cut marker, where the value goes deeper than was read (`isCut`).
    public func value(answered json: JSONValue) throws(ValueError) -> ModelValue {
        try (readsAnswer ? self : readingAnswers).value(json: json, listFromText: false)
    }

    /// This codec, reading answers (`value(answered:)`).
    var readingAnswers: FieldValueCodec {
        FieldValueCodec(field: field, enums: enums, nonModels: nonModels, depth: depth, readsAnswer: true)
    }

    // MARK: Values read in part

    /// How a place whose members were not read is shown: the value goes on deeper there.
    public static let cutText = "…"

    /// Why a cut value cannot be changed, for the form and the detail.
    public static let cutReason = "deeper levels not read"

    static func isCutMarker(_ members: [String: JSONValue]) -> Bool {
        members.count == 1 && members[SelectionSet.cutMarker] != nil
    }

    /// Whether the value holds a place where the answer did not read its members (a custom
    /// type nested deeper than the selection goes): shown with `…`, and never written back.
    public func isCut(_ value: ModelValue) -> Bool {
        switch value {
        case .list(let items): return items.contains { if case .json(let json) = $0 { holdsCut(json) } else { false } }
        case .json(let json): return holdsCut(json)
        default: return false
        }
    }

    private func holdsCut(_ json: JSONValue) -> Bool {
        guard case .nonModel(let name) = field.type, let type = nonModels[name], depth < 16 else { return false }
        if case .array(let items) = json { return items.contains(where: holdsCut) }
        guard case .object(let members) = json else { return false }
        if Self.isCutMarker(members) { return true }
        return type.fields.contains { subfield in
            guard subfield.type.isNonModel, let member = members[subfield.name] else { return false }
            return self.member(subfield).holdsCut(member)
        }
    }

    private func value(json: JSONValue, listFromText: Bool) throws(ValueError) -> ModelValue {
        if json == .null { return try null() }
        guard field.isList else { return try item(json: json) }
        guard case .array(let items) = json else { throw ValueError(expected: expectation) }
        var values: [ModelValue] = []
        for (index, item) in items.enumerated() {
            do throws(ValueError) {
                if item == .null {
                    guard field.listItemsNullable else { throw ValueError(expected: itemExpectation) }
                    values.append(.null)
                } else if listFromText, case .scalar(let scalar) = field.type, scalar == .awsJSON {
                    // Typed as a JSON list, an AWSJSON item is the JSON itself, not its text.
                    values.append(.json(item))
                } else {
                    values.append(try self.item(json: item))
                }
            } catch {
                throw error.within("item \(index + 1)")
            }
        }
        return .list(values)
    }

    private func item(json: JSONValue) throws(ValueError) -> ModelValue {
        switch field.type {
        case .scalar(let scalar): return try scalar.value(json: json)
        case .enumeration:
            guard case .string(let name) = json else { throw ValueError(expected: itemExpectation) }
            return try enumValue(name)
        case .nonModel: return try nonModelValue(json)
        case .model, .unknown: throw ValueError(expected: itemExpectation)
        }
    }

    /// A custom type's value: an object whose members are its fields, each checked by its type.
    /// A field it does not have is refused (AppSync refuses it too); a missing field is null, and
    /// a null one is left out.
    /// Members are checked in a fixed order (unknown names first, then the type's fields in its
    /// order), so that the same value always gets the same message.
    private func nonModelValue(_ json: JSONValue) throws(ValueError) -> ModelValue {
        guard case .nonModel(let name) = field.type, let type = nonModels[name], depth < 16,
              case .object(let members) = json
        else { throw ValueError(expected: itemExpectation) }
        if readsAnswer, Self.isCutMarker(members) { return .json(json) }
        if let unknown = members.keys.sorted().first(where: { key in !type.fields.contains { $0.name == key } }) {
            throw ValueError(expected: "no field \(unknown): \(name) has " + type.fields.map(\.name).joined(separator: ", "))
        }
        var checked: [String: JSONValue] = [:]
        for subfield in type.fields {
            guard let member = members[subfield.name] else {
                if subfield.isRequired { throw ValueError(expected: "a value: the field is required", location: [subfield.name]) }
                continue
            }
            let codec = self.member(subfield)
            do throws(ValueError) {
                // A null member is left out: absent and null read the same, and one value must have
                // one form (an answer writes every member it selects out, a conflict's stored item
                // only those it holds), or a copy would differ from itself and clash.
                let value = try codec.value(json: member, listFromText: false)
                if value == .null { continue }
                checked[subfield.name] = codec.json(value)
            } catch {
                throw error.within(subfield.name)
            }
        }
        return .json(.object(checked))
    }
}

extension FieldType {
    var isNonModel: Bool {
        if case .nonModel = self { true } else { false }
    }
}
