import JSONValues
import Foundation

/// How large and how deep a description may be: a model file or an introspection answer is a
/// few megabytes at most, and a hostile or broken one (a huge file, a thousand nested brackets)
/// must end in an error, not a hang or a blown stack.
public struct DescriptionLimits: Sendable {
    public var maximumBytes: Int
    public var maximumDepth: Int

    public init(maximumBytes: Int = 64 * 1024 * 1024, maximumDepth: Int = 128) {
        self.maximumBytes = maximumBytes
        self.maximumDepth = maximumDepth
    }
}

/// A description read in one pass with `AppSync.JSONReader`: its keys in their order (a model's
/// fields are listed in the order they were declared), each value checked as it is read, and
/// whatever is wrong said with the path that leads to it.
enum DescriptionText {
    /// Reads `data` whole with `body`. `what` names the text in messages ("the file").
    static func read<T>(
        _ data: Data, what: String, limits: DescriptionLimits, _ body: (inout JSONReader) throws(JSONReadError) -> T
    ) throws(ModelDescriptionError) -> T {
        guard data.count <= limits.maximumBytes else {
            throw ModelDescriptionError(path: "", problem: "\(what) is larger than \(limits.maximumBytes) bytes")
        }
        do {
            return try JSONReader.read(data, maximumDepth: limits.maximumDepth, body)
        } catch {
            switch error.kind {
            case .syntax: throw ModelDescriptionError(path: "", problem: "\(what) is not JSON (\(JSONSyntaxProblem(error, in: data)))")
            case .shape: throw ModelDescriptionError(path: pathText(error.path), problem: error.message)
            }
        }
    }

    /// `models.Transaction.fields[2]`, or `models["odd name"]` for a key that is not a plain name.
    static func pathText(_ path: [JSONPathComponent]) -> String {
        var text = ""
        for component in path {
            switch component {
            case .key(let key) where GraphQLName.isValid(key): text += text.isEmpty ? key : "." + key
            case .key(let key): text += "[" + quoted(key) + "]"
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }

    static func quoted(_ text: String) -> String { JSONValue.string(text).jsonText }
}

/// A problem with the value just read, or with the object just read (a member it lacks): the
/// reader adds the path that leads to it.
func descriptionProblem(_ problem: String) -> JSONReadError {
    JSONReadError(.shape, problem, at: 0)
}

extension JSONReader {
    /// A string that is a GraphQL name: it goes into documents as it is.
    mutating func readName() throws(JSONReadError) -> String {
        let text = try readString()
        guard GraphQLName.isValid(text) else { throw descriptionProblem("\(DescriptionText.quoted(text)) is not a GraphQL name") }
        return text
    }

    /// A member the files write as null or leave out for "none": nil for null.
    mutating func readOptionalName() throws(JSONReadError) -> String? {
        try readOptional { reader throws(JSONReadError) in try reader.readName() }
    }

    mutating func readOptionalString() throws(JSONReadError) -> String? {
        try readOptional { reader throws(JSONReadError) in try reader.readString() }
    }

    mutating func readOptionalBool() throws(JSONReadError) -> Bool? {
        try readOptional { reader throws(JSONReadError) in try reader.readBool() }
    }

    /// A list of names, or (as older files write some of them) one name alone; null is none.
    mutating func readNames() throws(JSONReadError) -> [String] {
        if try readNull() { return [] }
        if !nextIsArray { return [try readName()] }
        return try readList { reader throws(JSONReadError) in try reader.readName() }
    }

    /// An array's items read with `item`; null is an empty list.
    mutating func readList<T>(_ item: (inout JSONReader) throws(JSONReadError) -> T) throws(JSONReadError) -> [T] {
        var items: [T] = []
        if try readNull() { return items }
        try readArray { reader throws(JSONReadError) in items.append(try item(&reader)) }
        return items
    }

    /// An object's members read with `member`, in their order; null is no members. A key may
    /// come once (`models` with two `Transaction`s: which one is meant?).
    mutating func readMembers<T>(_ member: (inout JSONReader, String) throws(JSONReadError) -> T) throws(JSONReadError) -> [T] {
        var members: [T] = []
        if try readNull() { return members }
        try readUniqueObject { reader, key throws(JSONReadError) in members.append(try member(&reader, key.description)) }
        return members
    }

    /// `readObject`, refusing a key that comes twice: JSON leaves its meaning open (most readers
    /// keep the last), and a description must say one thing.
    mutating func readUniqueObject(_ member: (inout JSONReader, JSONReader.Key) throws(JSONReadError) -> Void) throws(JSONReadError) {
        var seen = Set<String>()
        try readObject { reader, key throws(JSONReadError) in
            guard seen.insert(key.description).inserted else {
                throw descriptionProblem("the key \(DescriptionText.quoted(key.description)) comes twice in this object; keep one")
            }
            try member(&reader, key)
        }
    }
}

/// What an object lacks: "pluralName is missing".
func required<T>(_ value: T?, _ name: String) throws(JSONReadError) -> T {
    guard let value else { throw descriptionProblem("\(name) is missing") }
    return value
}
