import Foundation
import GraphQL
import PropertyRules

/// The checks every dialect applies to a mutation's input before it touches the store: the
/// limits the app shares (`PropertyRules`, through `ServerLimits`) and what SQLite cannot keep.
struct InputValidation {
    let limits: ServerLimits

    /// DynamoDB refuses an empty key; a bounded length keeps ids usable as keys and in logs.
    func validID(_ id: String) throws(AppSyncResolverError) -> String {
        guard !id.isEmpty, id.utf8.count <= 256 else { throw .validation("id must be 1 to 256 bytes long.") }
        return id
    }

    func validName(_ value: Map) throws(AppSyncResolverError) -> String {
        guard let name = value.string else { throw .validation("name must be a non-null String.") }
        guard !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw .validation("name must not be empty.") }
        guard name.count <= limits.maxNameLength else {
            throw .validation("name is \(name.count) characters long; the limit is \(limits.maxNameLength).")
        }
        try refuseControlCharacters(name, field: "name")
        return name
    }

    /// nil: not given (leave as is); `.some(nil)`: given as null (clear it).
    func validAddress(_ value: Map?) throws(AppSyncResolverError) -> String?? {
        guard let value else { return nil }
        guard let address = value.string else { return .some(nil) }
        guard address.count <= limits.maxAddressLength else {
            throw .validation("address is \(address.count) characters long; the limit is \(limits.maxAddressLength).")
        }
        try refuseControlCharacters(address, field: "address")
        return .some(address)
    }

    /// The rule the app applies before sending (`PropertyCharacters`): no ESC or other control
    /// character, which a terminal would run rather than show; NUL among them (SQLite text ends
    /// there, so a stored value would come back cut short).
    private func refuseControlCharacters(_ text: String, field: String) throws(AppSyncResolverError) {
        if let bad = PropertyCharacters.firstForbidden(in: text) {
            throw .validation("\(field) must not contain control characters; it contains \(PropertyCharacters.codePoint(bad)).")
        }
    }

    /// A list page's `limit`: the default when absent, at most `maxPageSize`.
    func pageSize(_ limit: Map) throws(AppSyncResolverError) -> Int {
        guard let requested = limit.int else { return limits.defaultPageSize }
        guard requested >= 1 else { throw .validation("limit must be at least 1 (it was \(requested)).") }
        guard requested <= limits.maxPageSize else {
            throw .validation("limit \(requested) is larger than the largest page this server returns (\(limits.maxPageSize)).")
        }
        return requested
    }
}
