import GraphQL

extension Map {
    /// The value of an input object's field, or nil when the field is absent. (Subscripting a
    /// `Map` answers `.null` for both, but a partial update must tell "clear" from "leave".)
    func field(_ key: String) -> Map? {
        guard case .dictionary(let fields) = self, let value = fields[key], !value.isUndefined else { return nil }
        return value
    }
}
