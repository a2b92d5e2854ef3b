import ScreenValues

/// Rows as a table for a person at a terminal: a header of the fields' names, then a line a
/// record, columns sized by the first page's values (at most `maximumWidth` each, and the
/// widest narrowed until a line fits the terminal's width when it is known; a longer value is
/// cut with "…"). Every value is made safe to show first (`TerminalText.sanitized`:
/// an escape sequence or a control character in a value becomes a visible stand-in, never
/// reaches the terminal), text as its characters, null as nothing, a list or an object as JSON.
public struct TableWriter: RowWriter {
    let columns: ExportColumns
    /// The widest a column gets: a long description should not push every other column away.
    public static let maximumWidth = 40
    /// The first page's rows, kept until the columns' widths are known.
    private var waiting: [[String]] = []
    private var widths: [Int]?
    /// The terminal's width in columns, when known.
    let lineWidth: Int?

    public init(columns: ExportColumns, lineWidth: Int? = nil) {
        self.columns = columns
        self.lineWidth = lineWidth
    }

    public mutating func begin(into output: inout [UInt8]) {}

    public mutating func write(_ item: borrowing WireItem, into output: inout [UInt8]) {
        var cells: [String] = []
        cells.reserveCapacity(item.values.count)
        for index in 0..<item.values.count { cells.append(item.values[index].map(Self.cell) ?? "") }
        guard let widths else {
            waiting.append(cells)
            return
        }
        Self.append(cells, widths: widths, to: &output)
    }

    public mutating func pageEnded(into output: inout [UInt8]) {
        guard widths == nil else { return }
        let names = columns.fields.map { TerminalText.sanitized($0.name) }
        var measured = names.map { TerminalText.columns(of: $0, separate: []) }
        for row in waiting {
            for (index, cell) in row.enumerated() { measured[index] = max(measured[index], TerminalText.columns(of: cell, separate: [])) }
        }
        let widths = Self.fitted(measured.map { min($0, Self.maximumWidth) }, into: lineWidth)
        self.widths = widths
        Self.append(names, widths: widths, to: &output)
        Self.append(widths.map { String(repeating: "─", count: $0) }, widths: widths, to: &output)
        for row in waiting { Self.append(row, widths: widths, to: &output) }
        waiting = []
    }

    public mutating func end(into output: inout [UInt8]) {
        pageEnded(into: &output)
    }

    /// The widths narrowed, the widest first, until the columns and the two blanks between
    /// them fit `lineWidth` (no column below 4, room for a few characters and "…").
    static func fitted(_ widths: [Int], into lineWidth: Int?) -> [Int] {
        guard let lineWidth else { return widths }
        var widths = widths
        let gaps = max(0, widths.count - 1) * 2
        while widths.reduce(gaps, +) > lineWidth, let widest = widths.indices.max(by: { widths[$0] < widths[$1] }), widths[widest] > 4 {
            widths[widest] -= 1
        }
        return widths
    }

    /// A value's text in a cell, sanitized.
    static func cell(_ value: UnsafeRawBufferPointer) -> String {
        switch WireValue.text(value) {
        case .null: ""
        case .string(let text), .json(let text): TerminalText.sanitized(String(decoding: text, as: UTF8.self))
        }
    }

    /// One line: each cell cut to its column and padded, two blanks between columns, no
    /// trailing blanks.
    static func append(_ cells: [String], widths: [Int], to output: inout [UInt8]) {
        var line = ""
        for (index, cell) in cells.enumerated() {
            let fitted = TerminalText.truncated(cell, toWidth: widths[index])
            line += fitted
            if index < cells.count - 1 {
                line += String(repeating: " ", count: widths[index] - TerminalText.columns(of: fitted, separate: []) + 2)
            }
        }
        while line.last == " " { line.removeLast() }
        output.append(contentsOf: line.utf8)
        output.append(0x0A)
    }
}
