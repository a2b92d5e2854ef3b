import Foundation
import Testing
@testable import PropertySync

@Suite struct RealEstatePropertyTests {
    @Test func patchSetsOnlyItsFields() {
        let villa = RealEstateProperty(id: "p1", name: "Villa Rosa", address: "88 Via Roma", version: 3)
        #expect(villa.applying(.init(name: "Villa Blu")).address == "88 Via Roma")
        #expect(villa.applying(.init(name: "Villa Blu")).name == "Villa Blu")
        #expect(villa.applying(.init(address: .some(nil))).address == nil)
        #expect(villa.applying(.init()) == villa)
    }

    @Test func nullDeletedMeansLive() throws {
        let json = #"{"id":"p1","name":"Loft","address":null,"_version":1,"_deleted":null,"_lastChangedAt":1795000000000}"#
        let decoded = try JSONDecoder().decode(RealEstateProperty.self, from: Data(json.utf8))
        #expect(!decoded.isDeleted)
        #expect(decoded.address == nil)
    }

    @Test func decodesAppSyncFieldNames() throws {
        let json = #"{"id":"p1","name":"Loft","address":null,"createdAt":"2026-11-22T10:00:00.000Z","updatedAt":"2026-11-22T10:00:00.000Z","_version":2,"_deleted":true,"_lastChangedAt":1795000000000}"#
        let decoded = try JSONDecoder().decode(RealEstateProperty.self, from: Data(json.utf8))
        #expect(decoded.version == 2)
        #expect(decoded.isDeleted)
        #expect(decoded.lastChangedAt == 1_795_000_000_000)
    }
}
