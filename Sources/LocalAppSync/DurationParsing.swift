/// Parses the durations the fault options take: `800ms`, `2s`, `1.5s`, `0`.
public enum DurationParsing {
    /// The longest duration accepted: an hour.
    public static let maximum: Duration = .seconds(3600)

    public struct Invalid: Error, CustomStringConvertible, Equatable {
        public let text: String
        /// A duration, but longer than `maximum`.
        public var isTooLong = false
        public var description: String {
            isTooLong
                ? "“\(text)” is too long: the most is 3600s (an hour)"
                : "“\(text)” is not a duration: write it like 800ms or 2s"
        }
    }

    public static func parse(_ text: String) throws(Invalid) -> Duration {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let (number, scale): (Substring, Double) =
            if trimmed.hasSuffix("ms") { (trimmed.dropLast(2), 1e-3) }
            else if trimmed.hasSuffix("s") { (trimmed.dropLast(1), 1) }
            else if trimmed == "0" { ("0", 1) }
            else { ("", 0) }
        guard let value = Double(number), value >= 0, !value.isNaN else { throw Invalid(text: text) }
        guard value * scale <= 3600 else { throw Invalid(text: text, isTooLong: true) }
        return .milliseconds(Int64((value * scale * 1000).rounded()))
    }
}

extension String {
    fileprivate func trimmingCharacters(in _: Whitespace) -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

    fileprivate enum Whitespace { case whitespaces }
}
