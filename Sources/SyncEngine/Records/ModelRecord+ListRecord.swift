import AmplifyModels
import AppSync
import OptimisticStore

/// Any model's answers to the list's questions: a record is named by its model's display field,
/// and a change is weighed field by field, each named as the model names it.
extension ModelRecord: ListRecord {
    public var displayName: String {
        let name = text(of: model.displayField)
        return name.isEmpty ? id.text : name
    }

    public var kindName: String { model.name }

    /// Changing the display field alone is a rename where it is a name (`name`, `title`, …);
    /// one other field alone is a change of that field (a `description` changed is not
    /// "renamed"; the sample's address change is "its address"); several fields an edit.
    public func kind(of patch: ModelRecordPatch) -> OperationKind {
        let fields = patch.fieldNames
        if fields == [model.displayField] && model.displayFieldIsAName { return .rename }
        return fields.count == 1 ? .editField(fields[0]) : .edit
    }

    public func displayName(after patch: ModelRecordPatch) -> String? {
        patch.changes[model.displayField].map { text($0, of: model.displayField) }
    }

    /// The fields the user edits, compared: the server's own fields (times, owner) aside.
    public func hasSameValues(as other: ModelRecord) -> Bool {
        let layout = layout
        return layout.fields.indices.allSatisfy { index in
            layout.isServerField(layout.fields[index]) || value(named: index) == other.value(named: index)
        }
    }

    public func holds(_ patch: ModelRecordPatch) -> Bool {
        patch.changes.allSatisfy { name, value in self[name] == value }
    }

    public func clashes(with patch: ModelRecordPatch, since base: ModelRecord?) -> [String] {
        patch.fieldNames.compactMap { name in
            let server = self[name] ?? .null
            guard patch.changes[name] != server, base?[name] != server else { return nil }
            if server == .null { return "cleared its \(name)" }
            let now = "“\(text(server, of: name))”"
            // A display field that is a name: a change of it is a rename, as the sample says.
            return name == model.displayField && model.displayFieldIsAName ? "renamed it to \(now)" : "changed its \(name) to \(now)"
        }
    }

    /// Refused when a field the change set holds another value now, which the reason names
    /// ("its name has changed since (now “Villa Theirs”)").
    public func undoing(_ patch: ModelRecordPatch, before: ModelRecord, after: ModelRecord) -> Restoration<ModelRecordPatch> {
        var restore: [String: ModelValue] = [:]
        for name in patch.fieldNames {
            guard self[name] == after[name] else {
                let now = (self[name] ?? .null) == .null ? "cleared" : "“\(text(of: name))”"
                return .changedSince("its \(name) has changed since (now \(now))")
            }
            restore[name] = before[name] ?? .null
        }
        return .patch(ModelRecordPatch(restore))
    }

    public func patch(becoming other: ModelRecord) -> ModelRecordPatch? {
        let keys = Set(model.primaryKey.fields)
        var changes: [String: ModelValue] = [:]
        for field in layout.fields where !layout.isServerField(field) && !keys.contains(field.name) && self[field.name] != other[field.name] {
            changes[field.name] = other[field.name] ?? .null
        }
        return changes.isEmpty ? nil : ModelRecordPatch(changes)
    }

    public var fieldsNotReadWhole: [String] {
        let layout = layout
        return layout.fields.indices.compactMap { index in
            let field = layout.fields[index]
            guard let value = self[field.name], layout.codecs[index].isCut(value) else { return nil }
            return field.name
        }
    }

    /// The same key where the API keeps no tombstone (Gen 2); else a model keyed by a generated
    /// `id` comes back under a new one, and a model with a key of its own under the same key.
    public func recreated(keepingKey: Bool) -> ModelRecord {
        var copy = self
        if !keepingKey, model.primaryKey.fields == ["id"] { copy.id = RecordKey.random() }
        for field in layout.fields where layout.isServerField(field) { copy[field.name] = nil }
        copy.version = 0
        copy.isDeleted = false
        copy.lastChangedAt = nil
        return copy
    }

    public func serverCopy(from data: JSONValue) -> ModelRecord? {
        let layout = layout
        guard let wire = try? JSONReader.read(Array(data.jsonText.utf8), { reader throws(JSONReadError) in
            try WireModelRecord(json: &reader, layout: layout)
        }) else { return nil }
        return (try? wire.versionedRecord()) ?? (try? wire.plainRecord())
    }

    // MARK: Text for messages

    private func value(named index: Int) -> ModelValue { self[layout.fields[index].name] ?? .null }

    private func text(of name: String) -> String { self[name].map { text($0, of: name) } ?? "" }

    private func text(_ value: ModelValue, of name: String) -> String {
        guard let index = layout.index(of: name) else { return "" }
        return layout.codecs[index].text(value)
    }
}
