import AmplifyModels

/// The keys `proptui get MODEL KEY...` names (`update` and `delete` name one, read the same
/// way). A key is its primary key's values, given either in the key's field order (`get Budget
/// tenant-1 food`: `tenantId`, then `sku`) or as `field=value` pairs in any order (`get Budget
/// sku=food tenantId=tenant-1`); one-field keys are one value each (`get Transaction ID1 ID2`).
/// Values are read left to right into one key until each of its fields has one, then the next
/// key starts. An argument is a pair only when what comes before its first `=` is one of the
/// key's fields (so `id=…` names an id that itself starts with a field's name and `=`). Each
/// value is checked by its field's type (an Int key takes digits, an enum one of its values, in
/// any case).
public enum KeyArguments {
    public static func keys(_ arguments: [String], model: AmplifyModel, schema: ModelSchema) throws(KeyArgumentError) -> [RecordKey] {
        let keyFields = model.primaryKey.fields
        guard !arguments.isEmpty else { throw KeyArgumentError("give a key: \(usage(model))") }
        var keys: [RecordKey] = []
        var values: [String: ModelValue] = [:]
        for argument in arguments {
            let field: String, text: String
            if let equals = argument.firstIndex(of: "="), keyFields.contains(String(argument[..<equals])) {
                field = String(argument[..<equals])
                text = String(argument[argument.index(after: equals)...])
                if values[field] != nil {
                    throw KeyArgumentError("`\(argument)`: this key already has \(field) (\(usage(model)))")
                }
            } else {
                field = keyFields.first { values[$0] == nil } ?? keyFields[0]
                text = argument
            }
            values[field] = try value(text, of: field, model: model, schema: schema)
            if values.count == keyFields.count {
                guard let key = RecordKey(values: values, of: model) else {
                    throw KeyArgumentError("`\(argument)`: not a key of \(model.name) (\(usage(model)))")
                }
                keys.append(key)
                values = [:]
            }
        }
        if !values.isEmpty {
            let lacking = keyFields.filter { values[$0] == nil }.joined(separator: ", ")
            throw KeyArgumentError("the last key lacks \(lacking) (\(usage(model)))")
        }
        return keys
    }

    /// The one key of `update` and `delete`, written as `get` takes keys.
    public static func key(_ arguments: [String], model: AmplifyModel, schema: ModelSchema) throws(KeyArgumentError) -> RecordKey {
        let keys = try keys(arguments, model: model, schema: schema)
        guard keys.count == 1 else {
            throw KeyArgumentError("\(arguments.joined(separator: " ")): \(keys.count) keys, where one record is changed (\(usage(model)))")
        }
        return keys[0]
    }

    /// A key as a command line writes it: its value, or `field=value` pairs for several fields.
    public static func text(of key: RecordKey, model: AmplifyModel) -> String {
        let fields = model.primaryKey.fields
        guard fields.count > 1 else { return key.text }
        return zip(fields, key.parts).map { "\($0)=\($1.text)" }.joined(separator: " ")
    }

    /// How a key of the model is written.
    public static func usage(_ model: AmplifyModel) -> String {
        let fields = model.primaryKey.fields
        if fields.count == 1 { return "a key of \(model.name) is its \(fields[0])" }
        return "a key of \(model.name) is \(fields.joined(separator: " ")) in that order, or "
            + fields.map { "\($0)=…" }.joined(separator: " ")
    }

    private static func value(_ text: String, of name: String, model: AmplifyModel, schema: ModelSchema) throws(KeyArgumentError) -> ModelValue {
        guard let field = model.field(named: name) else { return .string(text) }
        guard !text.isEmpty else { throw KeyArgumentError("\(name): a key's value cannot be empty") }
        do {
            return try FieldValueCodec(field: field, schema: schema).value(typed: text)
        } catch {
            throw KeyArgumentError("\(name) `\(text)`: \(error)")
        }
    }
}

/// Key arguments that do not make keys of the model, and why.
public struct KeyArgumentError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
