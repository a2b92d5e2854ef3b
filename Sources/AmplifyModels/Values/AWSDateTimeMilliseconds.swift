/// An `AWSDateTime` ("2024-03-14T09:26:53.123Z", "2024-03-14T10:26:53+01:00") as milliseconds
/// since 1970: on the plain dialect, `updatedAt` is what orders two copies of a record (any
/// model's: `WireModelRecord`).
/// A small parser rather than a date formatter: it runs for every record of a list.
public enum AWSDateTimeMilliseconds {
    public static func parse(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        var index = 0
        func number(_ length: Int) -> Int64? {
            guard index + length <= bytes.count else { return nil }
            var value: Int64 = 0
            for byte in bytes[index..<index + length] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            index += length
            return value
        }
        func expect(_ character: Character) -> Bool {
            guard index < bytes.count, bytes[index] == character.asciiValue else { return false }
            index += 1
            return true
        }
        guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2),
              expect("T") || expect("t"), let hour = number(2), expect(":"), let minute = number(2)
        else { return nil }
        var second: Int64 = 0
        if expect(":") {
            guard let value = number(2) else { return nil }
            second = value
        }
        var milliseconds: Int64 = 0
        if expect(".") {
            // Any number of fraction digits; the first three are the milliseconds.
            var digits = 0
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                if digits < 3 { milliseconds = milliseconds * 10 + Int64(bytes[index] - UInt8(ascii: "0")) }
                digits += 1
                index += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<max(digits, 3) { milliseconds *= 10 }
        }
        var offsetMinutes: Int64 = 0
        if expect("Z") || expect("z") {
        } else if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            let sign: Int64 = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            guard let hours = number(2) else { return nil }
            _ = expect(":")
            guard let minutes = number(2) else { return nil }
            offsetMinutes = sign * (hours * 60 + minutes)
        } else {
            return nil
        }
        guard index == bytes.count, (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second <= 60
        else { return nil }
        return self.milliseconds(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second, millisecond: milliseconds,
            offsetMinutes: offsetMinutes)
    }

    /// Milliseconds since 1970 of a date and time at an offset from UTC.
    static func milliseconds(
        year: Int64, month: Int64, day: Int64, hour: Int64, minute: Int64, second: Int64, millisecond: Int64, offsetMinutes: Int64 = 0
    ) -> Int64 {
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = ((days * 24 + hour) * 60 + minute - offsetMinutes) * 60 + second
        return seconds * 1000 + millisecond
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    public static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The text AppSync writes for a time: UTC, milliseconds, `Z`.
    public static func text(_ milliseconds: Int64) -> String {
        let seconds = milliseconds.floorDivided(by: 1000), fraction = milliseconds - seconds * 1000
        let days = seconds.floorDivided(by: 86_400), secondOfDay = seconds - days * 86_400
        // Civil from days (Hinnant).
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func padded(_ value: Int64, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))T\(padded(secondOfDay / 3600, 2)):"
            + "\(padded(secondOfDay % 3600 / 60, 2)):\(padded(secondOfDay % 60, 2)).\(padded(fraction, 3))Z"
    }
}

extension Int64 {
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
