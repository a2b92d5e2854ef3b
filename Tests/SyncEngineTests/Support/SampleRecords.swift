import AmplifyModels
import Foundation
import OptimisticStore
@testable import SyncEngine

/// The sample as the app runs it: the model `RealEstateProperty` (`AmplifyModel.realEstateProperty`),
/// its records `ModelRecord`s of this layout (as `proptui-bench`'s `SampleModel` makes them).
let sampleLayout = try! RecordLayout(model: .realEstateProperty, schema: .realEstateProperty)

/// A record of the sample's model: a name, perhaps an address, and what the server keeps.
func property(
    _ id: RecordKey, name: String, address: String? = nil, createdAt: String? = nil, updatedAt: String? = nil,
    version: Int = 0, isDeleted: Bool = false, lastChangedAt: Int64? = nil
) -> ModelRecord {
    var values: [String: ModelValue] = ["name": .string(name)]
    values["address"] = address.map(ModelValue.string)
    values["createdAt"] = createdAt.map(ModelValue.string)
    values["updatedAt"] = updatedAt.map(ModelValue.string)
    return ModelRecord(
        layout: sampleLayout, key: id, values: values, version: version, isDeleted: isDeleted, lastChangedAt: lastChangedAt)
}

/// The two properties most of the list's tests start from, as the server confirmed them.
let villa = property("villa", name: "Villa Rosa", address: "88 Via Roma", version: 1)
let loft = property("loft", name: "Harbour View Loft", address: "12 Quay St", version: 1)

/// An update of the sample's fields; absent ones are left as they are, `address: .some(nil)` clears it.
func propertyPatch(name: String? = nil, address: String?? = nil) -> ModelRecordPatch {
    var changes: [String: ModelValue] = [:]
    if let name { changes["name"] = .string(name) }
    if let address { changes["address"] = address.map(ModelValue.string) ?? .null }
    return ModelRecordPatch(changes)
}

/// The sample's two fields, read and set as the sample's own record had them.
extension ModelRecord {
    var name: String {
        get { if case .string(let name)? = self["name"] { name } else { "" } }
        set { self["name"] = .string(newValue) }
    }

    var address: String? {
        get { if case .string(let address)? = self["address"] { address } else { nil } }
        set { self["address"] = newValue.map(ModelValue.string) ?? .null }
    }
}

/// `"villa"` where a key is expected.
extension RecordKey: ExpressibleByStringInterpolation {
    public init(stringLiteral text: String) { self.init(text) }
}

/// The sample's changes as its screen made them: checked as the form checks what is typed.
extension RecordList where Record == ModelRecord {
    /// Adds a property at once; returns its key (a client UUID).
    @discardableResult
    func create(name: String, address: String? = nil) throws -> RecordKey {
        var values: [String: ModelValue] = ["name": .string(name)]
        if let address { values["address"] = .string(address) }
        let record = try ModelRecord.checked(values, layout: sampleLayout)
        try create(record)
        return record.id
    }

    func rename(_ id: RecordKey, to name: String) throws {
        try update(id, ModelRecordPatch.checked(["name": .string(name)], layout: sampleLayout))
    }

    /// nil clears the address.
    func editAddress(_ id: RecordKey, to address: String?) throws {
        try update(id, ModelRecordPatch.checked(["address": address.map(ModelValue.string) ?? .null], layout: sampleLayout))
    }
}

extension SyncStorage {
    /// The sample's cache and outbox in this file, as the app opens them.
    func sampleCache() throws -> ModelCache { try cache(for: sampleLayout) }
}

/// A private database in memory holding the sample's cache and outbox.
func sampleCache() throws -> ModelCache { try SyncStorage().sampleCache() }

extension ModelCache {
    /// Everything kept: every cached record once, in the order stored, the outbox in order, and
    /// when the cache was last refreshed.
    func load() throws -> CacheSnapshot<ModelRecord> {
        let (start, _) = try loadStart(firstBatch: 0)
        let confirmed = try cachedRecords(after: SyncStorage.CachePosition(rowID: 0), limit: Int.max).records
        return CacheSnapshot(confirmed: confirmed, pending: start.pending, refreshedAt: start.refreshedAt, cachedCount: confirmed.count)
    }

    /// A whole refresh: the cache becomes exactly `records`.
    func replaceConfirmed(with records: [ModelRecord], refreshedAt: Date) throws {
        try clearCache()
        try merge(records)
        try remove([], refreshedAt: refreshedAt, rowCount: records.count)
    }
}

extension ModelRecordPatch {
    /// The name it gives, when it renames a property.
    var name: String? { if case .string(let name)? = changes["name"] { name } else { nil } }
}
