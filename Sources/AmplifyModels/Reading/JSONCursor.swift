/// A value of a description with the path that leads to it, so that whatever is wrong with it
/// can be said with where it is.
struct JSONCursor {
    let value: JSONTree
    let path: String

    init(_ value: JSONTree, path: String) {
        self.value = value
        self.path = path
    }

    /// The path of a member: `models.Transaction`, or `models["odd name"]` for a key that is not
    /// a plain name.
    func path(of key: String) -> String {
        guard GraphQLName.isValid(key) else { return path + "[" + JSONTree.quoted(key) + "]" }
        return path.isEmpty ? key : path + "." + key
    }

    func problem(_ problem: String) -> ModelDescriptionError {
        ModelDescriptionError(path: path, problem: problem)
    }

    /// The member `key`, nil when it is absent or null (the files write both for "none").
    func optional(_ key: String) throws(ModelDescriptionError) -> JSONCursor? {
        guard case .object = value else { throw problem("expected an object, found \(value.kindName)") }
        guard let member = value[key], member != .null else { return nil }
        return JSONCursor(member, path: path(of: key))
    }

    func required(_ key: String) throws(ModelDescriptionError) -> JSONCursor {
        guard let member = try optional(key) else { throw problem("\(key) is missing") }
        return member
    }

    func string() throws(ModelDescriptionError) -> String {
        guard let text = value.stringValue else { throw problem("expected a string, found \(value.kindName)") }
        return text
    }

    /// A string that is a GraphQL name: it goes into documents as it is.
    func name() throws(ModelDescriptionError) -> String {
        let text = try string()
        guard GraphQLName.isValid(text) else { throw problem("\(JSONTree.quoted(text)) is not a GraphQL name") }
        return text
    }

    func bool() throws(ModelDescriptionError) -> Bool {
        guard let flag = value.boolValue else { throw problem("expected true or false, found \(value.kindName)") }
        return flag
    }

    func bool(_ key: String, default fallback: Bool) throws(ModelDescriptionError) -> Bool {
        try optional(key)?.bool() ?? fallback
    }

    func array() throws(ModelDescriptionError) -> [JSONCursor] {
        guard let items = value.arrayValue else { throw problem("expected a list, found \(value.kindName)") }
        return items.enumerated().map { JSONCursor($0.element, path: path + "[\($0.offset)]") }
    }

    /// The members of an object, in their order.
    func members() throws(ModelDescriptionError) -> [(key: String, value: JSONCursor)] {
        guard let members = value.objectMembers else { throw problem("expected an object, found \(value.kindName)") }
        return members.map { (key: $0.key, value: JSONCursor($0.value, path: path(of: $0.key))) }
    }

    /// A list of names, or (as older files write some of them) one name alone.
    func names() throws(ModelDescriptionError) -> [String] {
        if case .string = value { return [try name()] }
        var names: [String] = []
        for item in try array() { names.append(try item.name()) }
        return names
    }
}
