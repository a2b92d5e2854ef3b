import AmplifyModels
import AppSync
import OptimisticStore

/// What one subscription event says about one of the sample's records.
typealias RemoteEvent = RemoteRecordEvent<RealEstateProperty>

extension APIDialect {
    /// Reads `{"onUpdateRealEstateProperty": {…}}`'s record. `known` is the confirmed copy, if any:
    /// an event whose `address` is null while the known copy has one may be partial, and is read
    /// again rather than trusted (one read when an address was really cleared).
    func remoteEvent(_ event: WireRecord, deletion: Bool, known: RealEstateProperty?) -> RemoteEvent {
        guard let id = event.id else { return .unreadable }
        if hasVersions {
            guard var record = try? event.versionedRecord() else { return .partial(id: id) }
            if deletion {
                record.isDeleted = true
                return .record(record)
            }
            return blanksKnownAddress(record, known) ? .partial(id: id) : .record(record)
        }
        if deletion {
            // Gone on the server, whatever else the event holds: no read can say more (there are no tombstones).
            if let record = event.plainRecord { return .record(record.deletedOnPlainDialect()) }
            guard let known else { return .notHeld }
            return .record(known.tombstone(atLeast: max(known.version, event.stamp ?? 0) + 1))
        }
        guard let record = event.plainRecord else { return .partial(id: id) }
        return blanksKnownAddress(record, known) ? .partial(id: id) : .record(record)
    }

    private func blanksKnownAddress(_ record: RealEstateProperty, _ known: RealEstateProperty?) -> Bool {
        record.address == nil && known?.address != nil && known?.isDeleted == false
    }
}
