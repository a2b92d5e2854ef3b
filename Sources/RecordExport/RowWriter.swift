import JSONValues

/// How rows are written: a table for a person at a terminal, or text a program reads.
public enum OutputFormat: String, Sendable, CaseIterable {
    case table, json, ndjson, csv

    /// `--format`'s default: a table on a terminal, NDJSON into a pipe or a file.
    public static func `default`(stdoutIsTerminal: Bool) -> OutputFormat { stdoutIsTerminal ? .table : .ndjson }

    /// The writer of this format for `columns` (a table fitted to `lineWidth` columns, when known).
    public func writer(columns: ExportColumns, lineWidth: Int? = nil) -> any RowWriter {
        switch self {
        case .table: TableWriter(columns: columns, lineWidth: lineWidth)
        case .json: JSONArrayWriter(columns: columns)
        case .ndjson: NDJSONWriter(columns: columns)
        case .csv: CSVWriter(columns: columns)
        }
    }
}

/// Writes rows of items into bytes, as they arrive: `begin`, then each page's items and its
/// end, then `end`. What it writes is handed on at once (a page of output at a time), never
/// kept for the whole table.
public protocol RowWriter {
    mutating func begin(into output: inout [UInt8])
    mutating func write(_ item: borrowing WireItem, into output: inout [UInt8])
    /// A page is done (a table sizes its columns by its first page).
    mutating func pageEnded(into output: inout [UInt8])
    mutating func end(into output: inout [UInt8])
}

extension RowWriter {
    public mutating func pageEnded(into output: inout [UInt8]) {}
}

/// One JSON object a line, each field's value as the server wrote it (`null` for a field the
/// item lacked), the columns in order.
public struct NDJSONWriter: RowWriter {
    let object: WireObject

    public init(columns: ExportColumns) {
        object = WireObject(columns: columns)
    }

    public mutating func begin(into output: inout [UInt8]) {}

    public mutating func write(_ item: borrowing WireItem, into output: inout [UInt8]) {
        object.append(item, to: &output)
        output.append(0x0A)
    }

    public mutating func end(into output: inout [UInt8]) {}
}

/// One JSON array of the objects `NDJSONWriter` writes, one a line.
public struct JSONArrayWriter: RowWriter {
    let object: WireObject
    private var rows = 0

    public init(columns: ExportColumns) {
        object = WireObject(columns: columns)
    }

    public mutating func begin(into output: inout [UInt8]) { output.append(UInt8(ascii: "[")) }

    public mutating func write(_ item: borrowing WireItem, into output: inout [UInt8]) {
        output.append(contentsOf: rows == 0 ? [0x0A] : [UInt8(ascii: ","), 0x0A])
        object.append(item, to: &output)
        rows += 1
    }

    public mutating func end(into output: inout [UInt8]) {
        if rows > 0 { output.append(0x0A) }
        output.append(contentsOf: "]\n".utf8)
    }
}

/// An item as one JSON object of the columns, each value's bytes as they came.
struct WireObject: Sendable {
    /// `"name":` of each column, written once.
    let keys: [[UInt8]]

    init(columns: ExportColumns) {
        keys = columns.fields.map { field in
            var key: [UInt8] = []
            JSONWriter.appendString(field.name, to: &key)
            key.append(UInt8(ascii: ":"))
            return key
        }
    }

    func append(_ item: borrowing WireItem, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "{"))
        for index in keys.indices {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            output.append(contentsOf: keys[index])
            if let value = item.values[index] {
                WireValue.appendOnOneLine(value, to: &output)
            } else {
                output.append(contentsOf: "null".utf8)
            }
        }
        output.append(UInt8(ascii: "}"))
    }
}
