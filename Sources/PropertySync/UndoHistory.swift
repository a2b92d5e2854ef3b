import Foundation
import OptimisticStore

/// The user's changes, newest last, each with what the record was before, so
/// that `u` can issue the change that puts it back.
struct UndoHistory {
    struct Entry {
        let kind: OperationSummary.Kind
        let recordID: String
        let before: RealEstateProperty?
        let after: RealEstateProperty?

        var recordName: String { (before ?? after)?.name ?? "" }

        /// The change that restores `before`, given what the record shows now;
        /// nil when there is nothing left to undo (it was reverted, or changed since).
        func inverse(current: RealEstateProperty?) -> LocalChange<RealEstateProperty>? {
            switch (before, current) {
            case (nil, let current?) where kind == .create:
                return .delete(current.id)
            case (let before?, nil) where kind == .delete:
                // The deleted record cannot come back under its id (the server keeps a tombstone).
                return .create(RealEstateProperty(id: UUIDString.make(), name: before.name, address: before.address))
            case (let before?, let current?) where kind == .rename && current.name != before.name:
                return .update(current.id, RealEstatePropertyPatch(name: before.name))
            case (let before?, let current?) where kind == .editAddress && current.address != before.address:
                return .update(current.id, RealEstatePropertyPatch(address: .some(before.address)))
            default:
                return nil
            }
        }
    }

    private var entries: [Entry] = []
    /// Enough for any session; the oldest are forgotten.
    static let limit = 100

    mutating func record(kind: OperationSummary.Kind, recordID: String, before: RealEstateProperty?, after: RealEstateProperty?) {
        entries.append(Entry(kind: kind, recordID: recordID, before: before, after: after))
        if entries.count > Self.limit { entries.removeFirst(entries.count - Self.limit) }
    }

    mutating func popLast() -> Entry? { entries.popLast() }
}

/// Client-generated ids: lower-case UUIDs, as Amplify generates them.
enum UUIDString {
    static func make() -> String { UUID().uuidString.lowercased() }
}
