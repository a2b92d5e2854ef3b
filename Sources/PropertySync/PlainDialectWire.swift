import AmplifyModels
import AppSync

/// The plain (Gen 2) dialect on the wire: records without versions, and writes guarded by a
/// `condition` built from what the change was made against (see `APIDialect`).
enum PlainDialectWire {
    /// `ModelRealEstatePropertyConditionInput`: every field the change sets still holds the
    /// value of its base. A base of `null` may be stored as an absent attribute or as a
    /// `null` one, so it accepts both. Nil when there is nothing to check (no base known).
    static func condition(changing fields: [String], of base: RealEstateProperty?) -> JSONValue? {
        guard let base else { return nil }
        let clauses: [JSONValue] = fields.map { field in
            let value: String? = field == "name" ? base.name : base.address
            guard let value else {
                return .object(["or": .array([
                    .object([field: .object(["attributeExists": .bool(false)])]),
                    .object([field: .object(["attributeType": .string("_null")])]),
                ])])
            }
            return .object([field: .object(["eq": .string(value)])])
        }
        switch clauses.count {
        case 0: return nil
        case 1: return clauses[0]
        default: return .object(["and": .array(clauses)])
        }
    }

    /// The fields an update sets, by their GraphQL names.
    static func changedFields(_ patch: RealEstatePropertyPatch) -> [String] {
        (patch.name != nil ? ["name"] : []) + (patch.address != nil ? ["address"] : [])
    }

    /// A delete is conditioned on what the user saw: its name and address.
    static let fieldsSeen = ["name", "address"]

    /// `filter: {updatedAt: {gt: …}}`: what changed after that time (server clock, epoch ms).
    static func changedSince(_ milliseconds: Int64) -> JSONValue {
        .object(["updatedAt": .object(["gt": .string(AWSDateTimeMilliseconds.text(milliseconds))])])
    }
}

extension RealEstateProperty {
    /// A deleted record as the plain dialect's event carries it (the item as it was): deleted
    /// one step after its last write, so that a late copy of it does not bring it back. Only
    /// the item's own write counts: a newer copy the list knows is its re-creation (a create
    /// retried after the delete, whose event came first), which this late deletion must not hide.
    func deletedOnPlainDialect() -> RealEstateProperty {
        tombstone(atLeast: version + 1)
    }
}
