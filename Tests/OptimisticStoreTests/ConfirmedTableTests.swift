@testable import OptimisticStore
import PropertyBased
import Testing

/// The store's index of confirmed records against a `Dictionary` doing the same writes
/// and removals: after every step they hold the same records, and the table's count agrees.
@Suite struct ConfirmedTableTests {
    /// (kind, id, version): few ids, so writes replace and removals hit often; ids are
    /// strings, so that some collide in the 32 hash bits the table keeps only by chance.
    static let step = zip(Gen.int(in: 0...9), Gen.int(in: 0...199), Gen.int(in: 0...9))
    static let steps = step.array(of: 1...600)

    @Test func behavesLikeADictionary() async {
        await propertyCheck(count: 300, input: Self.steps) { steps in
            await Task.yield()
            var table = ConfirmedTable<Home>()
            var model: [Int: (Home, UInt64)] = [:]
            for (index, (kind, id, version)) in steps.enumerated() {
                let stamp = UInt64(index)
                if kind < 3 {
                    #expect(table.remove(id)?.stamp == model.removeValue(forKey: id)?.1)
                } else if kind < 6 {
                    // The newer version wins, in one probe (`upsert`), as the store's writes do.
                    let home = Home(id: id, name: "home \(id) v\(version)", address: nil, version: version)
                    let previous = table.upsert(id) { existing in
                        existing.map { $0.record.version > version } == true ? nil : .init(record: home, stamp: stamp)
                    }
                    #expect(previous?.record == model[id]?.0)
                    if model[id].map({ $0.0.version > version }) != true { model[id] = (home, stamp) }
                } else {
                    let home = Home(id: id, name: "home \(id) v\(version)", address: nil, version: version)
                    table.write(.init(record: home, stamp: stamp))
                    model[id] = (home, stamp)
                }
                #expect(table.count == model.count)
                #expect(table[id]?.record == model[id]?.0)
            }
            for id in 0...199 {
                #expect(table[id]?.record == model[id]?.0)
                #expect(table[id]?.stamp == model[id]?.1)
            }
            #expect(Set(table.entries.map(\.record.id)) == Set(model.keys))
        }
    }

    /// Enough records to grow the buckets several times and fill several chunks, then
    /// every other one removed (backward shifts across long runs) and slots reused.
    @Test func growsRemovesAndReusesSlots() {
        var table = ConfirmedTable<Home>()
        let total = 3 * ConfirmedTable<Home>.chunkSize + 17
        for id in 0..<total { table.write(.init(record: Home(id: id, name: "\(id)"), stamp: UInt64(id))) }
        #expect(table.count == total)
        for id in stride(from: 0, to: total, by: 2) { #expect(table.remove(id)?.record.id == id) }
        #expect(table.count == total / 2)
        for id in 0..<total { #expect((table[id] != nil) == (id % 2 == 1)) }
        let slotsBefore = table.slotsInUse
        for id in stride(from: 0, to: total, by: 2) { table.write(.init(record: Home(id: id, name: "again"), stamp: 0)) }
        #expect(table.slotsInUse == slotsBefore)  // freed slots were reused
        #expect(table.count == total)
        #expect(table.entries.count == total)
        for id in stride(from: 0, to: total, by: 2) { #expect(table[id]?.record.name == "again") }
    }
}
