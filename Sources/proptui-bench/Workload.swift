import AmplifyModels
import Foundation
import OptimisticStore
import SyncEngine

/// One seeded sequence of user operations on `records` initial properties, played
/// against both engines. Every step carries what each engine needs, worked out in
/// advance so that generating it (strings, the server's answer) is never timed.
struct Workload {
    struct Step {
        enum Kind { case rename, addressEdit, delete, create }

        let kind: Kind
        /// The user's change, for our engine (the sample's model as the app keeps it).
        let change: LocalChange<ModelRecord>
        /// The server's answer to it: the fold result with `_version` + 1, a tombstone
        /// for a delete, the record at version 1 for a create.
        let serverRecord: ModelRecord
        /// The same change as the sample's UI makes it.
        let sampleCall: SampleCall
        /// How many properties are visible after this step.
        let visibleCount: Int

        var recordID: RecordKey { serverRecord.id }
        /// What the user sees of the record once the step is settled (nil: gone).
        var expectedRecord: ModelRecord? { kind == .delete ? nil : serverRecord }
    }

    let records: Int
    let seed: UInt64
    let steps: [Step]

    /// Renames about 70% of the time, address edits 10%, deletes 10% and creates 10%,
    /// each on a uniformly random record that exists at that point.
    init(records: Int, steps count: Int, seed: UInt64) {
        self.records = records
        self.seed = seed
        var random = SplitMix64(seed: seed)
        // Indexes of the visible records; creates get indexes from `records` up.
        var visible = Array(0..<records)
        // Records the sequence has changed; the others are still `Catalog.listing(index)`.
        var changed: [Int: Listing] = [:]
        var steps: [Step] = []
        steps.reserveCapacity(count)

        for _ in 0..<count {
            let roll = random.next(below: 100)
            if roll >= 90 || visible.isEmpty {
                let local = Catalog.newListing(using: &random)
                var confirmed = local
                // The server stamps the new record; "now" moves on by a second per step.
                confirmed.createdAt = Catalog.firstCreation + 2 * 365 * 86_400 + Int64(steps.count)
                confirmed.updatedAt = confirmed.createdAt
                confirmed.version = 1
                changed[records + steps.count] = confirmed
                visible.append(records + steps.count)
                steps.append(Step(
                    kind: .create, change: .create(local.storeRecord()), serverRecord: confirmed.storeRecord(),
                    sampleCall: .create(local.sampleProperty), visibleCount: visible.count))
                continue
            }
            let slot = random.next(below: visible.count)
            let index = visible[slot]
            let current = changed[index] ?? Catalog.listing(index, seed: seed)
            var next = current
            next.version += 1
            let kind: Step.Kind
            let change: LocalChange<ModelRecord>
            switch roll {
            case ..<70:
                kind = .rename
                next.name = Catalog.name(using: &random)
                change = .update(RecordKey(current.id), ModelRecordPatch(["name": .string(next.name)]))
            case ..<80:
                kind = .addressEdit
                next.address = random.next(below: 10) == 0 ? nil : Catalog.address(using: &random)
                change = .update(RecordKey(current.id), ModelRecordPatch(["address": next.address.map(ModelValue.string) ?? .null]))
            default:
                kind = .delete
                change = .delete(RecordKey(current.id))
                visible.swapAt(slot, visible.count - 1)
                visible.removeLast()
            }
            changed[index] = kind == .delete ? nil : next
            steps.append(Step(
                kind: kind, change: change, serverRecord: next.storeRecord(deleted: kind == .delete),
                // The sample's UI passes the whole edited property; a delete passes the property as shown.
                sampleCall: kind == .delete ? .delete(current.sampleProperty) : .update(next.sampleProperty),
                visibleCount: visible.count))
        }
        self.steps = steps
    }

    /// The initial records as a refresh would deliver them to our engine (version 1).
    func initialStoreRecords() -> [ModelRecord] {
        (0..<records).map { Catalog.listing($0, seed: seed).storeRecord() }
    }

    /// The same records as the sample's list query would deliver them.
    func initialSampleProperties() -> [SampleProperty] {
        (0..<records).map { Catalog.listing($0, seed: seed).sampleProperty }
    }
}

extension Listing {
    func storeRecord(deleted: Bool = false) -> ModelRecord { SampleModel.record(self, deleted: deleted) }

    var sampleProperty: SampleProperty {
        SampleProperty(
            id: id, name: name, address: address,
            createdAt: createdAt.map { Date(timeIntervalSince1970: Double($0)) },
            updatedAt: updatedAt.map { Date(timeIntervalSince1970: Double($0)) })
    }
}
