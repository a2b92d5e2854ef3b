/// RFC 4180: a header row of the columns' names, then a row an item, lines ending in CRLF. A
/// field holding a comma, a quote, a CR or an LF is quoted, its quotes doubled; text is UTF-8 as
/// it is. A string is its characters; a number or a Boolean as the server wrote it; a list or
/// an object as its JSON text; null an empty field, and an empty string `""` (so the two stay
/// apart for a reader that looks).
public struct CSVWriter: RowWriter {
    let columns: ExportColumns

    public init(columns: ExportColumns) {
        self.columns = columns
    }

    public mutating func begin(into output: inout [UInt8]) {
        for (index, field) in columns.fields.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            CSVText.appendField(Array(field.name.utf8), emptyQuoted: false, to: &output)
        }
        output.append(contentsOf: [0x0D, 0x0A])
    }

    public mutating func write(_ item: borrowing WireItem, into output: inout [UInt8]) {
        for index in 0..<item.values.count {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            guard let value = item.values[index], let first = value.first, first != UInt8(ascii: "n") else { continue }
            // Most values are a string without escapes, or a number: written from the answer's
            // bytes, with nothing made in between.
            if first == UInt8(ascii: "\""), value.count >= 2 {
                let inner = UnsafeRawBufferPointer(rebasing: value[1..<(value.count - 1)])
                if !inner.contains(UInt8(ascii: "\\")) {
                    CSVText.appendField(inner, emptyQuoted: true, to: &output)
                    continue
                }
            } else if first != UInt8(ascii: "{"), first != UInt8(ascii: "[") {
                CSVText.appendField(value, emptyQuoted: false, to: &output)
                continue
            }
            switch WireValue.text(value) {
            case .null: break
            case .string(let text): CSVText.appendField(text, emptyQuoted: true, to: &output)
            case .json(let text): CSVText.appendField(text, emptyQuoted: false, to: &output)
            }
        }
        output.append(contentsOf: [0x0D, 0x0A])
    }

    public mutating func end(into output: inout [UInt8]) {}
}

/// One CSV field (RFC 4180).
public enum CSVText {
    /// `text` as a field: quoted when it holds a comma, a quote, a CR or an LF (its quotes
    /// doubled), or when it is empty and `emptyQuoted`.
    public static func appendField(_ text: some Collection<UInt8>, emptyQuoted: Bool, to output: inout [UInt8]) {
        let quote = UInt8(ascii: "\"")
        let needsQuotes = text.isEmpty
            ? emptyQuoted : text.contains { $0 == UInt8(ascii: ",") || $0 == quote || $0 == 0x0D || $0 == 0x0A }
        guard needsQuotes else {
            output.append(contentsOf: text)
            return
        }
        output.append(quote)
        for byte in text {
            if byte == quote { output.append(quote) }
            output.append(byte)
        }
        output.append(quote)
    }

    /// The same, as a String (for tests and small texts).
    public static func field(_ text: String, emptyQuoted: Bool = true) -> String {
        var output: [UInt8] = []
        appendField(Array(text.utf8), emptyQuoted: emptyQuoted, to: &output)
        return String(decoding: output, as: UTF8.self)
    }
}
