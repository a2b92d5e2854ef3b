import Foundation
import JSONValues
import PropertyRules

/// What a served model's text fields must hold beyond their GraphQL types, refused with a
/// `ValidationException` naming the field. AppSync itself keeps no such rules and a models file
/// cannot state them: the sample's description carries them (`ServedModels.sample`), the rules
/// the app applies before sending (`PropertyRules`), so that a record one of them accepts, the
/// other can show and edit.
struct TextRule: Sendable {
    /// A key's text: 1 to this many bytes (DynamoDB refuses an empty key).
    var keyBytes: Int?
    /// Null refused, and text of only white space.
    var nonBlank = false
    /// Longest, in characters (grapheme clusters).
    var maxLength: Int?
    /// No control character or bidirectional override (`PropertyCharacters`): a terminal runs them.
    var plainText = false

    /// Refuses `value`, given for the field `name`, when it breaks the rule.
    func check(_ value: JSONValue, field name: String) throws(AppSyncResolverError) {
        guard case .string(let text) = value else {
            if nonBlank { throw .validation("\(name) must be a non-null String.") }
            return
        }
        if let keyBytes, text.isEmpty || text.utf8.count > keyBytes { throw .validation("\(name) must be 1 to \(keyBytes) bytes long.") }
        if nonBlank, text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { throw .validation("\(name) must not be empty.") }
        if let maxLength, text.count > maxLength { throw .validation("\(name) is \(text.count) characters long; the limit is \(maxLength).") }
        if plainText, let bad = PropertyCharacters.firstForbidden(in: text) {
            throw .validation("\(name) must not contain control characters; it contains \(PropertyCharacters.codePoint(bad)).")
        }
    }
}
