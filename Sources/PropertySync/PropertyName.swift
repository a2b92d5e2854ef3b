/// A name that passed `PropertyValidation.name`: trimmed, not empty, within the server's limits,
/// free of control characters. The list takes only these, so a name is checked once, where it is
/// typed, and never again on its way to the server.
public struct PropertyName: Sendable, Hashable, CustomStringConvertible {
    public let text: String

    init(checked text: String) {
        self.text = text
    }

    public var description: String { text }
}

/// An address that passed `PropertyValidation.address` (nil text: no address).
public struct PropertyAddress: Sendable, Hashable {
    public let text: String?

    init(checked text: String?) {
        self.text = text
    }

    /// No address (clears it).
    public static let none = PropertyAddress(checked: nil)
}

/// A name or address written in the code itself (tests, the bench, demo data): checked like one
/// typed, and a programming error if it is not valid, as a bad literal URL would be.
extension PropertyName: ExpressibleByStringInterpolation {
    public init(stringLiteral value: String) {
        do throws(InvalidInput) {
            self = try PropertyValidation.name(value)
        } catch {
            preconditionFailure("not a valid property name in the code: \(error.message)")
        }
    }
}

extension PropertyAddress: ExpressibleByStringInterpolation, ExpressibleByNilLiteral {
    public init(nilLiteral: ()) {
        self = .none
    }

    public init(stringLiteral value: String) {
        do throws(InvalidInput) {
            self = try PropertyValidation.address(value)
        } catch {
            preconditionFailure("not a valid address in the code: \(error.message)")
        }
    }
}
