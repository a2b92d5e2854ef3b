import GraphQL
import JSONValues

/// The fast path for the common shape of the read queries: one query operation whose root
/// fields are a model's page queries (`list<Plural>`, `sync<Plural>`, selecting `items { … }`,
/// `nextToken`, `startedAt`, `__typename`) or its `get<Model>`, selecting the record's own
/// fields and custom types' fields at any depth, with aliases, arguments inline or in variables.
///
/// GraphQLSwift's execution makes a task per list item and per field and a `Map` per value
/// (~100 ms for a page of 1,000). Here the library still parses, validates and executes the
/// operation, root resolvers included, so arguments, variables, the resolver count, the
/// response budget, the deadline and every error stay the library's; but it executes a copy of
/// the document whose root fields select only `__typename`. The resolvers leave what they read
/// in a `PageCapture`, and the selected fields are written from it, in the document's order,
/// with the values the library's scalar serialization gives, straight to JSON bytes. Any other
/// shape (fragments, directives, duplicate response keys, relations, several operations) is not
/// planned and goes through the library as it is; so does a request whose stored values the
/// library would refuse (a null in a non-null field, an enum value no longer declared, a number
/// out of `Int`'s range): `encodedAnswer` answers nil and the caller runs the library.
struct FastPagePlan: Sendable {
    /// The document the library executes: the request's, with each root field selecting only `__typename`.
    let executedDocument: Document
    /// What to write for each root field, by response key.
    private let roots: [String: Root]

    private enum Root: Sendable {
        case page(connection: String, [PageField])
        case record([Selected])
    }

    private enum PageField: Sendable {
        case items(key: String, fields: [Selected])
        case nextToken(key: String)
        case startedAt(key: String)
        case typename(key: String)
    }

    /// One selected field of a record or custom type.
    fileprivate struct Selected: Sendable {
        let key: String
        let kind: Kind

        enum Kind: Sendable {
            case typename(String)
            /// The stored attribute `name`, of type `shape`; a custom type's selection in `fields`.
            case value(name: String, shape: AnswerShapes.Value, fields: [Selected]?)
        }
    }

    /// The plan for a validated `document`, or nil when it is not of the fast path's shape.
    /// `typenameOnly` is the selection set `{ __typename }` (parsed once by the caller).
    init?(document: Document, typenameOnly: SelectionSet, shapes: AnswerShapes) {
        guard document.definitions.count == 1, let operation = document.definitions.first as? OperationDefinition,
            operation.operation == .query, operation.directives.isEmpty
        else { return nil }
        var roots: [String: Root] = [:]
        var executedSelections: [any Selection] = []
        for selection in operation.selectionSet.selections {
            guard let field = selection as? Field, field.directives.isEmpty, let selectionSet = field.selectionSet else { return nil }
            let key = field.alias?.value ?? field.name.value
            guard roots[key] == nil else { return nil }
            if let (connection, record) = shapes.pages[field.name.value] {
                guard let fields = Self.pageFields(of: selectionSet, record: record, shapes: shapes) else { return nil }
                roots[key] = .page(connection: connection, fields)
            } else if let record = shapes.records[field.name.value] {
                guard let fields = Self.selected(selectionSet, of: record, shapes: shapes) else { return nil }
                roots[key] = .record(fields)
            } else {
                return nil
            }
            executedSelections.append(field.set(value: .node(typenameOnly), key: "selectionSet"))
        }
        let executedOperation = operation.set(
            value: .node(operation.selectionSet.set(value: .array(executedSelections), key: "selections")), key: "selectionSet")
        executedDocument = document.set(value: .array([executedOperation]), key: "definitions")
        self.roots = roots
    }

    private static func pageFields(of selectionSet: SelectionSet, record: String, shapes: AnswerShapes) -> [PageField]? {
        var fields: [PageField] = []
        var keys = Set<String>()
        for selection in selectionSet.selections {
            guard let field = selection as? Field, field.directives.isEmpty, field.arguments.isEmpty else { return nil }
            let key = field.alias?.value ?? field.name.value
            guard keys.insert(key).inserted else { return nil }
            switch (field.name.value, field.selectionSet) {
            case ("items", let items?):
                guard let itemFields = selected(items, of: record, shapes: shapes) else { return nil }
                fields.append(.items(key: key, fields: itemFields))
            case ("nextToken", nil): fields.append(.nextToken(key: key))
            case ("startedAt", nil): fields.append(.startedAt(key: key))
            case ("__typename", nil): fields.append(.typename(key: key))
            default: return nil
            }
        }
        return fields
    }

    /// The fields selected of the object type `typeName` (a record or a custom type), or nil
    /// when one is not the fast path's to write.
    private static func selected(_ selectionSet: SelectionSet, of typeName: String, shapes: AnswerShapes) -> [Selected]? {
        guard let shapesOfType = shapes.objects[typeName] else { return nil }
        var fields: [Selected] = []
        var keys = Set<String>()
        for selection in selectionSet.selections {
            guard let field = selection as? Field, field.directives.isEmpty, field.arguments.isEmpty else { return nil }
            let key = field.alias?.value ?? field.name.value
            guard keys.insert(key).inserted else { return nil }
            let name = field.name.value
            if name == "__typename" {
                guard field.selectionSet == nil else { return nil }
                fields.append(Selected(key: key, kind: .typename(typeName)))
                continue
            }
            guard let shape = shapesOfType[name] else { return nil }
            switch (shape.objectName, field.selectionSet) {
            case (nil, nil):
                fields.append(Selected(key: key, kind: .value(name: name, shape: shape, fields: nil)))
            case (let object?, let selection?):
                guard let inner = Self.selected(selection, of: object, shapes: shapes) else { return nil }
                fields.append(Selected(key: key, kind: .value(name: name, shape: shape, fields: inner)))
            default:
                return nil
            }
        }
        return fields
    }

    /// The answer's JSON, as the library path would send it for `result`: `data` with each root
    /// field that produced a value written from what its resolver read (the others, null where
    /// they failed, as the library answered), then the library's errors. Nil when a stored value
    /// is one the library would refuse: the caller runs the request through the library instead.
    func encodedAnswer(_ result: GraphQLResult, from capture: PageCapture) -> [UInt8]? {
        var rows = 0
        for read in capture.reads() { if case .page(let page) = read { rows += page.texts.count } }
        var json = AnswerJSONWriter(reservingCapacity: 256 + rows * 300)
        json.raw("{")
        json.key("data", first: true)
        if case .dictionary(let fields)? = result.data {
            json.raw("{")
            for (index, (key, value)) in fields.enumerated() {
                json.key(key, first: index == 0)
                switch (value, roots[key], capture.read(forKey: key)) {
                case (.null, _, _): json.null()
                case (_, .page(let connection, let pageFields)?, .page(let page)?):
                    guard Self.write(page, connection, pageFields, to: &json) else { return nil }
                case (_, .record(let recordFields)?, .record(let item?)?):
                    guard Self.write(.object(item.attributes), recordFields, to: &json) else { return nil }
                default: json.raw(Self.encoded(value))
                }
            }
            json.raw("}")
        } else {
            json.raw(Self.encoded(result.data ?? .null))
        }
        if !result.errors.isEmpty {
            json.key("errors", first: false)
            json.raw(Self.encoded(.array(result.errors.map(GraphQLErrorFormatter.resolverError))))
        }
        json.raw("}")
        return json.bytes
    }

    /// A value the library produced, as the library path encodes it.
    private static func encoded(_ value: Map) -> [UInt8] {
        if value == .null { return Array("null".utf8) }
        // Encoding a Map built from JSON-able values cannot fail.
        return (try? Array(GraphQLJSONEncoder().encode(value))) ?? Array("null".utf8)
    }

    private static func write(_ page: ModelOperations.Page, _ connection: String, _ fields: [PageField], to json: inout AnswerJSONWriter) -> Bool {
        json.raw("{")
        for (index, field) in fields.enumerated() {
            switch field {
            case .items(let key, let recordFields):
                json.key(key, first: index == 0)
                json.raw("[")
                for (row, text) in page.texts.enumerated() {
                    if row > 0 { json.raw(",") }
                    let written = text.withUnsafeBytes { bytes in
                        let view = StoredJSONView(bytes: bytes)
                        return write(view, object: 0..<bytes.count, recordFields, to: &json)
                    }
                    guard written else { return false }
                }
                json.raw("]")
            case .nextToken(let key):
                json.key(key, first: index == 0)
                if let token = page.nextToken { json.string(token) } else { json.null() }
            case .startedAt(let key):
                json.key(key, first: index == 0)
                if let startedAt = page.startedAt { json.int(Int(startedAt)) } else { json.null() }
            case .typename(let key):
                json.key(key, first: index == 0)
                json.string(connection)
            }
        }
        json.raw("}")
        return true
    }

    /// An object's selected fields; false when the value is not an object (the library would refuse it).
    private static func write(_ object: JSONValue, _ fields: [Selected], to json: inout AnswerJSONWriter) -> Bool {
        guard case .object(let members) = object else { return false }
        return writeObject(fields, to: &json) { name, shape, inner, json in write(members[name], shape, inner, to: &json) }
    }

    /// An object's selected fields in the document's order, each value written by `value`
    /// (from a decoded item or from a stored text); false as soon as one cannot be.
    fileprivate static func writeObject(
        _ fields: [Selected], to json: inout AnswerJSONWriter,
        value: (_ name: String, AnswerShapes.Value, [Selected]?, inout AnswerJSONWriter) -> Bool
    ) -> Bool {
        json.raw("{")
        for (index, field) in fields.enumerated() {
            json.key(field.key, first: index == 0)
            switch field.kind {
            case .typename(let name): json.string(name)
            case .value(let name, let shape, let inner):
                guard value(name, shape, inner, &json) else { return false }
            }
        }
        json.raw("}")
        return true
    }

    /// One stored value (nil: absent) as the library serializes it for a field of type `shape`;
    /// false for a value it would refuse, or convert in a way not written here.
    private static func write(_ value: JSONValue?, _ shape: AnswerShapes.Value, _ fields: [Selected]?, to json: inout AnswerJSONWriter) -> Bool {
        if case .nonNull(let inner) = shape {
            guard let value, value != .null else { return false }
            return write(value, inner, fields, to: &json)
        }
        guard let value, value != .null else {
            json.null()
            return true
        }
        switch (shape, value) {
        case (.list(let item), .array(let values)):
            json.raw("[")
            for (index, element) in values.enumerated() {
                if index > 0 { json.raw(",") }
                guard write(element, item, fields, to: &json) else { return false }
            }
            json.raw("]")
        case (.object, .object):
            return write(value, fields ?? [], to: &json)
        case (.enumeration(let names), .string(let text)) where names.contains(text):
            json.string(text)
        case (.scalar(.text), .string(let text)), (.scalar(.custom), .string(let text)):
            json.string(text)
        case (.scalar(.int), .int(let number)) where Int64(Int32.min)...Int64(Int32.max) ~= number:
            json.int(Int(number))
        case (.scalar(.float), .int(let number)):
            json.double(Double(number))
        case (.scalar(.float), .double(let number)) where number.isFinite, (.scalar(.custom), .double(let number)) where number.isFinite:
            json.double(number)
        case (.scalar(.custom), .int(let number)):
            json.int(Int(number))
        case (.scalar(.boolean), .bool(let flag)), (.scalar(.custom), .bool(let flag)):
            json.bool(flag)
        default:
            return false
        }
        return true
    }
}

// MARK: Writing from a stored text

extension FastPagePlan {
    /// An item's selected fields, from its stored text (`StoredJSONView`): the same bytes as
    /// `write(_:_:to:)` writes from the decoded item, without decoding it.
    fileprivate static func write(_ view: StoredJSONView, object range: Range<Int>, _ fields: [Selected], to json: inout AnswerJSONWriter) -> Bool {
        guard let members = view.members(of: range) else { return false }
        return writeObject(fields, to: &json) { name, shape, inner, json in
            write(view, members.first { view.key($0, is: name) }?.value, shape, inner, to: &json)
        }
    }

    private static func write(
        _ view: StoredJSONView, _ range: Range<Int>?, _ shape: AnswerShapes.Value, _ fields: [Selected]?, to json: inout AnswerJSONWriter
    ) -> Bool {
        let isNull = range.map { view.bytes[$0.lowerBound] == UInt8(ascii: "n") } ?? true
        if case .nonNull(let inner) = shape {
            guard let range, !isNull else { return false }
            return write(view, range, inner, fields, to: &json)
        }
        guard let range, !isNull else {
            json.null()
            return true
        }
        let first = view.bytes[range.lowerBound]
        let isNumber = StoredJSONView.isNumberByte(first) && first != UInt8(ascii: "+")
        switch shape {
        case .list(let item):
            guard let elements = view.elements(of: range) else { return false }
            json.raw("[")
            for (index, element) in elements.enumerated() {
                if index > 0 { json.raw(",") }
                guard write(view, element, item, fields, to: &json) else { return false }
            }
            json.raw("]")
            return true
        case .object:
            return write(view, object: range, fields ?? [], to: &json)
        case .enumeration(let names):
            guard let text = string(view, range), names.contains(text) else { return false }
            json.string(text)
            return true
        case .scalar(.text):
            return writeString(view, range, to: &json)
        case .scalar(.boolean):
            return writeBool(first, to: &json)
        case .scalar(.int):
            guard isNumber, view.isInteger(range), let number = Int64(view.numberText(range)), Int64(Int32.min)...Int64(Int32.max) ~= number
            else { return false }
            json.int(Int(number))
            return true
        case .scalar(.float):
            guard isNumber, let number = Double(view.numberText(range)), number.isFinite else { return false }
            json.double(number)
            return true
        case .scalar(.custom):
            if first == UInt8(ascii: "\"") { return writeString(view, range, to: &json) }
            guard isNumber else { return writeBool(first, to: &json) }
            // As the decoded value: an integer that fits 64 bits is an Int, any other number a Double.
            if view.isInteger(range), let number = Int64(view.numberText(range)) {
                json.int(Int(number))
            } else {
                guard let number = Double(view.numberText(range)), number.isFinite else { return false }
                json.double(number)
            }
            return true
        case .nonNull:
            return false
        }
    }

    private static func writeBool(_ first: UInt8, to json: inout AnswerJSONWriter) -> Bool {
        switch first {
        case UInt8(ascii: "t"): json.bool(true)
        case UInt8(ascii: "f"): json.bool(false)
        default: return false
        }
        return true
    }

    /// A stored string, copied as it is when the library would write the same bytes (no escape
    /// in it, no `/`, which the library writes as `\/`), else decoded and written.
    private static func writeString(_ view: StoredJSONView, _ range: Range<Int>, to json: inout AnswerJSONWriter) -> Bool {
        guard view.bytes[range.lowerBound] == UInt8(ascii: "\""), range.count >= 2 else { return false }
        let content = view.bytes[range.lowerBound + 1..<range.upperBound - 1]
        if !content.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "/") || $0 < 0x20 }) {
            json.raw(view.bytes[range])
            return true
        }
        guard let text = string(view, range) else { return false }
        json.string(text)
        return true
    }

    /// The text of the stored string at `range`; nil when it is not one.
    private static func string(_ view: StoredJSONView, _ range: Range<Int>) -> String? {
        guard view.bytes[range.lowerBound] == UInt8(ascii: "\"") else { return nil }
        let content = view.bytes[range.lowerBound + 1..<range.upperBound - 1]
        if !content.contains(UInt8(ascii: "\\")) { return String(decoding: content, as: UTF8.self) }
        guard case .string(let text)? = JSONValue(jsonText: Array(view.bytes[range])) else { return nil }
        return text
    }
}

extension AnswerShapes.Value {
    /// The custom type a value of this shape is an object of (through lists and non-null).
    var objectName: String? {
        switch self {
        case .nonNull(let inner), .list(let inner): inner.objectName
        case .object(let name): name
        case .scalar, .enumeration: nil
        }
    }
}
