import AmplifyModels
import Foundation
import Testing
@testable import SyncEngine

/// The sample's record as a `ModelRecord` (its description, `AmplifyModel.realEstateProperty`):
/// one reference to one heap block, and how large that block is (glibc's `malloc_usable_size`,
/// what the allocator really hands out), against what the sample's specialised record took.
@Suite struct ModelRecordSizeTests {
    static func sample(_ id: RecordKey, name: String, address: String?) -> ModelRecord {
        property(
            id, name: name, address: address, createdAt: "2026-11-25T10:00:00.000Z", updatedAt: "2026-11-25T10:00:01.000Z", version: 3,
            lastChangedAt: 1_764_064_801_000)
    }

    /// The usable size of the one block a one-reference record points at; nil without glibc.
    static func blockBytes<Record>(_ record: Record) -> Int? {
        precondition(MemoryLayout<Record>.size == MemoryLayout<AnyObject>.size)
        guard let symbol = dlsym(nil, "malloc_usable_size") else { return nil }
        let usableSize = unsafeBitCast(symbol, to: (@convention(c) (UnsafeRawPointer?) -> Int).self)
        return withUnsafeBytes(of: record) { usableSize($0.load(as: UnsafeRawPointer.self)) }
    }

    /// Each case with the bytes of the block the sample's specialised record (its texts and packed
    /// times in one block) took for it, measured on glibc before the generic record replaced it.
    static let cases: [(name: String, address: String?, specialisedBytes: Int)] = [
        ("Harbour View Loft", "12 Quay St", 120), ("Villa Blu", nil, 104), ("A longer name for a larger house", "1 Long Road, Somewhere", 152),
    ]

    @Test func theSampleAsAModelRecordIsOneBlockOfAboutTheSizeItsSpecialisedRecordWas() throws {
        #expect(MemoryLayout<ModelRecord>.size == MemoryLayout<AnyObject>.size)
        var report: [String] = []
        for (name, address, specialisedBytes) in Self.cases {
            let id = RecordKey.random()
            let record = Self.sample(id, name: name, address: address)
            #expect(record.name == name && record.id == id && record.createdAt == "2026-11-25T10:00:00.000Z")
            guard let recordBytes = Self.blockBytes(record) else { return }
            report.append("\(name.utf8.count)+\((address?.utf8.count).map(String.init) ?? "nil") bytes of text: ModelRecord \(recordBytes) (the specialised record's: \(specialisedBytes))")
            // Not a timing: the generic record must not cost the sample much more memory.
            #expect(recordBytes <= specialisedBytes + 32, "\(report.last!)")
        }
        print("bytes per record (one block each):\n  " + report.joined(separator: "\n  "))
    }
}
