import AmplifyModels
import ScreenValues

/// One field of the edit form: how it is typed or chosen, what it holds now, and the value
/// that makes (checked by the field's `FieldValueCodec`, as AppSync checks it: no check is
/// written here).
struct FormEntry: Sendable {
    enum Input: Sendable, Hashable {
        /// Scalars typed as text; a custom type typed as a JSON object.
        case text(TextInput)
        /// An enum's values, or `true`/`false`, with `.null` last when the field is optional;
        /// nil until something is chosen.
        case choice(options: [ModelValue], chosen: Int?)
        /// A list, a line per item (a blank line between others is a null item). Always at least
        /// one line: a single empty line is no items.
        case list(items: [TextInput], current: Int)
        /// The key of a record being updated: shown, never edited.
        case fixed(ModelValue)
    }

    let field: ModelField
    let text: ValueText
    var input: Input
    /// The record's value when updating; nil when creating.
    let original: ModelValue?
    /// Changed since the form opened (an untouched entry is not checked until a submit).
    var isEdited = false
    /// Its error is on screen: it was left after an edit, or a submit was tried.
    var showsError = false
    /// Left empty, it is generated (a create's `id`, made by `ModelRecord.checked`).
    let generatesWhenEmpty: Bool
    /// Left empty, it is left as it is (the form that sets fields on many records at once).
    var emptyLeavesUnchanged = false

    /// `initial` is what the entry starts with: the record's value when updating (`original`),
    /// a value given for a new record (a child's key field when creating from its parent), or null.
    init(field: ModelField, schema: ModelSchema, initial: ModelValue, original: ModelValue?, isFixed: Bool, generatesWhenEmpty: Bool) {
        self.field = field
        let text = ValueText(field: field, schema: schema)
        self.text = text
        self.original = original
        self.generatesWhenEmpty = generatesWhenEmpty
        let value = initial
        if isFixed {
            input = .fixed(value)
        } else if let options = Self.options(for: field, schema: schema) {
            input = .choice(options: options, chosen: options.firstIndex(of: value))
        } else if field.isList {
            let items = text.lines(value) == nil ? [] : Self.items(of: value).map { TextInput(text.itemText($0)) }
            input = .list(items: items.isEmpty ? [TextInput()] : items, current: 0)
        } else {
            input = .text(TextInput(value == .null ? "" : text.codec.text(value), maximumLength: field.maximumLength))
        }
    }

    private static func items(of value: ModelValue) -> [ModelValue] {
        if case .list(let items) = value { items } else { [] }
    }

    /// The values a single enum or Boolean is picked from; nil for a field typed as text.
    static func options(for field: ModelField, schema: ModelSchema) -> [ModelValue]? {
        guard !field.isList else { return nil }
        let values: [ModelValue]
        switch field.type {
        case .enumeration(let name): values = (schema.enums[name]?.values ?? []).map(ModelValue.enumValue)
        case .scalar(.boolean): values = [.bool(true), .bool(false)]
        default: return nil
        }
        return field.isRequired ? values : values + [.null]
    }

    var isFixed: Bool {
        if case .fixed = input { true } else { false }
    }

    /// The list's items as typed: none when it holds a single empty line.
    var listItems: [String]? {
        guard case .list(let items, _) = input else { return nil }
        return items.count == 1 && items[0].isEmpty ? [] : items.map(\.text)
    }

    /// Nothing typed, chosen or listed.
    var isEmpty: Bool {
        switch input {
        case .text(let input): input.text.isEmpty
        case .choice(_, let chosen): chosen == nil
        case .list: listItems?.isEmpty ?? true
        case .fixed: false
        }
    }

    /// The value the entry makes now, checked; nil for a key left empty to be generated, or a
    /// field left empty to stay as it is.
    func value() -> Result<ModelValue?, ValueError> {
        if emptyLeavesUnchanged, isEmpty { return .success(nil) }
        do throws(ValueError) {
            switch input {
            case .fixed(let value): return .success(value)
            case .text(let input):
                if generatesWhenEmpty, input.text.allSatisfy(\.isWhitespace) { return .success(nil) }
                return .success(try text.codec.value(typed: input.text))
            case .choice(let options, let chosen):
                if let chosen { return .success(options[chosen]) }
                // Nothing chosen is null, which the codec refuses for a required field, in its words.
                return .success(try text.codec.value(typed: ""))
            case .list:
                let items = listItems ?? []
                if items.isEmpty {
                    // No items: an empty list where one is required or was there, null otherwise.
                    if case .list? = original { return .success(.list([])) }
                    return .success(field.isRequired ? .list([]) : .null)
                }
                return .success(try text.codec.value(typedItems: items))
            }
        } catch {
            return .failure(error)
        }
    }

    /// The error to show, if any.
    var error: ValueError? {
        guard showsError, case .failure(let error) = value() else { return nil }
        return error
    }

    /// Whether the entry holds something other than what the record held (updates only).
    var isChanged: Bool {
        // An entry never touched keeps the record's value, even where its text would not read back
        // the same (JSON's number forms, say).
        guard isEdited, let original, !isFixed, case .success(let value?) = value() else { return false }
        return value != original
    }

    /// The chosen option's text, "—" for null or nothing chosen ("unchanged" where that leaves it as it is).
    var choiceText: String {
        if emptyLeavesUnchanged, isEmpty { return RecordForm.unchanged }
        guard case .choice(let options, let chosen) = input, let chosen, options[chosen] != .null else { return ValueText.null }
        return text.codec.text(options[chosen])
    }
}
