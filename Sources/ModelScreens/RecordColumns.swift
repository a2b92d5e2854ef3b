import AmplifyModels
import ScreenValues

/// The list's columns for a model: which fields, in which order, how wide.
///
/// The display field comes first (`AmplifyModel.displayField`, what names a record), then the
/// other single-valued fields in the model's order, then lists and custom types (long, and
/// least telling in a cell), so that those are the first to go when the screen is narrow.
/// Left out: relations (objects, not values), a default `id` (a UUID says nothing to a person;
/// the detail shows it) and what only the server writes (timestamps, owners).
///
/// Widths follow the content: each column is as wide as its title or its widest value among
/// the rows measured (those on screen), up to `maximumWidth`. When they do not fit, columns are
/// dropped from the end until the rest fit at their floors (free text: its title, at least
/// `minimumWidth`, `firstMinimumWidth` for the first; dates, numbers and enums do not shrink),
/// then the widest shrink towards their floors: whole titles and fewer columns rather than many
/// cut ones. The first column always
/// stays, cut to the width if need be.
public struct RecordColumns: Sendable, Hashable {
    public struct Column: Sendable, Hashable {
        public let field: ModelField
        /// Columns from the region's left edge.
        public let offset: Int
        public let width: Int
    }

    public let columns: [Column]
    /// Columns between two columns.
    public static let gap = 2
    public static let maximumWidth = 40
    public static let minimumWidth = 8
    public static let firstMinimumWidth = 16
    /// How narrow a column with nothing to show but its title may get ("quan…").
    public static let emptyMinimumWidth = 5
    let schema: ModelSchema

    /// Columns for `model` in `width` terminal columns, sized by `rows` (measure the rows that
    /// will be drawn: sizing by rows off screen would give room to values nobody sees).
    public init(
        model: AmplifyModel, schema: ModelSchema, rows: some Sequence<ModelRecord>, width: Int,
        separateClusters: Set<ClusterKind> = []
    ) {
        self.schema = schema
        let fields = Self.candidates(of: model)
        let texts = fields.map { ValueText(field: $0, schema: schema) }
        var measured = fields.map { TerminalText.columns(of: $0.name, separate: separateClusters) }
        var holdsValues = fields.map { _ in false }
        for record in rows {
            for (index, field) in fields.enumerated() {
                guard let value = record[field.name], value != .null else { continue }
                holdsValues[index] = true
                measured[index] = max(measured[index], TerminalText.columns(of: texts[index].cell(value), separate: separateClusters))
            }
        }
        let titles = fields.map { TerminalText.columns(of: $0.name, separate: separateClusters) }
        let natural = measured.map { min(max(1, $0), Self.maximumWidth) }
        // A column of free text shrinks no further than its title (or `minimumWidth`), the first one,
        // which names the record, no further than `firstMinimumWidth`; a date, a number or an enum
        // value cut short says nothing, so such a column does not shrink: it is dropped instead.
        // A column with no value among the rows shown holds only its title: it gives its room up
        // first, down to a few columns, before a column of values is cut.
        let floors = natural.indices.map { index in
            if index > 0, !holdsValues[index] { return min(natural[index], Self.emptyMinimumWidth) }
            guard Self.isCuttable(fields[index]) else { return natural[index] }
            return min(natural[index], max(titles[index], index == 0 ? Self.firstMinimumWidth : Self.minimumWidth))
        }
        let widths = Self.fit(natural, floors: floors, into: max(0, width), shrinkFirst: holdsValues.map { !$0 })
        var offset = 0
        var columns: [Column] = []
        for (field, width) in zip(fields, widths) {
            columns.append(Column(field: field, offset: offset, width: width))
            offset += width + Self.gap
        }
        self.columns = columns
    }

    /// The fields a list may show, best first.
    static func candidates(of model: AmplifyModel) -> [ModelField] {
        let display = model.displayField
        let hidden = model.ownerFields.union(AmplifyModel.serverTimestamps)
        let shown = model.fields.filter { field in
            if field.type.isModel || field.name == display || hidden.contains(field.name) { return false }
            if field.name == "id", !model.primaryKey.isCustom { return false }
            if case .unknown = field.type { return false }
            return true
        }
        return (model.field(named: display).map { [$0] } ?? []) + shown.filter { !isLong($0) } + shown.filter(isLong)
    }

    /// The fields a list may be sorted by, in the order `s` steps through them: the columns it
    /// may show that hold one short value (the display field first; not a list, JSON or a custom type).
    public static func sortable(of model: AmplifyModel) -> [ModelField] {
        candidates(of: model).filter { !isLong($0) }
    }

    private static func isLong(_ field: ModelField) -> Bool {
        if field.isList { return true }
        switch field.type {
        case .nonModel, .scalar(.awsJSON): return true
        default: return false
        }
    }

    /// Whether a cell of the field still reads when cut with "…": free text, lists and JSON do.
    static func isCuttable(_ field: ModelField) -> Bool {
        if field.isList { return true }
        switch field.type {
        case .scalar(.string), .scalar(.id), .scalar(.awsEmail), .scalar(.awsURL), .scalar(.awsJSON), .nonModel: return true
        default: return false
        }
    }

    /// Widths that fit `available`: the last columns go while even their floors do not fit, then
    /// the `shrinkFirst` ones (empty columns) shrink, then the widest, a column at a time; one
    /// column wider than everything is cut.
    static func fit(_ natural: [Int], floors: [Int], into available: Int, shrinkFirst: [Bool] = []) -> [Int] {
        guard !natural.isEmpty, available > 0 else { return [] }
        var count = natural.count
        while count > 1, floors.prefix(count).reduce(0, +) + gap * (count - 1) > available { count -= 1 }
        var widths = Array(natural.prefix(count))
        var excess = widths.reduce(0, +) + gap * (count - 1) - available
        while excess > 0 {
            let shrinkable = widths.indices.filter { widths[$0] > floors[$0] }
            let first = shrinkable.filter { $0 < shrinkFirst.count && shrinkFirst[$0] }
            guard let widest = (first.isEmpty ? shrinkable : first).max(by: { widths[$0] < widths[$1] }) else { break }
            widths[widest] -= 1
            excess -= 1
        }
        if excess > 0 { widths[0] = max(1, widths[0] - excess) }
        return widths
    }

    /// The region's width the columns take.
    public var usedWidth: Int {
        columns.last.map { $0.offset + $0.width } ?? 0
    }

    /// A value of `field` as its cell shows it.
    public func cellText(_ value: ModelValue, of field: ModelField) -> String {
        ValueText(field: field, schema: schema).cell(value)
    }

    /// Whether the column's values are numbers, drawn flush right so that their digits line up.
    static func isNumeric(_ field: ModelField) -> Bool {
        guard !field.isList else { return false }
        switch field.type {
        case .scalar(.int), .scalar(.float), .scalar(.awsTimestamp): return true
        default: return false
        }
    }

    /// The titles: the field names, bold (a number's flush right, over its digits).
    public func drawHeader(into frame: inout Frame, row: Int, left: Int) {
        for column in columns {
            draw(column.field.name, in: column, into: &frame, row: row, left: left, style: .bold)
        }
    }

    /// One record's cells, in `style` (the caller fills the row first for a selection).
    public func drawRecord(_ record: ModelRecord, into frame: inout Frame, row: Int, left: Int, style: Frame.Style = .normal) {
        for column in columns {
            let value = record[column.field.name] ?? .null
            draw(cellText(value, of: column.field), in: column, into: &frame, row: row, left: left, style: style)
        }
    }

    private func draw(_ text: String, in column: Column, into frame: inout Frame, row: Int, left: Int, style: Frame.Style) {
        let used = Self.isNumeric(column.field) ? min(column.width, frame.columns(of: text)) : 0
        let indent = Self.isNumeric(column.field) ? column.width - used : 0
        frame.draw(text, row: row, column: left + column.offset + indent, width: column.width - indent, style: style)
    }
}
