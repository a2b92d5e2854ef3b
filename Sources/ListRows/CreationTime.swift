/// A row's `createdAt` as its place in the list keeps it. A text in the shape servers write,
/// "2024-03-14T09:26:53.123Z", is kept as its 17 digits read as one number, which orders as
/// the texts do (same length, digits in the same places) and takes no heap; any other text
/// is kept as it is.
public enum CreationTime: Comparable, Sendable {
    case digits(UInt64)
    case text(String)

    public init(_ text: String) {
        var text = text
        let digits = text.withUTF8 { bytes -> UInt64? in
            guard bytes.count == 24, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
                  bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
                  bytes[19] == UInt8(ascii: "."), bytes[23] == UInt8(ascii: "Z")
            else { return nil }
            var value: UInt64 = 0
            for index in Self.digitPositions {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + UInt64(digit)
            }
            return value
        }
        self = digits.map(CreationTime.digits) ?? .text(text)
    }

    /// Where the digits are in "YYYY-MM-DDTHH:MM:SS.sssZ".
    private static let digitPositions = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18, 20, 21, 22]

    /// The text again (only needed to compare with a text of another shape: rare).
    @usableFromInline var text: String {
        switch self {
        case .text(let text): return text
        case .digits(let value):
            var digits = Array(String(value))
            digits.insert(contentsOf: Array(repeating: "0", count: 17 - digits.count), at: 0)
            var characters: [Character] = []
            for (offset, digit) in digits.enumerated() {
                characters.append(digit)
                switch offset {
                case 3, 5: characters.append("-")
                case 7: characters.append("T")
                case 9, 11: characters.append(":")
                case 13: characters.append(".")
                default: break
                }
            }
            return String(characters) + "Z"
        }
    }

    @inlinable public static func == (a: CreationTime, b: CreationTime) -> Bool {
        switch (a, b) {
        case (.digits(let x), .digits(let y)): x == y
        case (.text(let x), .text(let y)): x == y
        default: false
        }
    }

    // Inlinable, as `==` is: a sort of a million rows compares them twenty million times, in
    // whichever module keeps the rows (`RecordRowStore`).
    @inlinable public static func < (a: CreationTime, b: CreationTime) -> Bool {
        if case .digits(let x) = a, case .digits(let y) = b { return x < y }
        return a.text < b.text
    }
}
