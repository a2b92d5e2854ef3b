/// Why a typed filter cannot run, and where: the part of the text to underline (in Characters,
/// as the prompt counts them) and a short sentence naming what was expected there:
/// "unknown field `prise` (did you mean `price`?)", "`price` is a Float: `abc` is not a number,
/// like 12.5".
public struct FilterError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where the problem starts, in Characters from the start of the text.
    public var offset: Int
    /// How many Characters it spans; 0 only for the empty text's end.
    public var length: Int
    public var message: String

    public init(offset: Int, length: Int, message: String) {
        self.offset = offset
        self.length = length
        self.message = message
    }

    init(_ range: Range<Int>, _ message: String) {
        self.init(offset: range.lowerBound, length: range.count, message: message)
    }

    /// The Characters the error spans.
    public var range: Range<Int> { offset..<(offset + length) }

    public var description: String { "\(message) (at \(offset), \(length) long)" }
}
