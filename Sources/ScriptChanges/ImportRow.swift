import JSONValues

/// One row of an import file, where it starts (a line number, 1-based, as an editor shows it)
/// and its cells by field name: JSON values (NDJSON, a JSON array), or text (CSV, read as the
/// form reads typed text).
public struct ImportRow: Sendable {
    public enum Cells: Sendable {
        case json([String: JSONValue])
        case text([String: String])
    }

    public var line: Int
    public var cells: Cells

    public init(line: Int, cells: Cells) {
        self.line = line
        self.cells = cells
    }

    public var fieldNames: [String] {
        switch cells {
        case .json(let members): members.keys.sorted()
        case .text(let texts): texts.keys.sorted()
        }
    }
}

/// What is wrong with one row: its line, the field (nil: the row as a whole, such as a line
/// that is not JSON), and why.
public struct RowProblem: Error, Sendable, Hashable, CustomStringConvertible {
    public var line: Int
    public var field: String?
    public var message: String

    public init(line: Int, field: String? = nil, message: String) {
        self.line = line
        self.field = field
        self.message = message
    }

    /// `line 7, amount: Expected a number, like 12.5.`; a problem of the whole file (line 0) is its message alone.
    public var description: String {
        guard line > 0 else { return message }
        return "line \(line)" + (field.map { ", \($0)" } ?? "") + ": " + message
    }
}
