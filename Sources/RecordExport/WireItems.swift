import Foundation
import JSONValues

/// One item of an answer, as the server wrote it: each column's value as its JSON bytes (nil
/// when the item lacks the field), and the whole item's. The buffers point into the answer
/// being read and are valid only while the reader reads it: a writer copies what it keeps.
public struct WireItem {
    /// By column (`ExportColumns`); nil: the item has no such key.
    public internal(set) var values: [UnsafeRawBufferPointer?]
    /// The whole item's text.
    public internal(set) var text: UnsafeRawBufferPointer
    /// On the versioned dialect, a deleted record (a tombstone): never printed or exported.
    public internal(set) var isDeleted: Bool

    init(columns: Int) {
        values = Array(repeating: nil, count: columns)
        text = UnsafeRawBufferPointer(start: nil, count: 0)
        isDeleted = false
    }
}

/// Reads the items of one answer (a page's `{"items": […], "nextToken": …}`, or a `get`'s
/// record or null) without decoding them: each value is found and handed on as its bytes, so
/// that an export writes what the server wrote and costs little more than reading it.
public struct WireItemReader: Sendable {
    public let columns: ExportColumns

    public init(columns: ExportColumns) {
        self.columns = columns
    }

    /// Whether each item's whole text is kept too (`WireItem.text`), for a filter checked
    /// here; it costs a second pass over the item.
    public var keepsText = false

    /// A page: every item handed to `each` in order; the next page's token.
    public func readPage(
        _ reader: inout JSONReader, each: (borrowing WireItem) throws(JSONReadError) -> Void
    ) throws(JSONReadError) -> String? {
        let start = reader.offset
        var item = WireItem(columns: columns.fields.count)
        var nextToken: String?
        var sawItems = false
        try reader.readObject { reader, key throws(JSONReadError) in
            if key == "items" {
                sawItems = true
                try reader.readArray { reader throws(JSONReadError) in
                    guard try !reader.readNull() else { return }
                    try read(&reader, into: &item)
                    try each(item)
                }
            } else if key == "nextToken" {
                nextToken = try reader.readOptional { reader throws(JSONReadError) in try reader.readString() }
            } else {
                try reader.skipValue()
            }
        }
        guard sawItems else { throw .missing("items", at: start) }
        return nextToken
    }

    /// A `get`'s answer: its record handed to `each`, or nothing for null.
    public func readRecord(_ reader: inout JSONReader, each: (borrowing WireItem) throws(JSONReadError) -> Void) throws(JSONReadError) {
        guard try !reader.readNull() else { return }
        var item = WireItem(columns: columns.fields.count)
        try read(&reader, into: &item)
        try each(item)
    }

    /// One item's values, found by their keys (the versioned dialect's `_deleted` too).
    private func read(_ reader: inout JSONReader, into item: inout WireItem) throws(JSONReadError) {
        guard reader.nextIsObject else { throw JSONReadError(.shape, "expected an item (an object)", at: reader.offset) }
        for index in item.values.indices { item.values[index] = nil }
        item.isDeleted = false
        if keepsText {
            // The whole item first, then its values read within those bytes: the pointers of
            // both point into the answer, valid while it is read.
            item.text = try reader.withRawValue { text throws(JSONReadError) in text }
            let text = item.text
            item = try JSONReader.read(text) { inner throws(JSONReadError) in
                var found = item
                try readValues(&inner, into: &found)
                return found
            }
        } else {
            try readValues(&reader, into: &item)
        }
    }

    private func readValues(_ reader: inout JSONReader, into item: inout WireItem) throws(JSONReadError) {
        var next = 0
        try reader.readObject { reader, key throws(JSONReadError) in
            let column = key.withUTF8 { columns.column(of: $0, from: next) }
            if let column {
                item.values[column] = try reader.withRawValue { value throws(JSONReadError) in value }
                next = column + 1
            } else if key == "_deleted" {
                item.isDeleted = try reader.readOptional { reader throws(JSONReadError) in try reader.readBool() } ?? false
            } else {
                try reader.skipValue()
            }
        }
    }
}
