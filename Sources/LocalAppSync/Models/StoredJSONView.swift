/// A stored item's JSON text (`StoredJSON`: compact, keys sorted), read where it lies: where each
/// value starts and ends, an object's members, an array's elements, without making a value of
/// any of it. The fast path (`FastPagePlan`) writes a page's items from their texts this way,
/// decoding only the strings that hold escapes and the numbers it must print as the library does.
/// Anything it does not expect (blanks, a damaged text) is nil: the library answers instead.
struct StoredJSONView {
    let bytes: UnsafeRawBufferPointer

    /// One member of an object: its key's bytes (between the quotes, as written) and its value.
    struct Member {
        let key: Range<Int>
        let value: Range<Int>
    }

    /// The members of the object at `range`.
    func members(of range: Range<Int>) -> [Member]? {
        guard range.count >= 2, bytes[range.lowerBound] == UInt8(ascii: "{") else { return nil }
        var members: [Member] = []
        var index = range.lowerBound + 1
        if bytes[index] == UInt8(ascii: "}") { return index + 1 == range.upperBound ? members : nil }
        while true {
            guard index < range.upperBound, bytes[index] == UInt8(ascii: "\""), let keyEnd = valueEnd(from: index, depth: 0),
                  keyEnd < range.upperBound, bytes[keyEnd] == UInt8(ascii: ":"), let end = valueEnd(from: keyEnd + 1, depth: 1)
            else { return nil }
            members.append(Member(key: index + 1..<keyEnd - 1, value: keyEnd + 1..<end))
            guard end < range.upperBound else { return nil }
            if bytes[end] == UInt8(ascii: "}") { return end + 1 == range.upperBound ? members : nil }
            guard bytes[end] == UInt8(ascii: ",") else { return nil }
            index = end + 1
        }
    }

    /// The elements of the array at `range`.
    func elements(of range: Range<Int>) -> [Range<Int>]? {
        guard range.count >= 2, bytes[range.lowerBound] == UInt8(ascii: "[") else { return nil }
        var elements: [Range<Int>] = []
        var index = range.lowerBound + 1
        if bytes[index] == UInt8(ascii: "]") { return index + 1 == range.upperBound ? elements : nil }
        while true {
            guard let end = valueEnd(from: index, depth: 1), end < range.upperBound else { return nil }
            elements.append(index..<end)
            if bytes[end] == UInt8(ascii: "]") { return end + 1 == range.upperBound ? elements : nil }
            guard bytes[end] == UInt8(ascii: ",") else { return nil }
            index = end + 1
        }
    }

    /// Whether the member's key is `name` (written without escapes: a GraphQL name has none).
    func key(_ member: Member, is name: String) -> Bool {
        var name = name
        return name.withUTF8 { utf8 in
            utf8.count == member.key.count && zip(utf8, bytes[member.key]).allSatisfy { $0 == $1 }
        }
    }

    /// Where the value that starts at `start` ends (one past its last byte).
    func valueEnd(from start: Int, depth: Int) -> Int? {
        guard start < bytes.count, depth < 64 else { return nil }
        switch bytes[start] {
        case UInt8(ascii: "\""):
            var index = start + 1
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""): return index + 1
                case UInt8(ascii: "\\"): index += 2
                default: index += 1
                }
            }
            return nil
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let close = bytes[start] == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
            var index = start + 1
            guard index < bytes.count else { return nil }
            if bytes[index] == close { return index + 1 }
            while true {
                if close == UInt8(ascii: "}") {
                    guard let keyEnd = valueEnd(from: index, depth: depth + 1), keyEnd < bytes.count, bytes[keyEnd] == UInt8(ascii: ":")
                    else { return nil }
                    index = keyEnd + 1
                }
                guard let end = valueEnd(from: index, depth: depth + 1), end < bytes.count else { return nil }
                if bytes[end] == close { return end + 1 }
                guard bytes[end] == UInt8(ascii: ",") else { return nil }
                index = end + 1
            }
        case UInt8(ascii: "t"): return literal("true", at: start)
        case UInt8(ascii: "f"): return literal("false", at: start)
        case UInt8(ascii: "n"): return literal("null", at: start)
        default:
            var index = start
            while index < bytes.count, Self.isNumberByte(bytes[index]) { index += 1 }
            return index > start ? index : nil
        }
    }

    private func literal(_ word: StaticString, at start: Int) -> Int? {
        let count = word.utf8CodeUnitCount
        guard start + count <= bytes.count else { return nil }
        return word.withUTF8Buffer { utf8 in zip(utf8, bytes[start..<start + count]).allSatisfy { $0 == $1 } } ? start + count : nil
    }

    static func isNumberByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    }

    /// The text of the number at `range` (ASCII).
    func numberText(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    /// Whether the number at `range` is written as an integer (no fraction, no exponent).
    func isInteger(_ range: Range<Int>) -> Bool {
        !bytes[range].contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
    }
}
