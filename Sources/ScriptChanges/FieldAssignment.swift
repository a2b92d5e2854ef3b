import Foundation

/// One `field=value` of `--set` or `--expect`, as typed: split at the first `=`, so a value may
/// hold `=` itself (`--set note=a=b`). The value is text, read as the form reads what is typed
/// into the field (`FieldValueCodec.value(typed:)`): empty is null.
public struct FieldAssignment: Sendable, Hashable {
    public var field: String
    public var text: String

    public init(field: String, text: String) {
        self.field = field
        self.text = text
    }

    /// `name=Villa Rosa`; a usage problem when there is no `=` or no field name before it.
    public init(parsing argument: String, option: String) throws(ScriptProblem) {
        guard let equals = argument.firstIndex(of: "=") else {
            throw .usage("\(option) \(argument): give field=value")
        }
        let field = String(argument[..<equals]).trimmingCharacters(in: .whitespaces)
        guard !field.isEmpty else { throw .usage("\(option) \(argument): the field name is missing before =") }
        self.init(field: field, text: String(argument[argument.index(after: equals)...]))
    }

    /// Every argument of one option; a field given twice is a mistake, not a last-one-wins.
    public static func parse(_ arguments: [String], option: String) throws(ScriptProblem) -> [FieldAssignment] {
        var seen: Set<String> = []
        var assignments: [FieldAssignment] = []
        for argument in arguments {
            let assignment = try FieldAssignment(parsing: argument, option: option)
            guard seen.insert(assignment.field).inserted else { throw .usage("\(option) names \(assignment.field) twice") }
            assignments.append(assignment)
        }
        return assignments
    }
}
