import AmplifyModels
import Foundation
import Testing
@testable import PropertySync

/// The sample's record as a `ModelRecord` (its description, `AmplifyModel.realEstateProperty`)
/// against its specialised `RealEstateProperty`: both one reference to one heap block, and how
/// large that block is (glibc's `malloc_usable_size`, what the allocator really hands out).
@Suite struct ModelRecordSizeTests {
    static let layout = try! RecordLayout(model: .realEstateProperty, schema: .realEstateProperty)

    static func sample(_ id: PropertyID, name: String, address: String?) -> (RealEstateProperty, ModelRecord) {
        let created = "2026-11-25T10:00:00.000Z", updated = "2026-11-25T10:00:01.000Z"
        let property = RealEstateProperty(
            id: id, name: name, address: address, createdAt: created, updatedAt: updated, version: 3, lastChangedAt: 1_764_064_801_000)
        let record = ModelRecord(
            layout: layout, key: RecordKey(id.text),
            values: ["name": .string(name), "address": address.map(ModelValue.string) ?? .null, "createdAt": .string(created), "updatedAt": .string(updated)],
            version: 3, lastChangedAt: 1_764_064_801_000)
        return (property, record)
    }

    /// The usable size of the one block a one-reference record points at; nil without glibc.
    static func blockBytes<Record>(_ record: Record) -> Int? {
        precondition(MemoryLayout<Record>.size == MemoryLayout<AnyObject>.size)
        guard let symbol = dlsym(nil, "malloc_usable_size") else { return nil }
        let usableSize = unsafeBitCast(symbol, to: (@convention(c) (UnsafeRawPointer?) -> Int).self)
        return withUnsafeBytes(of: record) { usableSize($0.load(as: UnsafeRawPointer.self)) }
    }

    @Test func theSampleAsAModelRecordIsOneBlockOfAboutTheSameSize() throws {
        #expect(MemoryLayout<ModelRecord>.size == MemoryLayout<AnyObject>.size)
        let cases: [(String, String?)] = [("Harbour View Loft", "12 Quay St"), ("Villa Blu", nil), ("A longer name for a larger house", "1 Long Road, Somewhere")]
        var report: [String] = []
        for (name, address) in cases {
            let (property, record) = Self.sample(.random(), name: name, address: address)
            #expect(record["name"] == .string(name) && record.id.text == property.id.text && record.createdAt == property.createdAt)
            guard let propertyBytes = Self.blockBytes(property), let recordBytes = Self.blockBytes(record) else { return }
            report.append("\(name.utf8.count)+\((address?.utf8.count).map(String.init) ?? "nil") bytes of text: RealEstateProperty \(propertyBytes), ModelRecord \(recordBytes)")
            // Not a timing: the generic record must not cost the sample much more memory.
            #expect(recordBytes <= propertyBytes + 32, "\(report.last!)")
        }
        print("bytes per record (one block each):\n  " + report.joined(separator: "\n  "))
    }
}
