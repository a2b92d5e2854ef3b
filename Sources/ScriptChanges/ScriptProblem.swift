/// Why a script command cannot go on, sorted by what the user must fix: the command itself
/// (an unknown field: the usage exit code, 64), or the data it carries (a value the field does
/// not take: 65). The proptui command maps each to its exit code.
public enum ScriptProblem: Error, Sendable, Hashable, CustomStringConvertible {
    case usage(String)
    case invalidData(String)

    public var description: String {
        switch self {
        case .usage(let message), .invalidData(let message): message
        }
    }
}
