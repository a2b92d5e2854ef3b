/// Input checked before anything is sent: the message says what is wrong.
public struct InvalidInput: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
