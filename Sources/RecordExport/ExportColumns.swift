import AmplifyModels
import Foundation

/// The columns a script prints or exports for a model: the fields its documents read (every
/// scalar, enum and custom-type field, in the model's order; never a related model's object,
/// which is a query of its own), or those `--fields` names, in its order.
public struct ExportColumns: Sendable, Equatable {
    /// The fields, in the order they are written.
    public let fields: [ModelField]
    /// Each field's name as UTF-8, to match an answer's keys without making strings.
    let names: [[UInt8]]

    /// Every field the model's answers hold.
    public init(model: AmplifyModel, schema: ModelSchema) {
        self.init(fields: Self.readable(model: model, schema: schema))
    }

    /// The fields named by `--fields a,b` (blanks around a name ignored), in that order; a name
    /// that is not one of the model's readable fields is a mistake said with those there are.
    public init(model: AmplifyModel, schema: ModelSchema, named list: String) throws(ColumnsError) {
        let readable = Self.readable(model: model, schema: schema)
        var chosen: [ModelField] = []
        for name in list.split(separator: ",", omittingEmptySubsequences: false).map({ $0.trimmingCharacters(in: .whitespaces) }) {
            guard !name.isEmpty else { throw ColumnsError("--fields \(list): an empty name (the fields are separated by commas)") }
            guard let field = readable.first(where: { $0.name == name }) else {
                let known = readable.map(\.name).joined(separator: ", ")
                let why = model.field(named: name).map { Self.unreadableReason($0) } ?? "\(model.name) has no field `\(name)`"
                throw ColumnsError("--fields: \(why); the fields are \(known)")
            }
            guard !chosen.contains(where: { $0.name == name }) else { throw ColumnsError("--fields: `\(name)` is named twice") }
            chosen.append(field)
        }
        self.init(fields: chosen)
    }

    init(fields: [ModelField]) {
        self.fields = fields
        names = fields.map { Array($0.name.utf8) }
    }

    /// The fields an answer of the model holds (what `ModelDocuments` selects).
    static func readable(model: AmplifyModel, schema: ModelSchema) -> [ModelField] {
        model.fields.filter { field in
            switch field.type {
            case .scalar, .enumeration: true
            case .nonModel(let name): !(schema.nonModels[name]?.fields.isEmpty ?? true)
            case .model, .unknown: false
            }
        }
    }

    private static func unreadableReason(_ field: ModelField) -> String {
        switch field.type {
        case .model(let name): "`\(field.name)` is a relation to \(name) (export that model, or its key field)"
        default: "`\(field.name)` is of a type the app does not read (\(field.type.graphQLName))"
        }
    }

    /// The column of the key whose UTF-8 is `key`, looked for from `hint` on (an answer's keys
    /// come in the model's order, so the next column is almost always the one).
    @inline(__always)
    func column(of key: UnsafeRawBufferPointer, from hint: Int) -> Int? {
        let count = names.count
        var index = hint
        for _ in 0..<count {
            if index >= count { index = 0 }
            if names[index].withUnsafeBytes({ $0.elementsEqual(key) }) { return index }
            index += 1
        }
        return nil
    }
}

/// A `--fields` list that names no readable field of the model, or one twice.
public struct ColumnsError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
