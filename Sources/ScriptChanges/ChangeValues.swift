import AmplifyModels
import JSONValues

/// The values a script command gives (`create --set`/`--json`, `update --set`, `--expect`),
/// checked exactly as the form checks what is typed into it: each by its field's
/// `FieldValueCodec`, then the whole record or patch by `ModelRecord.checked` /
/// `ModelRecordPatch.checked`. A field the model does not have, or one a change may not set,
/// is a mistake in the command (usage); a value the field does not take is bad data, said with
/// the field and what it takes.
public struct ChangeValues: Sendable {
    public let layout: RecordLayout

    public init(layout: RecordLayout) {
        self.layout = layout
    }

    var model: AmplifyModel { layout.model }

    /// A new record from `--set` (text, as typed into the form). A model keyed by `id` alone gets
    /// a new random id when none is given, as the form's does.
    public func newRecord(setting assignments: [FieldAssignment]) throws(ScriptProblem) -> ModelRecord {
        var values: [String: ModelValue] = [:]
        for assignment in assignments {
            let codec = try codec(assignment.field, for: .create, option: "--set")
            values[assignment.field] = try typed(assignment, codec)
        }
        return try record(values)
    }

    /// A new record from `--json '{"name": "Villa"}'` (values in their wire form).
    public func newRecord(json text: String) throws(ScriptProblem) -> ModelRecord {
        let json: JSONValue
        do {
            json = try JSONReader.read(Array(text.utf8), maximumDepth: 64) { reader throws(JSONReadError) in try reader.readValue() }
        } catch {
            throw .usage("--json is not valid JSON: \(JSONSyntaxProblem(error, in: Array(text.utf8)))")
        }
        guard case .object(let members) = json else { throw .usage("--json takes one JSON object, like {\"name\": \"Villa\"}") }
        var values: [String: ModelValue] = [:]
        for name in members.keys.sorted() {
            let codec = try codec(name, for: .create, option: "--json")
            do throws(ValueError) {
                values[name] = try codec.value(json: members[name]!)
            } catch {
                throw .invalidData("\(model.name).\(name): \(error)")
            }
        }
        return try record(values)
    }

    /// The fields `update --set` changes.
    public func patch(setting assignments: [FieldAssignment]) throws(ScriptProblem) -> ModelRecordPatch {
        guard !assignments.isEmpty else { throw .usage("update needs at least one --set field=value") }
        var changes: [String: ModelValue] = [:]
        for assignment in assignments {
            let codec = try codec(assignment.field, for: .update, option: "--set")
            changes[assignment.field] = try typed(assignment, codec)
        }
        do throws(ModelRecordError) {
            return try ModelRecordPatch.checked(changes, layout: layout)
        } catch {
            throw Self.problem(error)
        }
    }

    /// The values `--expect` says the record holds now: any field the records hold (the key and
    /// the server's fields too, such as `updatedAt`), read as typed.
    public func expectations(_ assignments: [FieldAssignment]) throws(ScriptProblem) -> [String: ModelValue] {
        var expected: [String: ModelValue] = [:]
        for assignment in assignments {
            guard let index = layout.index(of: assignment.field) else { throw unknown(assignment.field, option: "--expect") }
            expected[assignment.field] = try typed(assignment, layout.codecs[index], optional: true)
        }
        return expected
    }

    /// The fields of `record` that differ from `expected`, each with the value there now.
    public func unmet(_ expected: [String: ModelValue], by record: ModelRecord) -> [(field: String, now: ModelValue)] {
        expected.keys.sorted().compactMap { name in
            let now = record[name] ?? .null
            return now == expected[name] ? nil : (name, now)
        }
    }

    /// A value as `--set` or `--expect` would give it: the form's text.
    public func text(_ value: ModelValue, of field: String) -> String {
        guard let index = layout.index(of: field) else { return "\(value)" }
        return value == .null ? "(none)" : layout.codecs[index].text(value)
    }

    // MARK: Checks

    /// The codec of a field a change of `purpose` may set; a usage problem otherwise.
    func codec(_ name: String, for purpose: EditPurpose, option: String) throws(ScriptProblem) -> FieldValueCodec {
        guard let index = layout.index(of: name) else { throw unknown(name, option: option) }
        guard model.editableFields(for: purpose).contains(where: { $0.name == name }) else {
            let why =
                model.primaryKey.fields.contains(name) && purpose == .update
                ? "it is part of the key, which an update cannot change" : "the server writes it"
            throw .usage("\(option) \(name): \(model.name).\(name) is not set by a change: \(why)")
        }
        return layout.codecs[index]
    }

    private func unknown(_ name: String, option: String) -> ScriptProblem {
        let names = layout.fields.filter { !$0.type.isModel }.map(\.name)
        return .usage("\(option) \(name): \(model.name) has no field \(name) (its fields: \(names.joined(separator: ", ")))")
    }

    /// Text as typed into the form; for `--expect`, empty is null even for a required field.
    private func typed(_ assignment: FieldAssignment, _ codec: FieldValueCodec, optional: Bool = false) throws(ScriptProblem) -> ModelValue {
        if optional, assignment.text.isEmpty { return .null }
        do throws(ValueError) {
            return try codec.value(typed: assignment.text)
        } catch {
            throw .invalidData("\(model.name).\(assignment.field): \(error)")
        }
    }

    private func record(_ values: [String: ModelValue]) throws(ScriptProblem) -> ModelRecord {
        do throws(ModelRecordError) {
            return try ModelRecord.checked(values, layout: layout)
        } catch {
            throw Self.problem(error)
        }
    }

    /// A model's refusal as the command's problem: fields the model lacks or a change may not
    /// set are usage; values (a required one missing, a key without a value) are data.
    static func problem(_ error: ModelRecordError) -> ScriptProblem {
        switch error {
        case .unknownField, .notEditable, .unusableKey: .usage(error.description)
        case .missingKey, .invalidValue: .invalidData(error.description)
        }
    }
}
