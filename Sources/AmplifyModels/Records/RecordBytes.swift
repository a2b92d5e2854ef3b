import JSONValues

/// A record's field values as bytes, one after the other in the layout's slot order: what a
/// record's block holds after its header (`RecordStorage`).
///
/// Why bytes rather than an array of `ModelValue`s: an array is a second heap block, and each
/// string in it a third (a `ModelValue` is 17 bytes inline, most texts longer than the 15 a
/// string keeps inline). As bytes, a record is one block. The texts Amplify writes most, lowercase
/// UUIDs and `AWSDateTime`s like `2026-11-25T10:00:00.000Z`, are packed into 16 and 8 bytes.
///
/// The form is canonical, which lets two records be compared and hashed byte for byte: a value
/// has one encoding (a text packs exactly when its shape packs; an object's keys are sorted).
enum RecordBytes {
    enum Tag: UInt8 {
        case null = 0, text, uuid, dateTime, int, float, falseValue, trueValue, enumValue, list, json
    }

    enum JSONTag: UInt8 {
        case null = 0, falseValue, trueValue, int, double, string, array, object
    }

    // MARK: Writing

    /// Appends the encoding of `value`.
    static func append(_ value: ModelValue, to bytes: inout [UInt8]) {
        switch value {
        case .null: bytes.append(Tag.null.rawValue)
        case .string(let text): appendText(text, to: &bytes)
        case .int(let number):
            bytes.append(Tag.int.rawValue)
            appendVarint(zigzag(number), to: &bytes)
        case .float(let number):
            bytes.append(Tag.float.rawValue)
            appendFixed(canonical(number).bitPattern, to: &bytes)
        case .bool(let flag): bytes.append(flag ? Tag.trueValue.rawValue : Tag.falseValue.rawValue)
        case .enumValue(let name):
            bytes.append(Tag.enumValue.rawValue)
            appendCounted(name, to: &bytes)
        case .list(let items):
            bytes.append(Tag.list.rawValue)
            appendVarint(UInt64(items.count), to: &bytes)
            for item in items { append(item, to: &bytes) }
        case .json(let json):
            bytes.append(Tag.json.rawValue)
            appendJSON(json, to: &bytes)
        }
    }

    /// Appends a key's part as the value of its field's type (`append(part.value(as: type))`),
    /// a packed UUID without making its text and parsing it again.
    static func append(_ part: RecordKey.Part, as type: FieldType, to bytes: inout [UInt8]) {
        if case .uuid(let high, let low) = part, case .scalar = type {
            bytes.append(Tag.uuid.rawValue)
            appendFixed(high, to: &bytes)
            appendFixed(low, to: &bytes)
        } else {
            append(part.value(as: type), to: &bytes)
        }
    }

    private static func appendText(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in appendValidText(UnsafeRawBufferPointer(utf8), to: &bytes) }
    }

    /// Appends a text given as UTF-8 bytes as `append(.string(text))` would, without making the
    /// `String` when the bytes are ASCII (an answer's texts, read in place); bytes that are not
    /// valid UTF-8 are repaired as `String(decoding:as:)` repairs them.
    static func appendText(utf8 raw: UnsafeRawBufferPointer, to bytes: inout [UInt8]) {
        if raw.allSatisfy({ $0 < 0x80 }) {
            appendValidText(raw, to: &bytes)
        } else {
            appendText(String(decoding: raw, as: UTF8.self), to: &bytes)
        }
    }

    private static func appendValidText(_ raw: UnsafeRawBufferPointer, to bytes: inout [UInt8]) {
        if let bits = UUIDBits.parse(raw) {
            bytes.append(Tag.uuid.rawValue)
            appendFixed(bits.high, to: &bytes)
            appendFixed(bits.low, to: &bytes)
        } else if let digits = DateTimeDigits.pack(raw) {
            appendDateTime(digits, to: &bytes)
        } else {
            bytes.append(Tag.text.rawValue)
            appendVarint(UInt64(raw.count), to: &bytes)
            bytes.append(contentsOf: raw)
        }
    }

    /// Appends a packed `AWSDateTime` (`DateTimeDigits`): what `append(.string(text))` writes for
    /// a text of that shape.
    static func appendDateTime(_ digits: UInt64, to bytes: inout [UInt8]) {
        bytes.append(Tag.dateTime.rawValue)
        appendFixed(digits, to: &bytes)
    }

    private static func appendJSON(_ json: JSONValue, to bytes: inout [UInt8]) {
        switch json {
        case .null: bytes.append(JSONTag.null.rawValue)
        case .bool(let flag): bytes.append(flag ? JSONTag.trueValue.rawValue : JSONTag.falseValue.rawValue)
        case .int(let number):
            bytes.append(JSONTag.int.rawValue)
            appendVarint(zigzag(number), to: &bytes)
        case .double(let number):
            bytes.append(JSONTag.double.rawValue)
            appendFixed(canonical(number).bitPattern, to: &bytes)
        case .string(let text):
            bytes.append(JSONTag.string.rawValue)
            appendCounted(text, to: &bytes)
        case .array(let items):
            bytes.append(JSONTag.array.rawValue)
            appendVarint(UInt64(items.count), to: &bytes)
            for item in items { appendJSON(item, to: &bytes) }
        case .object(let members):
            bytes.append(JSONTag.object.rawValue)
            appendVarint(UInt64(members.count), to: &bytes)
            for key in members.keys.sorted() {
                appendCounted(key, to: &bytes)
                appendJSON(members[key]!, to: &bytes)
            }
        }
    }

    private static func appendCounted(_ text: String, to bytes: inout [UInt8]) {
        let utf8 = text.utf8
        appendVarint(UInt64(utf8.count), to: &bytes)
        bytes.append(contentsOf: utf8)
    }

    static func appendVarint(_ value: UInt64, to bytes: inout [UInt8]) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    private static func appendFixed(_ value: UInt64, to bytes: inout [UInt8]) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    /// -0.0 is 0.0 (they are equal values, and equal values must have equal bytes).
    private static func canonical(_ number: Double) -> Double { number == 0 ? 0 : number }

    private static func zigzag(_ value: Int64) -> UInt64 { UInt64(bitPattern: value << 1 ^ value >> 63) }

    // MARK: Reading

    /// Reads values back from a block's bytes, front to back.
    struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0

        init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

        /// The next value (the bytes were written by `append`: they are trusted).
        mutating func value() -> ModelValue {
            let tag = Tag(rawValue: byte())!
            switch tag {
            case .null: return .null
            case .text: return .string(counted())
            case .uuid:
                let high = fixed(), low = fixed()
                return .string(UUIDBits.text(high: high, low: low))
            case .dateTime: return .string(DateTimeDigits.text(fixed()))
            case .int: return .int(unzigzag(varint()))
            case .float: return .float(Double(bitPattern: fixed()))
            case .falseValue: return .bool(false)
            case .trueValue: return .bool(true)
            case .enumValue: return .enumValue(counted())
            case .list:
                let count = Int(varint())
                var items: [ModelValue] = []
                items.reserveCapacity(count)
                for _ in 0..<count { items.append(value()) }
                return .list(items)
            case .json: return .json(json())
            }
        }

        /// The next value as a key's part: a packed UUID straight from its bits, anything else
        /// as `RecordKey.Part(value())` makes it.
        mutating func keyPart() -> RecordKey.Part? {
            guard bytes[offset] == Tag.uuid.rawValue else { return RecordKey.Part(value()) }
            offset += 1
            let high = fixed(), low = fixed()
            return .uuid(high: high, low: low)
        }

        /// The next value's packed `AWSDateTime` digits, or nil (the value is left unread) when
        /// it is not one.
        mutating func dateTimeDigits() -> UInt64? {
            guard bytes[offset] == Tag.dateTime.rawValue else { return nil }
            offset += 1
            return fixed()
        }

        /// Whether the next value is null (it is left unread).
        var isAtNull: Bool { bytes[offset] == Tag.null.rawValue }

        /// Moves past the next value without making it.
        mutating func skip() {
            let tag = Tag(rawValue: byte())!
            switch tag {
            case .null, .falseValue, .trueValue: break
            case .text, .enumValue: offset += Int(varint())
            case .uuid: offset += 16
            case .dateTime, .float: offset += 8
            case .int: _ = varint()
            case .list: for _ in 0..<varint() { skip() }
            case .json: _ = json()
            }
        }

        private mutating func json() -> JSONValue {
            switch JSONTag(rawValue: byte())! {
            case .null: return .null
            case .falseValue: return .bool(false)
            case .trueValue: return .bool(true)
            case .int: return .int(unzigzag(varint()))
            case .double: return .double(Double(bitPattern: fixed()))
            case .string: return .string(counted())
            case .array:
                let count = Int(varint())
                var items: [JSONValue] = []
                items.reserveCapacity(count)
                for _ in 0..<count { items.append(json()) }
                return .array(items)
            case .object:
                var members: [String: JSONValue] = [:]
                for _ in 0..<varint() {
                    let key = counted()
                    members[key] = json()
                }
                return .object(members)
            }
        }

        private mutating func byte() -> UInt8 {
            defer { offset += 1 }
            return bytes[offset]
        }

        private mutating func varint() -> UInt64 {
            var value: UInt64 = 0, shift: UInt64 = 0
            while true {
                let next = byte()
                value |= UInt64(next & 0x7F) << shift
                if next < 0x80 { return value }
                shift += 7
            }
        }

        private mutating func fixed() -> UInt64 {
            var value: UInt64 = 0
            for index in 0..<8 { value |= UInt64(bytes[offset + index]) << UInt64(8 * index) }
            offset += 8
            return value
        }

        private mutating func counted() -> String {
            let count = Int(varint())
            defer { offset += count }
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count]), as: UTF8.self)
        }

        private func unzigzag(_ value: UInt64) -> Int64 { Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1) }
    }
}

/// `YYYY-MM-DDTHH:MM:SS.sssZ`, the shape AppSync writes every `AWSDateTime` in, as its 17 digits
/// in one number (which orders as the texts do). Only the shape is checked, not the ranges: any
/// text of this shape comes back exactly, and which texts pack depends on the text alone.
enum DateTimeDigits {
    static func pack(_ bytes: UnsafeRawBufferPointer) -> UInt64? {
        guard bytes.count == 24, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: "."),
              bytes[23] == UInt8(ascii: "Z")
        else { return nil }
        var value: UInt64 = 0
        for index in digitPositions {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + UInt64(digit)
        }
        return value
    }

    /// Whether the packed time is one that exists (a month of the year, a day of the month, an
    /// hour, a minute and a second of the day), as `TemporalFormats.isDateTime` checks the text.
    static func isReal(_ digits: UInt64) -> Bool {
        let time = fields(digits)
        guard (1...12).contains(time.month), time.hour < 24, time.minute < 60, time.second < 60 else { return false }
        return (1...Int64(TextScanner.days(inMonth: Int(time.month), year: Int(time.year)))).contains(time.day)
    }

    /// Milliseconds since 1970 (`AWSDateTimeMilliseconds.parse` of the text).
    static func milliseconds(_ digits: UInt64) -> Int64 {
        let time = fields(digits)
        return AWSDateTimeMilliseconds.milliseconds(
            year: time.year, month: time.month, day: time.day, hour: time.hour, minute: time.minute, second: time.second,
            millisecond: time.millisecond)
    }

    /// The packed digits read back as the time's fields (YYYYMMDDHHMMSSsss).
    private static func fields(_ digits: UInt64) -> (
        year: Int64, month: Int64, day: Int64, hour: Int64, minute: Int64, second: Int64, millisecond: Int64
    ) {
        let value = Int64(digits), seconds = value / 1000
        return (
            seconds / 10_000_000_000, seconds / 100_000_000 % 100, seconds / 1_000_000 % 100,
            seconds / 10_000 % 100, seconds / 100 % 100, seconds % 100, value % 1000)
    }

    static func text(_ digits: UInt64) -> String {
        String(unsafeUninitializedCapacity: 24) { buffer in
            var rest = digits
            for index in digitPositions.reversed() {
                buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            for (index, mark) in [(4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":"), (19, "."), (23, "Z")] as [(Int, Unicode.Scalar)] {
                buffer[index] = UInt8(ascii: mark)
            }
            return 24
        }
    }

    private static let digitPositions = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18, 20, 21, 22]
}
