@testable import AmplifyModels
import AppSync
import Foundation
import Testing
@testable import SyncEngine

/// The sample's record as the app holds it (a `ModelRecord` of its model), keeping what its own
/// specialised record promised: one reference that behaves as a plain value (a copy changed
/// leaves the original: `ModelRecordTests`), equality and hashing that see every field, the
/// server's times packed where they have the server's shape and every text read back exactly as
/// it came, and AppSync's names read from an answer's bytes.
@Suite struct SampleRecordTests {
    let original = property(
        .random(), name: "Harbour View Loft", address: "12 Quay St", createdAt: "2026-11-25T10:00:00.000Z",
        updatedAt: "2026-11-25T10:00:01.000Z", version: 3, lastChangedAt: 1_764_064_801_000)

    /// Whether a text is kept packed in a record's block (8 bytes, not the text).
    static func packs(_ text: String) -> Bool {
        var bytes: [UInt8] = []
        RecordBytes.append(.string(text), to: &bytes)
        return bytes.first == RecordBytes.Tag.dateTime.rawValue
    }

    static func read(_ json: String) throws -> WireModelRecord {
        try JSONReader.read(Array(json.utf8)) { reader throws(JSONReadError) in try WireModelRecord(json: &reader, layout: sampleLayout) }
    }

    // MARK: - A value

    @Test func aRecordIsOneReference() {
        #expect(MemoryLayout<ModelRecord>.size == MemoryLayout<AnyObject>.size)
        #expect(MemoryLayout<ModelRecord?>.size == MemoryLayout<AnyObject>.size)
    }

    @Test func everyFieldReadsBackAsWritten() {
        var record = original
        record.name = ""
        record.address = ""
        #expect(record.name == "" && record.address == "")
        record.address = nil
        #expect(record.address == nil && record != original)
        record["createdAt"] = .string("2026-11-25T10:00:00+01:00")
        #expect(record.createdAt == "2026-11-25T10:00:00+01:00" && record.updatedAt == original.updatedAt)
        record.lastChangedAt = 0
        #expect(record.lastChangedAt == 0)
        record.lastChangedAt = nil
        #expect(record.lastChangedAt == nil)
        record.name = "日本の家 ✓"
        #expect(record.name == "日本の家 ✓")
    }

    @Test func equalRecordsMadeApartAreEqualAndHashAlike() {
        let twin = property(
            original.id, name: "Harbour View Loft", address: "12 Quay St", createdAt: "2026-11-25T10:00:00.000Z",
            updatedAt: "2026-11-25T10:00:01.000Z", version: 3, lastChangedAt: 1_764_064_801_000)
        #expect(twin == original && twin.hashValue == original.hashValue)
        var renamedBack = original
        renamedBack.name = "Other"
        renamedBack.name = "Harbour View Loft"
        #expect(renamedBack == original && renamedBack.hashValue == original.hashValue)
        // A name that ends where the address begins is not the same record.
        let shifted = property(original.id, name: "Harbour View Loft12", address: " Quay St")
        let unshifted = property(original.id, name: "Harbour View Loft", address: "12 Quay St")
        #expect(shifted != unshifted)
    }

    @Test func aPatchSetsOnlyItsFields() {
        let villa = property("p1", name: "Villa Rosa", address: "88 Via Roma", version: 3)
        #expect(villa.applying(propertyPatch(name: "Villa Blu")).address == "88 Via Roma")
        #expect(villa.applying(propertyPatch(name: "Villa Blu")).name == "Villa Blu")
        #expect(villa.applying(propertyPatch(address: .some(nil))).address == nil)
        #expect(villa.applying(propertyPatch()) == villa)
    }

    // MARK: - The server's times

    @Test func theServersShapePacksAndReadsBackTheSame() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let millis = Int64.random(in: 0..<253_402_300_800_000, using: &random)  // up to 9999-12-31
            let date = Date(timeIntervalSince1970: Double(millis / 1000))
            let text = String(Date.ISO8601FormatStyle().format(date).dropLast() + String(format: ".%03dZ", Int(millis % 1000)))
            #expect(Self.packs(text), "\(text)")
            let record = property("a", name: "b", createdAt: text, updatedAt: text)
            #expect(record.createdAt == text)
            #expect(record.updatedAt == text)
            // What the plain dialect orders copies by.
            #expect(AWSDateTimeMilliseconds.parse(text) == millis)
        }
    }

    /// A record read from an answer's bytes is the record made from the same texts: packed where
    /// they pack, kept as text where they do not.
    @Test func aRecordReadFromBytesIsTheRecordMadeFromItsTexts() throws {
        for createdAt in ["2024-03-14T09:26:53.123Z", "2024-03-14T10:26:53.123+01:00"] {
            let json = #"{"id":"p1","name":"Villa","address":null,"createdAt":"\#(createdAt)","updatedAt":"2024-03-14T09:26:53.124Z","_version":3,"_deleted":null,"_lastChangedAt":7,"unknown":[1]}"#
            let wire = try Self.read(json)
            let expected = property("p1", name: "Villa", createdAt: createdAt, updatedAt: "2024-03-14T09:26:53.124Z", version: 3, lastChangedAt: 7)
            #expect(try wire.versionedRecord() == expected)
            #expect(try wire.plainRecord().version == 1_710_408_413_124)
        }
    }

    /// Other shapes are kept as text, byte for byte (the server's shape with digits no date has
    /// is packed by its digits, and reads back as it came too); a text of the server's shape set
    /// again is held packed, equal to a record made with it.
    @Test func otherShapesAreKeptAsTheyCame() {
        let unusual = ["2024-03-14T09:26:53Z", "2024-03-14T09:26:53.123456Z", "2024-03-14T10:26:53.123+01:00",
                       "2024-03-14", "", "é2024-03-14T09:26:53.123Z"]
        let noDate = ["2024-13-14T09:26:53.123Z", "2024-03-14T24:26:53.123Z"]
        for text in unusual + noDate {
            #expect(Self.packs(text) == noDate.contains(text), "\(text)")
            var record = property("a", name: "b", createdAt: text, updatedAt: "2024-03-14T09:26:53.123Z")
            #expect(record.createdAt == text)
            #expect(record.updatedAt == "2024-03-14T09:26:53.123Z")
            #expect(record == property("a", name: "b", createdAt: text, updatedAt: "2024-03-14T09:26:53.123Z"))
            record["createdAt"] = .string("2024-03-14T09:26:53.123Z")
            #expect(record == property("a", name: "b", createdAt: "2024-03-14T09:26:53.123Z", updatedAt: "2024-03-14T09:26:53.123Z"))
        }
    }

    // MARK: - AppSync's names

    @Test func aNullDeletedMeansLive() throws {
        let record = try Self.read(#"{"id":"p1","name":"Loft","address":null,"_version":1,"_deleted":null,"_lastChangedAt":1795000000000}"#)
            .versionedRecord()
        #expect(!record.isDeleted)
        #expect(record.address == nil)
    }

    @Test func appSyncsFieldNamesAreRead() throws {
        let json = #"{"id":"p1","name":"Loft","address":null,"createdAt":"2026-11-22T10:00:00.000Z","updatedAt":"2026-11-22T10:00:00.000Z","_version":2,"_deleted":true,"_lastChangedAt":1795000000000}"#
        let record = try Self.read(json).versionedRecord()
        #expect(record.version == 2)
        #expect(record.isDeleted)
        #expect(record.lastChangedAt == 1_795_000_000_000)
    }
}
