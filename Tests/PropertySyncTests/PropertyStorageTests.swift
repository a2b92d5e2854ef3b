import Testing
@testable import PropertySync

/// A record is one reference to one block, and still behaves as a plain value: a copy changed
/// leaves the original as it was, and equality and hashing see every field.
@Suite struct PropertyStorageTests {
    let original = RealEstateProperty(
        id: .random(), name: "Harbour View Loft", address: "12 Quay St", createdAt: "2026-11-25T10:00:00.000Z",
        updatedAt: "2026-11-25T10:00:01.000Z", version: 3, lastChangedAt: 1_764_064_801_000)

    @Test func aRecordIsOneReference() {
        #expect(MemoryLayout<RealEstateProperty>.size == MemoryLayout<AnyObject>.size)
        #expect(MemoryLayout<RealEstateProperty?>.size == MemoryLayout<AnyObject>.size)
    }

    @Test func changingACopyLeavesTheOriginal() {
        let before = original
        let changes: [(String, (inout RealEstateProperty) -> Void)] = [
            ("id", { $0.id = .random() }),
            ("name", { $0.name = "Another name, longer than the first one" }),
            ("address", { $0.address = nil }),
            ("empty address", { $0.address = "" }),
            ("version", { $0.version += 1 }),
            ("deleted", { $0.isDeleted = true }),
            ("last changed", { $0.lastChangedAt = nil }),
            ("created", { $0.createdAt = "2026-11-25T10:00:00Z" }),  // does not pack: kept as text
            ("updated", { $0.updatedAt = nil }),
        ]
        var seen: Set<RealEstateProperty> = [original]
        for (field, change) in changes {
            var copy = original
            change(&copy)
            #expect(original == before, "changing \(field) of a copy changed the original")
            #expect(copy != original, "\(field)")
            #expect(seen.insert(copy).inserted, "\(field): hashed as another record")
        }
        #expect(original.name == "Harbour View Loft" && original.address == "12 Quay St" && original.version == 3)
    }

    @Test func everyFieldReadsBackAsWritten() {
        var record = original
        record.name = ""
        record.address = ""
        #expect(record.name == "" && record.address == "")
        record.address = nil
        #expect(record.address == nil && record != original)
        record.createdAt = "2026-11-25T10:00:00+01:00"
        #expect(record.createdAt == "2026-11-25T10:00:00+01:00" && record.updatedAt == original.updatedAt)
        record.lastChangedAt = 0
        #expect(record.lastChangedAt == 0)
        record.lastChangedAt = nil
        #expect(record.lastChangedAt == nil)
        record.name = "日本の家 ✓"
        #expect(record.name == "日本の家 ✓")
        #expect(record.withTextsUTF8 { name, address in Array(name) == Array("日本の家 ✓".utf8) && address == nil })
    }

    @Test func equalRecordsMadeApartAreEqualAndHashAlike() {
        let twin = RealEstateProperty(
            id: original.id, name: "Harbour View Loft", address: "12 Quay St", createdAt: "2026-11-25T10:00:00.000Z",
            updatedAt: "2026-11-25T10:00:01.000Z", version: 3, lastChangedAt: 1_764_064_801_000)
        #expect(twin == original && twin.hashValue == original.hashValue)
        var renamedBack = original
        renamedBack.name = "Other"
        renamedBack.name = "Harbour View Loft"
        #expect(renamedBack == original && renamedBack.hashValue == original.hashValue)
        // A name that ends where the address begins is not the same record.
        let shifted = RealEstateProperty(id: original.id, name: "Harbour View Loft12", address: " Quay St")
        let unshifted = RealEstateProperty(id: original.id, name: "Harbour View Loft", address: "12 Quay St")
        #expect(shifted != unshifted)
    }
}
