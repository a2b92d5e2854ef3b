import AmplifyModels
import SyncEngine
import Testing
@testable import ListRows

/// `SlotIndex` against a plain dictionary: ids added, removed and added again (slots reused),
/// through many doublings and long probe chains; after each step every id present is found at
/// its slot and every id removed is not found.
@Suite struct SlotIndexTests {
    static func row(_ id: RecordKey) -> (ListingRow, RowPlace) {
        let row = ListingRow(listing(id, "Name"))
        return (row, RowTable<ListingRows>.place(of: row, createdAt: nil, arrival: 0))
    }

    @Test(arguments: [1, 2, 3])
    func randomAddsAndRemovalsMatchADictionary(seed: UInt64) {
        var generator = RowStoreScaleTests.SplitMix(state: seed)
        var entries = RowTable<ListingRows>()
        var index = SlotIndex()
        var model: [RecordKey: Int32] = [:]
        var free: [Int32] = []
        var gone: Set<RecordKey> = []
        for step in 0..<40 {
            for _ in 0..<Int.random(in: 0...800, using: &generator) {
                // Mostly new ids, some coming back after a removal.
                let id = Bool.random(using: &generator) || gone.isEmpty
                    ? "id\(Int.random(in: 0..<1_000_000_000, using: &generator))" : gone.randomElement(using: &generator)!
                guard model[id] == nil else { continue }
                gone.remove(id)
                let slot: Int32
                if let reused = free.popLast() {
                    slot = reused
                    let (row, place) = Self.row(id)
                    entries.put(row, place, at: Int(slot))
                } else {
                    let (row, place) = Self.row(id)
                    entries.append(row, place)
                    slot = Int32(entries.count - 1)
                }
                index.insert(slot, in: entries)
                model[id] = slot
            }
            let share = step.isMultiple(of: 5) ? 0.7 : 0.1
            for id in model.keys.shuffled(using: &generator).prefix(Int(Double(model.count) * share)) {
                let slot = model[id]!
                index.remove(id, in: entries)
                index.remove(id, in: entries)  // a second time: nothing
                entries.clear(Int(slot))
                free.append(slot)
                model[id] = nil
                gone.insert(id)
            }
            #expect(index.count == model.count, "step \(step)")
            for (id, slot) in model { #expect(index.slot(of: id, in: entries) == slot, "step \(step): \(id)") }
            for id in gone.prefix(500) { #expect(index.slot(of: id, in: entries) == nil, "step \(step): gone \(id)") }
        }
    }

    @Test func anIndexSizedAheadFindsWhatWasAdded() {
        var entries = RowTable<ListingRows>()
        var index = SlotIndex(capacity: 5_000)
        for n in 0..<5_000 {
            let (row, place) = Self.row("row\(n)")
            entries.append(row, place)
            index.insert(Int32(n), in: entries)
        }
        #expect(index.count == 5_000)
        #expect((0..<5_000).allSatisfy { index.slot(of: "row\($0)", in: entries) == Int32($0) })
        #expect(index.slot(of: "row5000", in: entries) == nil)
    }
}
