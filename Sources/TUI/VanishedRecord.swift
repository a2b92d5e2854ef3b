import PropertySync
import ScreenValues

/// A property the user was looking at or editing that disappeared under them: the
/// screen keeps it (and what was typed) and says why, instead of closing and letting
/// the next keys fall through to the list as commands.
public struct VanishedRecord: Sendable, Equatable {
    public enum Cause: Sendable, Equatable {
        /// It was created here and never confirmed: the server refused the create.
        case createRefused
        /// It was on the server, and a change or refresh from there removed it.
        case deletedElsewhere
    }

    /// The property as it was last shown.
    public var property: RealEstateProperty
    public var cause: Cause

    /// Tells a refused create (never on the server) from a record the server had.
    public init(lastShown property: RealEstateProperty) {
        self.property = property
        cause = property.createdAt == nil ? .createRefused : .deletedElsewhere
    }

    /// "“Alpha” was deleted elsewhere" / "The server refused to add “Alpha”". A long name is cut to 32 columns,
    /// so that what happened, and what ⏎ and Esc do, still fit the status line.
    var headline: String {
        let name = TerminalText.truncated(property.name, toWidth: 32)
        return switch cause {
        case .createRefused: "The server refused to add “\(name)”"
        case .deletedElsewhere: "“\(name)” was deleted elsewhere"
        }
    }

    /// A few words for a prompt label: "deleted elsewhere" / "add refused".
    var shortCause: String {
        switch cause {
        case .createRefused: "refused by the server"
        case .deletedElsewhere: "deleted elsewhere"
        }
    }
}
