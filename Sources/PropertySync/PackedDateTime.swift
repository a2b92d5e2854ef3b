import AmplifyModels
import AppSync
/// An `AWSDateTime` in the shape servers write it, "2024-03-14T09:26:53.123Z", packed into
/// 8 bytes instead of a 24-character heap string (about 64 bytes each): two per record
/// is a large part of a record's memory at a million records.
///
/// Only the text's own fields are packed (no calendar arithmetic), each within the range
/// its fixed-width digits allow, so `text` gives back exactly the text that was packed.
/// Any other text (an offset, more or fewer fraction digits) does not pack and is kept
/// as it came (see `RealEstateProperty`). Packed values order as their texts do.
@usableFromInline
struct PackedDateTime: Hashable, Sendable {
    /// 0: absent. Else bit 63 set, then year (14 bits), month (4), day (5), hour (5),
    /// minute (6), second (6), millisecond (10), most significant first.
    @usableFromInline let bits: UInt64

    @inlinable static var absent: PackedDateTime { PackedDateTime(bits: 0) }

    @inlinable init(bits: UInt64) { self.bits = bits }

    /// nil when the text is not exactly `YYYY-MM-DDTHH:MM:SS.sssZ` with fields in range.
    @inlinable
    init?(_ text: String) {
        var text = text
        guard let packed = text.withUTF8({ PackedDateTime(utf8: UnsafeRawBufferPointer($0)) }) else { return nil }
        self = packed
    }

    /// The same from the text's UTF-8 bytes (as an answer's reader hands them over: no string made).
    @inlinable
    init?(utf8 bytes: UnsafeRawBufferPointer) {
        let packed = { () -> UInt64? in
            guard bytes.count == 24,
                  bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
                  bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: "."),
                  bytes[23] == UInt8(ascii: "Z")
            else { return nil }
            func number(_ start: Int, _ length: Int) -> UInt64? {
                var value: UInt64 = 0
                for index in start..<start + length {
                    let digit = bytes[index] &- UInt8(ascii: "0")
                    guard digit < 10 else { return nil }
                    value = value * 10 + UInt64(digit)
                }
                return value
            }
            guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
                  let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
                  let millisecond = number(20, 3),
                  (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second <= 60
            else { return nil }
            return 1 << 63 | year << 36 | month << 32 | day << 27 | hour << 22 | minute << 16 | second << 10
                | millisecond
        }()
        guard let packed else { return nil }
        bits = packed
    }

    /// Milliseconds since 1970 (the text is UTC); nil when absent.
    var milliseconds: Int64? {
        guard bits != 0 else { return nil }
        func field(_ shift: UInt64, _ mask: UInt64) -> Int64 { Int64(bits >> shift & mask) }
        let days = AWSDateTimeMilliseconds.daysFromCivil(year: field(36, 0x3FFF), month: field(32, 0xF), day: field(27, 0x1F))
        let seconds = ((days * 24 + field(22, 0x1F)) * 60 + field(16, 0x3F)) * 60 + field(10, 0x3F)
        return seconds * 1000 + field(0, 0x3FF)
    }

    /// The text's 17 digits as one number (YYYYMMDDHHMMSSmmm), which orders as the texts do;
    /// nil when absent. What the screen sorts by, without making the text.
    var digits: UInt64? {
        guard bits != 0 else { return nil }
        let date = (bits >> 36 & 0x3FFF) * 10_000 + (bits >> 32 & 0xF) * 100 + (bits >> 27 & 0x1F)
        let time = (bits >> 22 & 0x1F) * 10_000 + (bits >> 16 & 0x3F) * 100 + (bits >> 10 & 0x3F)
        return (date * 1_000_000 + time) * 1_000 + (bits & 0x3FF)
    }

    /// The text that was packed; nil when absent.
    @inlinable
    var text: String? {
        guard bits != 0 else { return nil }
        let bits = self.bits
        return String(unsafeUninitializedCapacity: 24) { buffer in
            func write(_ value: UInt64, at start: Int, digits: Int) {
                var value = value
                for index in stride(from: start + digits - 1, through: start, by: -1) {
                    buffer[index] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
            }
            write(bits >> 36 & 0x3FFF, at: 0, digits: 4)
            buffer[4] = UInt8(ascii: "-")
            write(bits >> 32 & 0xF, at: 5, digits: 2)
            buffer[7] = UInt8(ascii: "-")
            write(bits >> 27 & 0x1F, at: 8, digits: 2)
            buffer[10] = UInt8(ascii: "T")
            write(bits >> 22 & 0x1F, at: 11, digits: 2)
            buffer[13] = UInt8(ascii: ":")
            write(bits >> 16 & 0x3F, at: 14, digits: 2)
            buffer[16] = UInt8(ascii: ":")
            write(bits >> 10 & 0x3F, at: 17, digits: 2)
            buffer[19] = UInt8(ascii: ".")
            write(bits & 0x3FF, at: 20, digits: 3)
            buffer[23] = UInt8(ascii: "Z")
            return 24
        }
    }
}

/// A time as a record keeps it: packed, or (rare) the text that does not pack.
struct StoredDateTime {
    var packed: PackedDateTime
    var unusual: String?
}

/// The timestamps of a record that do not pack (rare: servers write one shape), kept as
/// they came. Shared, immutable, compared by value.
@usableFromInline
final class UnusualTimestamps: Hashable, Sendable {
    @usableFromInline let createdAt: String?
    @usableFromInline let updatedAt: String?

    @usableFromInline
    init(createdAt: String?, updatedAt: String?) {
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    @usableFromInline
    static func == (a: UnusualTimestamps, b: UnusualTimestamps) -> Bool {
        a.createdAt == b.createdAt && a.updatedAt == b.updatedAt
    }

    @usableFromInline
    func hash(into hasher: inout Hasher) {
        hasher.combine(createdAt)
        hasher.combine(updatedAt)
    }
}
