import AmplifyModels
import ScreenValues

/// The edit form for one record of any model: a create (every field a create may set, the key
/// included) or an update (the key shown read-only, the other editable fields). Each field is
/// typed, picked or listed by its type (`FormEntry`), checked by its `FieldValueCodec`, and the
/// form submits only when every field holds a value its type takes.
///
/// A pure value: keys go in (`handle`, in `RecordForm+Keys.swift`), a `FormOutcome` comes out,
/// and it draws itself into a region of a frame (`RecordForm+Drawing.swift`).
public struct RecordForm: Sendable {
    public let layout: RecordLayout
    public let purpose: EditPurpose
    /// The record being updated; nil for a create, and for an edit of many records.
    public let original: ModelRecord?
    /// How many records an edit of many sets its fields on (marked rows); nil for one record.
    public private(set) var editsMany: Int?
    var entries: [FormEntry]
    /// The entry with the focus (never a fixed one while another exists).
    var focus: Int
    /// What the last key said (a paste refused, a submit refused); cleared by the next key.
    public internal(set) var message: String?
    /// For a field that holds a parent's key (a `belongsTo`'s one target field): the parent model
    /// and the names of its records the caller holds, by key, so that the hint names the record
    /// a typed id points at, or says that none held here has it.
    public var parents: [String: ParentNames] = [:]

    public struct ParentNames: Sendable {
        public var model: String
        public var names: [ModelValue: String]

        public init(model: String, names: [ModelValue: String]) {
            self.model = model
            self.names = names
        }
    }
    public var separateClusters: Set<ClusterKind> = []
    /// The parent's records to pick from, while open (C-o on a parent's key field): keys go to it.
    public internal(set) var picker: ParentPicker?

    /// A form for a new record of `layout`'s model: empty, or starting with `values` (by field
    /// name; a new child of a parent, say, with `RecordFilter.values` of the list it is made in).
    /// The values are shown as typed, and checked like typed ones.
    /// Whether the user typed or picked anything: Esc then asks before throwing it away.
    public var hasEdits: Bool { entries.contains(where: \.isEdited) }

    public init(creating layout: RecordLayout, values: [String: ModelValue] = [:]) {
        self.init(layout: layout, purpose: .create, original: nil, values: values)
    }

    /// A form for changing `record`, filled with its values. It opens on the first field that may
    /// change other than the display field (`r` renames that one in place; so the sample's `e`
    /// still goes straight to the address), or on the display field when it is the only one.
    public init(editing record: ModelRecord) {
        self.init(layout: record.layout, purpose: .update, original: record, values: record.valuesByName)
        let display = layout.model.displayField
        if let other = entries.indices.first(where: { !entries[$0].isFixed && entries[$0].field.name != display }) {
            focus = other
        }
    }

    /// A form that sets fields on `count` records at once (marked rows): every field an update may
    /// change but the key, each empty; a field left empty stays as each record has it, one filled
    /// in is checked as in any form and set on all of them.
    public init(editingMany layout: RecordLayout, count: Int) {
        self.init(layout: layout, purpose: .update, original: nil, values: [:], keyShown: false)
        editsMany = count
        for index in entries.indices { entries[index].emptyLeavesUnchanged = true }
    }

    /// What an empty field of an edit of many says it does.
    static let unchanged = "unchanged"

    private init(layout: RecordLayout, purpose: EditPurpose, original: ModelRecord?, values: [String: ModelValue], keyShown: Bool = true) {
        self.layout = layout
        self.purpose = purpose
        self.original = original
        let model = layout.model
        let editable = Set(model.editableFields(for: purpose).map(\.name))
        let key = model.primaryKey.fields
        let generatesID = purpose == .create && key == ["id"]
        entries = model.fields.compactMap { field in
            let isFixedKey = purpose == .update && key.contains(field.name) && layout.index(of: field.name) != nil
            guard editable.contains(field.name) || (isFixedKey && keyShown) else { return nil }
            // Many records have many keys: none is shown, and none is set.
            if isFixedKey && !keyShown { return nil }
            let value = values[field.name] ?? .null
            // A value read in part (a custom type deeper than the query goes) is never written back.
            let isCut = purpose == .update && FieldValueCodec(field: field, schema: layout.schema).isCut(value)
            return FormEntry(
                field: field, schema: layout.schema, initial: value,
                original: original.map { $0[field.name] ?? .null }, isFixed: isFixedKey || isCut,
                generatesWhenEmpty: generatesID && field.name == "id")
        }
        // The first field the user gives: not a fixed one, nor the id made for them (S-Tab reaches it).
        focus = entries.firstIndex { !$0.isFixed && !$0.generatesWhenEmpty } ?? entries.firstIndex { !$0.isFixed } ?? 0
    }

    /// This update as a create, for a record deleted elsewhere while it was being edited: every
    /// field as it is in the form now (`submitted` is what its submit gave), so nothing typed is
    /// lost, and saving adds the record anew. A model keyed by `id` alone gets a new id (the old
    /// one may still be held by the deleted record's tombstone); another key stays as it was.
    public func recreating(_ submitted: ModelRecordPatch) -> RecordForm {
        guard let original else { return self }
        var form = RecordForm(addingAnew: original.applying(submitted))
        form.separateClusters = separateClusters
        return form
    }

    /// A form to add `record` anew (a record deleted elsewhere, a create the server refused):
    /// every value it holds, checked as typed ones. A model keyed by `id` alone gets a new id:
    /// the old one may still be held by a deleted record's tombstone.
    public init(addingAnew record: ModelRecord) {
        var values = record.valuesByName
        if record.model.primaryKey.fields == ["id"] { values["id"] = nil }
        self.init(layout: record.layout, purpose: .create, original: nil, values: values)
    }

    /// The focused field's text offered whole, as selected: the first character typed or pasted
    /// replaces it, ⌫ clears it, a move keeps it to edit (a refused create's name offered again:
    /// keys typed right after it make what they spell, never the refused name with them appended).
    public mutating func offerFocusedText() {
        guard entries.indices.contains(focus), case .text(let input) = entries[focus].input else { return }
        entries[focus].input = .text(TextInput(offering: input.text, maximumLength: entries[focus].field.maximumLength))
    }

    // MARK: What the caller reads

    /// The header's title while the form is open: "New Transaction", "Edit Transaction “Rent”",
    /// "New Real Estate Property" (the model's name in words; the record by its display field,
    /// else its key).
    public var title: String {
        let model = layout.model.nameInWords
        if let editsMany { return "Edit \(NumberText.grouped(editsMany)) \(editsMany == 1 ? model : layout.model.listTitle)" }
        switch purpose {
        case .create: return "New \(model)"
        case .update:
            guard let original else { return "Edit \(model)" }
            let field = layout.model.displayField
            let name = layout.index(of: field).flatMap { index in original[field].map { layout.codecs[index].text($0) } } ?? ""
            return "Edit \(model) “\(name.isEmpty ? original.id.text : name)”"
        }
    }

    /// The form's keys, for the hint line.
    public static let keyHints = "Tab S-Tab move · C-s save · Esc cancel"

    /// The fields shown, in the model's order.
    public var fieldNames: [String] { entries.map(\.field.name) }

    /// The field with the focus.
    public var focusedField: String? { entries.indices.contains(focus) ? entries[focus].field.name : nil }

    /// What the field holds as text: typed text, the chosen option ("—" for none), a list's
    /// lines joined by line breaks, or a fixed key's value.
    public func text(ofField name: String) -> String? {
        guard let entry = entries.first(where: { $0.field.name == name }) else { return nil }
        switch entry.input {
        case .text(let input): return input.text
        case .choice: return entry.choiceText
        case .list(let items, _): return items.map(\.text).joined(separator: "\n")
        case .fixed(let value): return entry.text.cell(value)
        }
    }

    /// The problem shown next to a field now; nil when it has none, or has not been checked yet.
    public func error(ofField name: String) -> String? {
        entries.first { $0.field.name == name }?.error?.description
    }

    /// Every field's problem, shown or not: what a submit would refuse.
    public var problems: [FieldProblem] {
        entries.compactMap { entry in
            guard case .failure(let error) = entry.value() else { return nil }
            return FieldProblem(field: entry.field.name, message: error.description)
        }
    }

    /// Whether an update would change anything.
    public var hasChanges: Bool { entries.contains(where: \.isChanged) }

    // MARK: Submitting

    /// Checks every field; gives the record or the patch, or shows the problems and refuses.
    mutating func submit() -> FormOutcome {
        for index in entries.indices { entries[index].showsError = true }
        var problems = problems
        if problems.isEmpty {
            switch makeSubmission() {
            case .success(let submission): return .submitted(submission)
            case .failure(let problem): problems = [problem]
            }
        }
        if let first = entries.firstIndex(where: { $0.field.name == problems[0].field }), !entries[first].isFixed { focus = first }
        let names = problems.map(\.field).joined(separator: ", ")
        message = problems.count == 1
            ? "Not saved: \(problems[0].description)"
            : "Not saved: \(problems.count) fields need fixing (\(names))."
        return .refused(problems)
    }

    private func makeSubmission() -> Result<FormSubmission, FieldProblem> {
        do throws(ModelRecordError) {
            switch purpose {
            case .create:
                var values: [String: ModelValue] = [:]
                for entry in entries {
                    if case .success(let value?) = entry.value(), value != .null { values[entry.field.name] = value }
                }
                return .success(.create(try ModelRecord.checked(values, layout: layout)))
            case .update where editsMany != nil:
                // Every field filled in, set on each record; those left empty stay as they are.
                var changes: [String: ModelValue] = [:]
                for entry in entries {
                    if case .success(let value?) = entry.value() { changes[entry.field.name] = value }
                }
                return .success(.update(try ModelRecordPatch.checked(changes, layout: layout)))
            case .update:
                var changes: [String: ModelValue] = [:]
                for entry in entries where entry.isChanged {
                    if case .success(let value?) = entry.value() { changes[entry.field.name] = value }
                }
                return .success(.update(try ModelRecordPatch.checked(changes, layout: layout)))
            }
        } catch {
            return .failure(Self.problem(error))
        }
    }

    /// The check of the whole record agrees with the fields' own checks; should it not (a key
    /// field of a kind a key cannot be), its words are shown under the field it names.
    private static func problem(_ error: ModelRecordError) -> FieldProblem {
        switch error {
        case .invalidValue(_, let field, let value): FieldProblem(field: field, message: value.description)
        case .missingKey(_, let field), .unusableKey(_, let field), .unknownField(_, let field), .notEditable(_, let field):
            FieldProblem(field: field, message: error.description)
        }
    }
}
