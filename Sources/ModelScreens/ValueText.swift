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

    /// One line: a list's items joined by commas (a null item as "—"), null as nothing. Cut to
    /// `cellCharacters`: a cell shows a few dozen columns, and measuring, sanitising and drawing
    /// a value of a megabyte on every frame cost seconds a key.
    func cell(_ value: ModelValue) -> String {
        switch value {
        case .null: return ""
        case .list(let items):
            var text = ""
            for item in items {
                if !text.isEmpty { text += ", " }
                text += item == .null ? Self.null : Self.cut(itemText(item), to: Self.cellCharacters)
                if text.count > Self.cellCharacters { break }  // the rest would not be seen
            }
            return Self.cut(text, to: Self.cellCharacters)
        default: return Self.cut(codec.text(value), to: Self.cellCharacters)
        }
    }

    /// A line per list item (a null item as "—"), or the value's text alone; nil for null. Each is
    /// cut to `detailCharacters`, saying how much more there is: the detail wraps what it shows on
    /// every frame, so what it shows is bounded whatever the value's size.
    func lines(_ value: ModelValue) -> [String]? {
        switch value {
        case .null: nil
        case .list(let items): items.map { $0 == .null ? Self.null : Self.cut(itemText($0), to: Self.detailCharacters) }
        default: [Self.cut(codec.text(value), to: Self.detailCharacters)]
        }
    }

    /// Characters a list cell is given (it shows at most `RecordColumns.maximumWidth` columns).
    static let cellCharacters = 200
    /// Characters the detail shows of one value (a few hundred lines at most).
    static let detailCharacters = 16_384

    /// `text` cut to its first `limit` characters, followed by how much was left out.
    static func cut(_ text: String, to limit: Int) -> String {
        // The UTF-8 count is cheap; a text within the limit in bytes is within it in characters.
        guard text.utf8.count > limit else { return text }
        let end = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex) ?? text.endIndex
        guard end < text.endIndex else { return text }
        let rest = text.utf8.count - text[..<end].utf8.count
        return String(text[..<end]) + "… (\(Self.size(rest)) more not shown)"
    }

    private static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MB" : bytes >= 1 << 10 ? "\(bytes >> 10) KB" : "\(bytes) bytes"
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
