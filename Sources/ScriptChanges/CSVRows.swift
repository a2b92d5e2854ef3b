import Foundation

/// CSV as RFC 4180 writes it, with a header row naming the fields: cells separated by commas,
/// a cell in double quotes may hold commas, line breaks and `""` for a quote; lines end in LF
/// or CRLF. A row is named by the line it starts on. A row with more or fewer cells than the
/// header is a problem of that row, and reading goes on with the next.
struct CSVRows {
    private var reader: CSVReader
    /// The header's field names (nil: not read yet); `finished` after the file's end or a
    /// problem reading stops at (a quote never closed, a bad header).
    private var names: [String]?
    private var finished = false

    init(_ bytes: [UInt8]) {
        reader = CSVReader(bytes)
    }

    mutating func next() -> Result<ImportRow, RowProblem>? {
        guard !finished else { return nil }
        if names == nil {
            let first: (line: Int, cells: [String])?
            do {
                first = try reader.nextRecord()
            } catch {
                // A header that cannot be read (a quote never closed) is that problem, not an empty file.
                finished = true
                return .failure(RowProblem(line: error.line, message: error.message))
            }
            guard let header = first else {
                // An empty file has no rows, as an empty NDJSON file or `[]` has none.
                finished = true
                return nil
            }
            let read = header.cells.map { $0.trimmingCharacters(in: .whitespaces) }
            var seen: Set<String> = []
            for name in read where !seen.insert(name).inserted || name.isEmpty {
                finished = true
                return .failure(RowProblem(line: 0, message: name.isEmpty ? "line 1: the header row has a column without a name" : "line 1: the header row names \(name) twice"))
            }
            names = read
        }
        while true {
            let record: (line: Int, cells: [String])?
            do {
                record = try reader.nextRecord()
            } catch {
                finished = true
                return .failure(RowProblem(line: error.line, message: error.message))
            }
            guard let (line, cells) = record else {
                finished = true
                return nil
            }
            if cells == [""] { continue }  // a blank line
            let names = names!
            guard cells.count == names.count else {
                return .failure(RowProblem(line: line, message: "\(cells.count) cell\(cells.count == 1 ? "" : "s"), but the header names \(names.count) fields"))
            }
            return .success(ImportRow(line: line, cells: .text(Dictionary(uniqueKeysWithValues: zip(names, cells)))))
        }
    }
}

/// The records of CSV text, one at a time, with the line each starts on.
struct CSVReader {
    struct Failure: Error {
        var line: Int
        var message: String
    }

    private let bytes: [UInt8]
    private var offset: Int
    private var line = 1

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        offset = bytes.starts(with: ImportRows.utf8BOM) ? 3 : 0
    }

    /// The next record's cells (nil at the end of the file).
    mutating func nextRecord() throws(Failure) -> (line: Int, cells: [String])? {
        guard offset < bytes.count else { return nil }
        let startLine = line
        var cells: [String] = []
        var cell: [UInt8] = []
        while offset < bytes.count {
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                guard cell.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else {
                    throw Failure(line: line, message: "a quote inside a cell that does not start with one (write it as \"\" inside a quoted cell)")
                }
                cell = try quoted()
            case UInt8(ascii: ","):
                cells.append(String(decoding: cell, as: UTF8.self))
                cell = []
                offset += 1
            case 0x0D where offset + 1 < bytes.count && bytes[offset + 1] == 0x0A:
                offset += 1
            case 0x0A:
                offset += 1
                line += 1
                cells.append(String(decoding: cell, as: UTF8.self))
                return (startLine, cells)
            default:
                cell.append(byte)
                offset += 1
            }
        }
        cells.append(String(decoding: cell, as: UTF8.self))
        return (startLine, cells)
    }

    /// A quoted cell, from its opening quote to its closing one; what follows must end the cell.
    private mutating func quoted() throws(Failure) -> [UInt8] {
        let opened = line
        offset += 1
        var cell: [UInt8] = []
        while offset < bytes.count {
            let byte = bytes[offset]
            offset += 1
            if byte == UInt8(ascii: "\"") {
                if offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") {
                    cell.append(byte)
                    offset += 1
                    continue
                }
                while offset < bytes.count, bytes[offset] == 0x20 || bytes[offset] == 0x09 { offset += 1 }
                guard offset == bytes.count || [UInt8(ascii: ","), 0x0A, 0x0D].contains(bytes[offset]) else {
                    throw Failure(line: line, message: "text after a quoted cell's closing quote")
                }
                return cell
            }
            if byte == 0x0A { line += 1 }
            cell.append(byte)
        }
        throw Failure(line: opened, message: "a quoted cell is never closed")
    }
}
