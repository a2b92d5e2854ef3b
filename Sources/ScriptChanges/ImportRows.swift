import JSONValues

/// An import file's rows, read one at a time from its bytes (the caller keeps no row it is
/// done with: a file of 100,000 rows is read twice, once to check every row and once to queue
/// them, never held as records). A row that cannot be read at all is handed on as a problem
/// and the rest are still read, so that every problem of the file is said at once.
public struct ImportRows: IteratorProtocol {
    private let bytes: [UInt8]
    private let format: ImportFormat
    /// NDJSON: where the next line starts, and its number.
    private var offset: Int
    private var line = 0
    private var csv: CSVRows?
    /// A JSON array's rows, read whole first (a broken array is said before any row).
    private var arrayRows: [Result<ImportRow, RowProblem>]?
    private var arrayIndex = 0

    public init(_ bytes: [UInt8], format: ImportFormat) {
        self.bytes = bytes
        self.format = format
        offset = bytes.starts(with: Self.utf8BOM) ? 3 : 0
        switch format {
        case .csv: csv = CSVRows(bytes)
        case .json: arrayRows = Self.jsonArray(bytes)
        case .ndjson: break
        }
    }

    /// The next row, or its problem; nil at the end of the file.
    public mutating func next() -> Result<ImportRow, RowProblem>? {
        switch format {
        case .ndjson: return nextLine()
        case .csv: return csv?.next()
        case .json:
            guard let rows = arrayRows, arrayIndex < rows.count else { return nil }
            arrayIndex += 1
            return rows[arrayIndex - 1]
        }
    }

    /// Calls `body` with each row, or its problem, in the file's order.
    public static func forEach(_ bytes: [UInt8], format: ImportFormat, _ body: (Result<ImportRow, RowProblem>) throws -> Void) rethrows {
        var rows = ImportRows(bytes, format: format)
        while let row = rows.next() { try body(row) }
    }

    private mutating func nextLine() -> Result<ImportRow, RowProblem>? {
        while offset < bytes.count {
            line += 1
            let end = bytes[offset...].firstIndex(of: 0x0A) ?? bytes.count
            let text = bytes[offset..<end]
            offset = end + 1
            guard text.contains(where: { ![0x20, 0x09, 0x0D].contains($0) }) else { continue }  // a blank line
            return Self.object(Array(text), line: line)
        }
        return nil
    }

    static func jsonArray(_ bytes: [UInt8]) -> [Result<ImportRow, RowProblem>] {
        let bytes = bytes.starts(with: utf8BOM) ? Array(bytes.dropFirst(3)) : bytes
        var lines = LineCounter(bytes)
        var values: [(line: Int, value: JSONValue)] = []
        do {
            try JSONReader.read(bytes, maximumDepth: 64) { reader throws(JSONReadError) in
                guard reader.nextIsArray else { throw JSONReadError(.shape, "expected a JSON array of objects", at: reader.offset) }
                try reader.readArray { element throws(JSONReadError) in
                    let line = lines.line(at: element.offset)
                    values.append((line, try element.readValue()))
                }
            }
        } catch {
            return [.failure(RowProblem(line: 0, message: "the file is not a JSON array of objects: \(JSONSyntaxProblem(error, in: bytes))"))]
        }
        return values.map { row in
            guard case .object(let members) = row.value else { return .failure(RowProblem(line: row.line, message: "a row must be a JSON object")) }
            return .success(ImportRow(line: row.line, cells: .json(members)))
        }
    }

    /// One NDJSON line as a row.
    static func object(_ text: [UInt8], line: Int) -> Result<ImportRow, RowProblem> {
        do {
            let value = try JSONReader.read(text, maximumDepth: 64) { reader throws(JSONReadError) in try reader.readValue() }
            guard case .object(let members) = value else { return .failure(RowProblem(line: line, message: "a row must be a JSON object")) }
            return .success(ImportRow(line: line, cells: .json(members)))
        } catch {
            return .failure(RowProblem(line: line, message: "not JSON: \(JSONSyntaxProblem(error, in: text).expected)"))
        }
    }

    static let utf8BOM: [UInt8] = [0xEF, 0xBB, 0xBF]
}

/// Line numbers of offsets asked in increasing order, counted once through the bytes.
struct LineCounter {
    let bytes: [UInt8]
    private var offset = 0
    private var line = 1

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func line(at target: Int) -> Int {
        while offset < min(target, bytes.count) {
            if bytes[offset] == 0x0A { line += 1 }
            offset += 1
        }
        return line
    }
}
