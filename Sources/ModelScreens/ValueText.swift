import AmplifyModels

/// How a field's value reads on screen: one line in a list cell, or a line per item in the
/// detail and the form. Text comes from the field's `FieldValueCodec`, which the form reads
/// typed text back with, so a date, a number or a custom type looks the same everywhere.
///
/// Nothing here is sanitised: `Frame.draw` sanitises everything it draws (control characters
/// and escape sequences become visible stand-ins), so no value reaches the terminal raw,
/// whichever view shows it.
struct ValueText {
    /// The whole field (a list as a list).
    let codec: FieldValueCodec
    /// One of its items (for a list field; the field itself otherwise).
    let itemCodec: FieldValueCodec

    init(field: ModelField, schema: ModelSchema) {
        codec = FieldValueCodec(field: field, schema: schema)
        itemCodec = field.isList ? FieldValueCodec(field: field.singleItem, schema: schema) : codec
    }

    /// What stands for null in the detail and the form (drawn dim).
    static let null = "—"

    /// One line: a list's items joined by commas (a null item as "—"), null as nothing.
    func cell(_ value: ModelValue) -> String {
        switch value {
        case .null: ""
        case .list(let items): items.map { $0 == .null ? Self.null : itemText($0) }.joined(separator: ", ")
        default: codec.text(value)
        }
    }

    /// A line per list item (a null item as "—"), or the value's text alone; nil for null.
    func lines(_ value: ModelValue) -> [String]? {
        switch value {
        case .null: nil
        case .list(let items): items.map { $0 == .null ? Self.null : itemText($0) }
        default: [codec.text(value)]
        }
    }

    /// One item as typed in the form's list editor (a null item is an empty line).
    func itemText(_ item: ModelValue) -> String {
        itemCodec.text(item)
    }
}

extension ModelField {
    /// The field as one of its list's items: the same type, alone, optional.
    var singleItem: ModelField {
        ModelField(name: name, type: type, isRequired: false, isList: false, isReadOnly: isReadOnly)
    }
}
