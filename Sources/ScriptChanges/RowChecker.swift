import AmplifyModels
import JSONValues

/// One import row checked as the form checks a new record: every cell by its field's
/// `FieldValueCodec` (JSON cells as `--json` gives them, CSV cells as typed text), required
/// fields, key fields. Every problem of the row is said, not the first: a file with five bad
/// rows is told all of them, each with its line and field.
///
/// Fields the server writes (`createdAt`, `updatedAt`, the owner, `_version`, `__typename`…)
/// are passed over, so that what `proptui export` wrote imports again as it is.
public struct RowChecker: Sendable {
    public let layout: RecordLayout
    private let editable: Set<String>
    private let passedOver: Set<String>

    public init(layout: RecordLayout) {
        self.layout = layout
        let model = layout.model
        editable = Set(model.editableFields(for: .create).map(\.name))
        passedOver = Set(model.fields.map(\.name)).subtracting(editable)
            .union(["_version", "_deleted", "_lastChangedAt", "__typename"])
    }

    /// The row's values by field name, checked (a model keyed by `id` alone may leave `id` out:
    /// `ImportKeys` gives it one); or every problem found.
    public func values(of row: ImportRow) -> Result<[String: ModelValue], RowProblems> {
        var problems: [RowProblem] = []
        var values: [String: ModelValue] = [:]
        let model = layout.model
        for name in row.fieldNames where !passedOver.contains(name) {
            guard let index = layout.index(of: name), editable.contains(name) else {
                problems.append(RowProblem(line: row.line, field: name, message: "\(model.name) has no field \(name)"))
                continue
            }
            let codec = layout.codecs[index]
            do throws(ValueError) {
                switch row.cells {
                case .json(let members): values[name] = try codec.value(json: members[name]!)
                case .text(let texts): values[name] = try codec.value(typed: texts[name]!)
                }
            } catch {
                problems.append(RowProblem(line: row.line, field: name, message: error.description))
            }
        }
        for field in model.fields where editable.contains(field.name) && values[field.name] == nil && !problems.contains(where: { $0.field == field.name }) {
            if generatesID, field.name == "id" { continue }
            if model.primaryKey.fields.contains(field.name) {
                problems.append(RowProblem(line: row.line, field: field.name, message: "a key field needs a value"))
            } else if field.isRequired {
                let codec = layout.codecs[layout.index(of: field.name)!]
                problems.append(RowProblem(line: row.line, field: field.name, message: "missing: the field is required (\(codec.expectation))"))
            }
        }
        for name in model.primaryKey.fields where !(generatesID && name == "id") {
            if let value = values[name], RecordKey.Part(value) == nil {
                problems.append(RowProblem(line: row.line, field: name, message: "a key field needs a value"))
            }
        }
        return problems.isEmpty ? .success(values) : .failure(RowProblems(all: problems.sorted { ($0.field ?? "") < ($1.field ?? "") }))
    }

    /// The model is keyed by `id` alone: a row without one is given a key (`ImportKeys`).
    public var generatesID: Bool { layout.model.primaryKey.fields == ["id"] }

    /// The record a row's checked values make, under `key` when the row gave none.
    public func record(_ values: [String: ModelValue], key: RecordKey?) throws(ModelRecordError) -> ModelRecord {
        var values = values
        if let key, values["id"] == nil || values["id"] == .null { values["id"] = .string(key.text) }
        return try ModelRecord.checked(values, layout: layout)
    }
}

/// Every problem of one row.
public struct RowProblems: Error, Sendable, Hashable {
    public var all: [RowProblem]
}
