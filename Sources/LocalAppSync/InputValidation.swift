import GraphQL

/// The checks every request's arguments get before the store is read: a page's size. (What a
/// mutation's input must hold is each field's type, `FieldValueCodec`, and its model's text
/// rules, `TextRule`.)
struct InputValidation {
    let limits: ServerLimits

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
