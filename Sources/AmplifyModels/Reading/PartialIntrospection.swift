import JSONValues
import Foundation

/// The introspection answer asked a part at a time, for an API that refuses the whole of it
/// (AppSync and the embedded server cap an answer's size: a model of thousands of fields, with
/// its five inputs, passes it). First the types' names and kinds (`namesQuery`), then, type by
/// type (`typeQuery`), the root types, each model's type and its create and update inputs, and
/// the custom types their fields use. A type the API will not describe either is left out with
/// the reason, and the models that could be described are still shown.
///
/// A value that says what to ask next; the caller asks (`APIModels`), and `answer` is the whole
/// answer `GraphQLIntrospectionReader.read` reads, made of the parts received.
public struct PartialIntrospection: Sendable {
    public static let namesQuery = """
        query ProptuiIntrospectionNames {
          __schema {
            queryType { name } mutationType { name } subscriptionType { name }
            types { kind name enumValues(includeDeprecated: true) { name } }
          }
        }
        """

    /// One type, as the whole query asks each (`$name` names it).
    public static let typeQuery = """
        query ProptuiIntrospectionType($name: String!) {
          __type(name: $name) { \(GraphQLIntrospectionReader.typeSelection) }
        }
        \(GraphQLIntrospectionReader.typeRefFragment)
        """

    /// What no part of the schema will pass: the custom types asked, at most.
    static let maximumTypes = 512

    private var roots: [String: String] = [:]
    private var kinds: [String: String] = [:]
    private var enumEntries: [JSONValue] = []
    private var received: [JSONValue] = []
    private var asked: Set<String> = []
    private var queue: [String] = []
    private var models: Set<String> = []
    /// The models, and the custom types, the API would not describe, and why.
    public private(set) var leftOut: [(name: String, reason: String)] = []

    /// From the answer to `namesQuery` (`__schema`'s value).
    public init(names: JSONValue) throws(ModelDescriptionError) {
        guard case .array(let types)? = names["types"] else {
            throw ModelDescriptionError(path: "types", problem: "missing: this is not an answer to an introspection query")
        }
        for (key, fallback) in [("queryType", "Query"), ("mutationType", "Mutation"), ("subscriptionType", "Subscription")] {
            roots[key] = names[key]?["name"]?.stringValue ?? fallback
        }
        for type in types {
            guard let name = type["name"]?.stringValue, let kind = type["kind"]?.stringValue else { continue }
            kinds[name] = kind
            if kind == "ENUM" { enumEntries.append(type) }
        }
        // The query type first: its `get` queries say which types are models.
        for key in ["queryType", "mutationType", "subscriptionType"] { enqueue(roots[key]!) }
    }

    /// The next type to ask with `typeQuery`, or nil when every part is in.
    public mutating func next() -> String? {
        queue.isEmpty ? nil : queue.removeFirst()
    }

    /// The API's description of `name` (`__type`'s value; null when it has no such type).
    public mutating func receive(_ name: String, _ entry: JSONValue) {
        guard entry != .null else { return }
        received.append(entry)
        if name == roots["queryType"], case .array(let fields)? = entry["fields"] {
            for field in fields {
                guard let query = field["name"]?.stringValue, query.hasPrefix("get") else { continue }
                let model = String(query.dropFirst(3))
                guard kinds[model] == "OBJECT", !models.contains(model) else { continue }
                models.insert(model)
                for type in [model, "Create\(model)Input", "Update\(model)Input"] { enqueue(type) }
            }
        }
        // The custom types a model's or a custom type's fields use.
        guard !roots.values.contains(name), !name.hasSuffix("Input"), case .array(let fields)? = entry["fields"] else { return }
        for field in fields {
            guard let used = Self.namedType(field["type"]), kinds[used] == "OBJECT", !models.contains(used),
                  !(used.hasPrefix("Model") && used.hasSuffix("Connection"))
            else { continue }
            enqueue(used)
        }
    }

    /// The API refused to describe `name` (its answer too large, say): a model or a custom type
    /// is left out with `reason`; an input only leaves the model's server-written fields unknown.
    public mutating func refuse(_ name: String, reason: String) {
        if models.contains(name) || (kinds[name] == "OBJECT" && !name.hasSuffix("Input")) { leftOut.append((name, reason)) }
        models.remove(name)
    }

    /// The whole answer the parts make: `{"__schema": {…, "types": […]}}`.
    public var answer: Data {
        let schema: JSONValue = .object([
            "queryType": ["name": .string(roots["queryType"]!)],
            "mutationType": ["name": .string(roots["mutationType"]!)],
            "subscriptionType": ["name": .string(roots["subscriptionType"]!)],
            // The types received first: a reader keeps the first entry of a name.
            "types": .array(received + enumEntries),
        ])
        return Data(JSONValue.object(["__schema": schema]).jsonText.utf8)
    }

    private mutating func enqueue(_ name: String) {
        guard asked.count < Self.maximumTypes, asked.insert(name).inserted else { return }
        queue.append(name)
    }

    /// The name a type reference leads to, through its wrappers.
    private static func namedType(_ reference: JSONValue?) -> String? {
        var reference = reference
        for _ in 0..<8 {
            guard let current = reference, current != .null else { return nil }
            if let name = current["name"]?.stringValue { return name }
            reference = current["ofType"]
        }
        return nil
    }
}
