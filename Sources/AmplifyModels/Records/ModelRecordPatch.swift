/// The fields one update sets, by name: an absent field is left as it is, `.null` clears one.
/// What `ModelRecord.applying(_:)` lays over a record, and what an update's input carries.
public struct ModelRecordPatch: Sendable, Hashable {
    public var changes: [String: ModelValue]

    /// Taken as given: see `checked` for what the user typed.
    public init(_ changes: [String: ModelValue] = [:]) {
        self.changes = changes
    }

    /// A patch of a record of `layout`'s model: each value checked by its field's type (a
    /// required field is not cleared), and only fields an update may set (never the key, nor a
    /// field only the server writes).
    public static func checked(_ changes: [String: ModelValue], layout: RecordLayout) throws(ModelRecordError) -> ModelRecordPatch {
        let model = layout.model
        let editable = Set(model.editableFields(for: .update).map(\.name))
        var checked: [String: ModelValue] = [:]
        for name in changes.keys.sorted() {
            guard let index = layout.index(of: name) else { throw .unknownField(model: model.name, field: name) }
            guard editable.contains(name) else { throw .notEditable(model: model.name, field: name) }
            let codec = layout.codecs[index]
            do throws(ValueError) {
                checked[name] = try codec.value(json: codec.json(changes[name]!))
            } catch {
                throw .invalidValue(model: model.name, field: name, error)
            }
        }
        return ModelRecordPatch(checked)
    }

    /// This patch, then `later` over it: what two updates of one record not yet sent make together.
    public func merging(_ later: ModelRecordPatch) -> ModelRecordPatch {
        ModelRecordPatch(changes.merging(later.changes) { _, new in new })
    }

    /// The names of the fields it sets, sorted (for messages and the plain dialect's condition).
    public var fieldNames: [String] { changes.keys.sorted() }
}
