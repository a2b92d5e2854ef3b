import Testing
@testable import ListRows

/// `OrderedSlots` against a plain sorted array: random inserts and removals, in batches and
/// one at a time, past many chunk splits and emptied chunks; after each step the two agree on
/// every position, and on where each slot is (or that it is not there).
@Suite struct OrderedSlotsTests {
    /// Slots compare by a key table (ties by slot), as the store's compare by rows. The coarse
    /// key: the key over 7 (so it ties often), then the key; unknown for every fifth key, its
    /// second part unknown for every third.
    struct Keys: SlotOrder {
        var keys: [Int] = []
        func precedes(_ a: Int32, _ b: Int32) -> Bool {
            keys[Int(a)] != keys[Int(b)] ? keys[Int(a)] < keys[Int(b)] : a < b
        }
        func key(of slot: Int32) -> SlotKey {
            let key = keys[Int(slot)]
            if key % 5 == 0 { return .unknown }
            return SlotKey(primary: UInt64(key / 7 + 1), secondary: key % 3 == 0 ? 0 : UInt64(key + 1))
        }
    }

    func expectSame(_ list: OrderedSlots, _ model: [Int32], _ keys: Keys, absent: [Int32], _ step: String) {
        #expect(list.count == model.count, "\(step)")
        #expect(list.lasts == list.chunks.map { $0[$0.count - 1] }, "\(step): each chunk's last slot, side by side")
        #expect(Array(list.elements) == model, "\(step)")
        for position in Swift.stride(from: 0, to: model.count, by: max(1, model.count / 200)) {
            #expect(list[position] == model[position], "\(step) at \(position)")
            #expect(list.position(of: model[position], by: keys) == position, "\(step) slot \(model[position])")
        }
        for slot in absent.prefix(50) { #expect(list.position(of: slot, by: keys) == nil, "\(step) absent \(slot)") }
    }

    @Test(arguments: [1, 2, 3])
    func randomInsertsAndRemovalsMatchASortedArray(seed: UInt64) {
        var generator = RowStoreScaleTests.SplitMix(state: seed)
        var keys = Keys()
        var list = OrderedSlots()
        var model: [Int32] = []
        var present = Set<Int32>()
        var removed: [Int32] = []
        for step in 0..<60 {
            // New slots: keys in a narrow range (many ties) or spread out, or all past the end (appends).
            var batch: [Int32] = []
            let mode = step % 3
            for _ in 0..<Int.random(in: 1...3_000, using: &generator) {
                let slot = Int32(keys.keys.count)
                switch mode {
                case 0: keys.keys.append(Int.random(in: 0..<50, using: &generator))
                case 1: keys.keys.append(Int.random(in: 0..<1_000_000, using: &generator))
                default: keys.keys.append(1_000_000 + keys.keys.count)
                }
                batch.append(slot)
            }
            if step.isMultiple(of: 2) {
                list.insert(batch, by: keys)
            } else {
                for slot in batch { list.insert(CollectionOfOne(slot), by: keys) }
            }
            present.formUnion(batch)
            // Removals: a few, or most of the list (chunks empty and go), and slots not there.
            let share = step.isMultiple(of: 7) ? 0.8 : 0.05
            let gone = present.shuffled(using: &generator).prefix(Int(Double(present.count) * share))
            list.remove(Array(gone) + removed.suffix(5), by: keys)
            present.subtract(gone)
            removed += gone
            model = present.sorted(by: keys.precedes)
            expectSame(list, model, keys, absent: removed.suffix(50), "step \(step)")
        }
        #expect(list.chunks.allSatisfy { !$0.isEmpty && $0.count <= OrderedSlots.maximumChunk })
    }

    @Test func aListIsSortedIntoHalfFullChunks() {
        let keys = Keys(keys: Array(0..<10_000))
        let list = OrderedSlots(sorting: (0..<10_000).reversed().map { Int32($0) }, by: keys)
        #expect(list.count == 10_000)
        #expect(list.chunks.allSatisfy { $0.count <= OrderedSlots.maximumChunk / 2 })
        expectSame(list, (0..<10_000).map { Int32($0) }, keys, absent: [], "built")
        #expect(OrderedSlots().position(of: 0, by: keys) == nil)
    }
}
