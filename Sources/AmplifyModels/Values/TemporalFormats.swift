/// AppSync's date and time scalars, as its documentation defines them:
///
/// - `AWSDate`: `YYYY-MM-DD` (a year may be negative, `-YYYY`), with an optional offset;
/// - `AWSTime`: `hh:mm`, `hh:mm:ss` or `hh:mm:ss.sss` (1 to 9 digits), with an optional offset;
/// - `AWSDateTime`: a date, `T`, a time, and an offset, which is required.
///
/// An offset is `Z` or `±hh:mm` or `±hh:mm:ss` (the seconds are AppSync's addition to ISO 8601;
/// the colon is required). Days are checked against their month, leap years included.
enum TemporalFormats {
    static func isDate(_ text: String) -> Bool {
        TextScanner.scan(text) { scanner in scanner.date() && scanner.offset(required: false) && scanner.isAtEnd }
    }

    static func isTime(_ text: String) -> Bool {
        TextScanner.scan(text) { scanner in scanner.time() && scanner.offset(required: false) && scanner.isAtEnd }
    }

    static func isDateTime(_ text: String) -> Bool {
        TextScanner.scan(text) { scanner in
            scanner.date() && scanner.take("T") && scanner.time() && scanner.offset(required: true) && scanner.isAtEnd
        }
    }

    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
    ]

    /// Why a text of the right shape is still no date: its month or its day does not exist
    /// ("2025-02-30 is not a day: February 2025 has 28 days."). Nil when the shape is wrong
    /// elsewhere (the caller says what is expected) or the date exists. `isValid` checks the
    /// text with the day and month made possible, so that only they are blamed.
    static func impossibleDay(in text: String, isValid: (String) -> Bool) -> String? {
        var bytes = Array(text.utf8)
        let start = bytes.first == UInt8(ascii: "-") ? 1 : 0
        guard bytes.count >= start + 10, bytes[start + 4] == UInt8(ascii: "-"), bytes[start + 7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            guard bytes[range].allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
            return Int(String(decoding: bytes[range], as: UTF8.self))
        }
        guard let year = number(start..<start + 4), let month = number(start + 5..<start + 7), let day = number(start + 8..<start + 10)
        else { return nil }
        let date = String(decoding: bytes[0..<start + 10], as: UTF8.self)
        bytes.replaceSubrange(start + 5..<start + 10, with: Array("01-01".utf8))
        guard isValid(String(decoding: bytes, as: UTF8.self)) else { return nil }
        guard (1...12).contains(month) else { return "\(date) is not a date: a month is 01 to 12." }
        let days = TextScanner.days(inMonth: month, year: start == 1 ? -year : year)
        guard !(1...days).contains(day) else { return nil }
        let yearText = String(decoding: Array(date.utf8)[0..<start + 4], as: UTF8.self)
        return "\(date) is not a day: \(monthNames[month - 1]) \(yearText) has \(days) days."
    }
}

/// Reads ASCII digits and marks from the front of a text.
/// Reads a text's UTF-8 bytes where they lie (every answer's dates go through here: no copy,
/// and each mark compared as the byte it is).
struct TextScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// `body`'s verdict on `text`, read by a scanner that lives only inside it.
    static func scan(_ text: String, _ body: (inout TextScanner) -> Bool) -> Bool {
        var text = text
        return text.withUTF8 { utf8 in
            var scanner = TextScanner(utf8)
            return body(&scanner)
        }
    }

    var isAtEnd: Bool { index == bytes.count }

    mutating func take(_ mark: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: mark) else { return false }
        index += 1
        return true
    }

    /// Exactly `count` digits, as a number.
    mutating func digits(_ count: Int) -> Int? {
        guard index + count <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[index..<index + count] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        index += count
        return value
    }

    /// Between `minimum` and `maximum` digits; the count read.
    mutating func digitRun(_ minimum: Int, _ maximum: Int) -> Bool {
        var count = 0
        while count < maximum, index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            index += 1
            count += 1
        }
        return count >= minimum
    }

    mutating func date() -> Bool {
        let negative = take("-")
        guard let year = digits(4), take("-"), let month = digits(2), take("-"), let day = digits(2), (1...12).contains(month)
        else { return false }
        return (1...Self.days(inMonth: month, year: negative ? -year : year)).contains(day)
    }

    mutating func time() -> Bool {
        guard let hours = digits(2), hours < 24, take(":"), let minutes = digits(2), minutes < 60 else { return false }
        guard take(":") else { return true }
        guard let seconds = digits(2), seconds < 60 else { return false }
        guard take(".") else { return true }
        return digitRun(1, 9)
    }

    mutating func offset(required: Bool) -> Bool {
        if take("Z") { return true }
        guard take("+") || take("-") else { return !required }
        guard let hours = digits(2), hours < 24, take(":"), let minutes = digits(2), minutes < 60 else { return false }
        guard take(":") else { return true }
        guard let seconds = digits(2), seconds < 60 else { return false }
        return true
    }

    static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
