import AmplifyModels
import ScreenValues

/// One record, every field: its name, then its value, whole (long values wrap, a list takes a
/// line per item, JSON and custom types are shown as JSON, null is a dim "—"). Fields the user
/// cannot change are marked: `key` (a key is chosen once, at create) and `read-only` (written
/// by the server). A relation shows where it leads (`→ Reader 0f8e…`); the versioned dialect's
/// `_version` comes next, then the model's secondary indexes (`byCategory: category, date`).
/// Taller than its area, it scrolls (↑ ↓ j k, PgUp PgDn, Home End).
public struct RecordDetail: Sendable {
    public let record: ModelRecord
    public let schema: ModelSchema
    /// The first line shown; clamped when drawn, so any value is safe.
    public var scroll = 0
    public var separateClusters: Set<ClusterKind> = []

    public init(record: ModelRecord, schema: ModelSchema) {
        self.record = record
        self.schema = schema
    }

    /// One line of the view: a label on a field's first line, and a piece of its value.
    public struct Line: Sendable, Hashable {
        public var label: String?
        public var text: String
        public var style: Frame.Style
        /// Why the field cannot be edited (`key`, `read-only`), on its first line.
        public var mark: String?
    }

    public static let maximumLabelWidth = 20

    func labelWidth(_ width: Int) -> Int {
        let names = record.model.fields.map(\.name) + (record.version > 0 ? [Self.versionLabel] : [])
            + (record.model.indexes.isEmpty ? [] : [Self.indexesLabel])
        let longest = names.map { TerminalText.columns(of: $0, separate: separateClusters) }.max() ?? 0
        return max(1, min(longest, Self.maximumLabelWidth, width / 3))
    }

    /// Every line, for an area `width` columns wide.
    public func lines(width: Int) -> [Line] {
        let labelWidth = labelWidth(width)
        let valueWidth = max(1, width - labelWidth - 2)
        let key = Set(record.model.primaryKey.fields)
        var lines: [Line] = []
        for field in record.model.fields {
            let mark: String? = key.contains(field.name) ? "key"
                : record.layout.isServerField(field) ? "read-only"
                : record[field.name].map(FieldValueCodec(field: field, schema: schema).isCut) == true ? FieldValueCodec.cutReason : nil
            var pieces: [(text: String, style: Frame.Style)] = []
            if field.type.isModel {
                if let target = Relations.target(of: record, through: field, in: schema) {
                    pieces = [("→ " + target.destination, target.canFollow ? .normal : .dim)]
                } else {
                    pieces = [("→ \(field.type.graphQLName) (cannot be followed)", .dim)]
                }
            } else if let value = record[field.name] {
                pieces = valuePieces(value, of: field)
            } else {
                pieces = [("\(ValueText.null) (a \(field.type.graphQLName), which this app does not read)", .dim)]
            }
            // A marked field's value leaves room for its mark, so that the mark is never cut off.
            let markRoom = mark.map { $0.count + 4 } ?? 0
            let wrapWidth = valueWidth - markRoom >= 10 ? valueWidth - markRoom : valueWidth
            var first = true
            for piece in pieces {
                let wrapped = TerminalText.wrapped(
                    piece.text, toWidth: wrapWidth, maximumLines: .max,
                    separate: separateClusters, markingBrokenWords: true)
                for text in wrapped.isEmpty ? [""] : wrapped {
                    lines.append(Line(label: first ? field.name : nil, text: text, style: piece.style, mark: first ? mark : nil))
                    first = false
                }
            }
        }
        // The versioned dialect's number of the copy shown (the sample's `Version`): what a
        // conflict is weighed against. The plain dialect keeps none.
        if record.version > 0 {
            lines.append(Line(label: Self.versionLabel, text: String(record.version), style: .normal, mark: "read-only"))
        }
        // The model's secondary indexes, beside the key its fields are marked with: which fields
        // a query can read the record by (`byCategory: category, date`).
        for (place, index) in record.model.indexes.enumerated() {
            let wrapped = TerminalText.wrapped(index.summary, toWidth: valueWidth, maximumLines: .max, separate: separateClusters, markingBrokenWords: true)
            for (row, text) in wrapped.enumerated() {
                lines.append(Line(label: place == 0 && row == 0 ? Self.indexesLabel : nil, text: text, style: .dim, mark: nil))
            }
        }
        return lines
    }

    static let versionLabel = "_version"
    static let indexesLabel = "indexes"

    /// A value as lines: "—" for null, a line per list item, the value's text otherwise.
    private func valuePieces(_ value: ModelValue, of field: ModelField) -> [(text: String, style: Frame.Style)] {
        let text = ValueText(field: field, schema: schema)
        guard let lines = text.lines(value) else { return [(ValueText.null, .dim)] }
        guard field.isList else { return lines.map { ($0, .normal) } }
        if lines.isEmpty { return [("(an empty list)", .dim)] }
        return lines.map { ("• " + $0, $0 == ValueText.null ? .dim : .normal) }
    }

    /// Scrolls on ↑ ↓ j k PgUp PgDn Home End, within the lines drawn in `region`; false for any
    /// other key.
    public mutating func handle(_ key: Key, region: FrameRegion) -> Bool {
        let area = Self.valueArea(of: region)
        let page = max(1, area.height - 1)
        switch key {
        case .up, .character("k"): scroll -= 1
        case .down, .character("j"): scroll += 1
        case .pageUp: scroll -= page
        case .pageDown: scroll += page
        case .home: scroll = 0
        case .end: scroll = .max / 2
        default: return false
        }
        // Kept within the lines, so that going back up after the end moves at once.
        scroll = max(0, min(scroll, lines(width: area.width).count - area.height))
        return true
    }

    /// The region less the column at the left for the scroll arrows.
    static func valueArea(of region: FrameRegion) -> FrameRegion {
        FrameRegion(top: region.top, left: region.left + 2, width: region.width - 2, height: region.height)
    }

    /// Scrolled, when it must be, so that the first line of `fieldName`'s value is on screen: a
    /// field edited in place there is never typed into unseen.
    public mutating func keepInView(_ fieldName: String, region: FrameRegion) {
        guard region.width > 4, region.height > 0 else { return }
        let area = Self.valueArea(of: region)
        let lines = lines(width: area.width)
        guard let index = lines.firstIndex(where: { $0.label == fieldName }) else { return }
        let first = max(0, min(scroll, lines.count - area.height))
        if index < first { scroll = index } else if index >= first + area.height { scroll = index - area.height + 1 } else { scroll = first }
    }

    /// Where the first line of `fieldName`'s value is drawn in `region` (row, column, width), when
    /// it is on screen: where a field edited in place goes.
    public func valuePlace(of fieldName: String, region: FrameRegion) -> (row: Int, column: Int, width: Int)? {
        guard region.width > 4, region.height > 0 else { return nil }
        let area = Self.valueArea(of: region)
        let lines = lines(width: area.width)
        let first = max(0, min(scroll, lines.count - area.height))
        guard let index = lines.firstIndex(where: { $0.label == fieldName }), index >= first, index < first + area.height else { return nil }
        let valueColumn = area.left + labelWidth(area.width) + 2
        return (area.top + index - first, valueColumn, area.left + area.width - valueColumn)
    }

    public func draw(into frame: inout Frame, region: FrameRegion) {
        guard region.width > 4, region.height > 0 else { return }
        let area = Self.valueArea(of: region)
        let lines = lines(width: area.width)
        let labelWidth = labelWidth(area.width)
        let valueColumn = area.left + labelWidth + 2
        let first = max(0, min(scroll, lines.count - area.height))
        for (offset, line) in lines[first..<min(lines.count, first + area.height)].enumerated() {
            let row = area.top + offset
            if let label = line.label {
                frame.draw(label, row: row, column: area.left, width: labelWidth, style: line.mark == nil ? .bold : [.bold, .dim])
            }
            let used = frame.draw(line.text, row: row, column: valueColumn, width: area.left + area.width - valueColumn, style: line.style)
            if let mark = line.mark {
                // After the value when there is room; a value that fills its line keeps its text.
                let column = valueColumn + used + 2
                let room = area.left + area.width - column
                if room >= mark.count + 2 { frame.draw("(\(mark))", row: row, column: column, width: room, style: .dim) }
            }
        }
        if first > 0 { frame.draw("↑", row: area.top, column: region.left, width: 1, style: .dim) }
        if first + area.height < lines.count { frame.draw("↓", row: area.top + area.height - 1, column: region.left, width: 1, style: .dim) }
    }
}
