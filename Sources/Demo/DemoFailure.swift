/// Why a tape did not play to its end: a failed `Expect`, a `Wait` that gave up, the program
/// ending early. Carries the screen as it was, to print under the message.
public struct DemoFailure: Error, CustomStringConvertible, Sendable {
    /// The tape's line, when a step failed.
    public let line: Int?
    public let message: String
    public let screen: String

    public var description: String {
        let place = line.map { "line \($0): " } ?? ""
        let framed = screen.split(separator: "\n", omittingEmptySubsequences: false).map { "  | \($0)" }
        return "\(place)\(message)\n  the screen:\n" + framed.joined(separator: "\n")
    }
}
