import AmplifyModels

/// A record's key as a script names it: its values, in the primary key's field order
/// (`proptui update Budget tenant-1 SKU-9 …` for `identifier(['tenantId', 'sku'])`), each read
/// as its field takes typed text. `proptui get` reads it the same way.
public enum RecordKeyArguments {
    public static func key(_ arguments: [String], layout: RecordLayout) throws(ScriptProblem) -> RecordKey {
        let model = layout.model
        let fields = model.primaryKey.fields
        guard arguments.count == fields.count else {
            let shape = fields.map { $0.uppercased() }.joined(separator: " ")
            throw .usage("\(model.name)'s key is \(fields.joined(separator: ", ")): give \(fields.count == 1 ? "its value" : "\(fields.count) values, in that order") (\(model.name) \(shape)), not \(arguments.count)")
        }
        var values: [String: ModelValue] = [:]
        for (name, text) in zip(fields, arguments) {
            guard let index = layout.index(of: name) else { throw .usage("\(model.name) has no key field \(name)") }
            do throws(ValueError) {
                values[name] = try layout.codecs[index].value(typed: text)
            } catch {
                throw .usage("\(model.name).\(name) (key): \(error)")
            }
        }
        guard let key = RecordKey(values: values, of: model) else { throw .usage("\(model.name): every key field needs a value") }
        return key
    }
}
