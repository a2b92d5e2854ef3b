import Foundation
import AmplifyModels
import ListRows
import ModelBrowser
import SyncEngine

/// The screen's row index at the size of a real table: loading a whole list at once
/// (`RecordRowStore.replaceAll`), loading it page by page as the server sends it (pages of
/// 1,000 in no particular creation order, as a DynamoDB scan's are), a filter pass and
/// a sort by name (the work `RecordRowViewJob` does off the event loop). Each is given as a
/// ratio to a baseline timed in the same run on the same rows: a plain `Array.sort` of
/// the (createdAt, id) pairs for loading and sorting, a plain `String.contains` scan of
/// the names for the filter. The index as it was (each row inserted into the sorted ids
/// one at a time) is timed too, at a size it can finish.
struct RowsBenchmark {
    let sizes: [Int]
    /// The old one-at-a-time index is quadratic: timed at this size at most.
    static let oldIndexSize = 20_000
    static let pageSize = 1_000

    struct Result: Sendable, Codable {
        var rows: Int
        var plainSortMs: Double
        var replaceAllMs: Double
        var pageWiseLoadMs: Double
        /// Id-array slots written by the page-wise load, per row (1 when every page lands in place).
        var pageWiseSlotWritesPerRow: Double
        var plainScanMs: Double
        var filterPassMs: Double
        var sortByNameMs: Double
        /// Heap per row of the rows themselves (`[RecordRow<ModelRecord>]`), and what the screen's index adds on top
        /// (its strings are shared with the rows, as the app's are with the list's store).
        var recordBytesPerRow: Int
        var indexBytesPerRow: Int
        var memorySource: String
    }

    struct OldIndexResult: Sendable, Codable {
        var rows: Int
        var oldMs: Double
        var newMs: Double
    }

    func run() -> (results: [Result], old: OldIndexResult) {
        var results: [Result] = []
        for size in sizes {
            let before = MemoryReading.now()
            let rows = Self.rows(size)
            let withRows = MemoryReading.now()
            var store = ModelRowStore()
            store.replaceAll(with: rows)
            let withIndex = MemoryReading.now()
            let records = MemoryReading.growth(from: before, to: [withRows])
            let index = MemoryReading.growth(from: withRows, to: [withIndex])
            blackHole(store.count)
            store = ModelRowStore()
            var result = measure(rows: rows)
            result.recordBytesPerRow = records.bytes / max(1, size)
            result.indexBytesPerRow = index.bytes / max(1, size)
            result.memorySource = index.source.rawValue
            results.append(result)
        }
        return (results, measureOldIndex(rows: Self.rows(min(Self.oldIndexSize, sizes.min() ?? Self.oldIndexSize))))
    }

    /// The app's row store for any model's rows, the sample's among them.
    typealias ModelRowStore = RecordRowStore<ModelRowPolicy>

    /// `count` of the sample's rows in scan order: created one after another, listed in a shuffled order.
    static func rows(_ count: Int) -> [RecordRow<ModelRecord>] {
        var generator = SplitMix64(seed: 0x5EED)
        var numbers = Array(0..<count)
        numbers.shuffle(using: &generator)
        return numbers.map { n in
            let stamp = String(format: "2024-05-01T%02d:%02d:%02d.%03dZ", n / 3_600_000 % 24, n / 60_000 % 60, n / 1000 % 60, n % 1000)
            return RecordRow(ModelRecord(
                layout: SampleModel.layout, key: RecordKey(String(UInt32(truncatingIfNeeded: n &* 2_654_435_761), radix: 16) + "-\(n)"),
                values: ["name": .string("Property \(n)"), "address": .string("\(n) Scale St"), "createdAt": .string(stamp), "updatedAt": .string(stamp)],
                version: 1))
        }
    }

    private func measure(rows: [RecordRow<ModelRecord>]) -> Result {
        let plainSort = Self.time {
            var keys = rows.map { ($0.record.createdAt ?? "", $0.id) }
            keys.sort { $0 < $1 }
            blackHole(keys.count)
        }
        let replaceAll = Self.time {
            var store = ModelRowStore()
            store.replaceAll(with: rows)
            blackHole(store.count)
        }
        var slotWrites = 0
        let pageWise = Self.time {
            let store = Self.loadPageWise(rows)
            slotWrites = store.idSlotWrites
            blackHole(store.count)
        }
        var store = ModelRowStore()
        store.replaceAll(with: rows)
        let plainScan = Self.time {
            blackHole(rows.lazy.filter { $0.record.displayName.contains("Property 7") }.count)
        }
        let filterPass = Self.time {
            var copy = store
            copy.setFilter(ModelRowPolicy.Filter(text: "property 7"))
            if let job = copy.takeJob(), let result = job.run(isCancelled: { false }) { copy.adopt(result) }
            blackHole(copy.count)
        }
        let sortByName = Self.time {
            var copy = store
            copy.setSortOrder(.field("name"))
            if let job = copy.takeJob(), let result = job.run(isCancelled: { false }) { copy.adopt(result) }
            blackHole(copy.count)
        }
        return Result(
            rows: rows.count, plainSortMs: plainSort, replaceAllMs: replaceAll, pageWiseLoadMs: pageWise,
            pageWiseSlotWritesPerRow: Double(slotWrites) / Double(max(1, rows.count)), plainScanMs: plainScan,
            filterPassMs: filterPass, sortByNameMs: sortByName, recordBytesPerRow: 0, indexBytesPerRow: 0, memorySource: "")
    }

    /// The index as it was: a binary search and an array insert per row.
    private func measureOldIndex(rows: [RecordRow<ModelRecord>]) -> OldIndexResult {
        let old = Self.time {
            var keys: [String: (String, String)] = [:]
            var ids: [String] = []
            for row in rows {
                let key = (row.record.createdAt ?? "", row.id.text)
                keys[row.id.text] = key
                var low = 0
                var high = ids.count
                while low < high {
                    let middle = (low + high) / 2
                    if keys[ids[middle]]! < key { low = middle + 1 } else { high = middle }
                }
                ids.insert(row.id.text, at: low)
            }
            blackHole(ids.count)
        }
        let new = Self.time { blackHole(Self.loadPageWise(rows).count) }
        return OldIndexResult(rows: rows.count, oldMs: old, newMs: new)
    }

    /// The rows as the server's pages bring them: `pageSize` at a time, in the order given.
    static func loadPageWise(_ rows: [RecordRow<ModelRecord>]) -> ModelRowStore {
        var store = ModelRowStore()
        var start = 0
        while start < rows.count {
            let end = min(start + pageSize, rows.count)
            store.apply(RecordRowUpdate(upserted: Array(rows[start..<end])))
            start = end
        }
        return store
    }

    static func time(_ body: () -> Void) -> Double {
        let start = ContinuousClock.now
        body()
        return (ContinuousClock.now - start).milliseconds
    }

    static func text(_ results: [Result], old: OldIndexResult) -> String {
        func ratio(_ a: Double, _ b: Double) -> String { String(format: "%.1f×", a / max(b, 0.001)) }
        func ms(_ value: Double) -> String { String(format: "%.0f ms", value) }
        var lines = ["", "Row index (the screen's list), each against a baseline timed in the same run:"]
        for result in results {
            lines.append("  \(result.rows) rows: plain sort of (createdAt, id) \(ms(result.plainSortMs))")
            lines.append("    whole list at once (replaceAll)   \(ms(result.replaceAllMs)) = \(ratio(result.replaceAllMs, result.plainSortMs)) the plain sort")
            lines.append("    page by page (\(pageSize), scan order) \(ms(result.pageWiseLoadMs)) = \(ratio(result.pageWiseLoadMs, result.plainSortMs)) the plain sort"
                + String(format: ", %.1f id slots written per row", result.pageWiseSlotWritesPerRow))
            lines.append("    sort by name (off the loop)       \(ms(result.sortByNameMs)) = \(ratio(result.sortByNameMs, result.plainSortMs)) the plain sort")
            lines.append("    filter pass (off the loop)        \(ms(result.filterPassMs)) = \(ratio(result.filterPassMs, result.plainScanMs)) a plain contains scan (\(ms(result.plainScanMs)))")
            lines.append("    memory: the index adds \(result.indexBytesPerRow) bytes per row to the rows' own \(result.recordBytesPerRow) "
                + "(\(result.memorySource))")
        }
        lines.append("  the index as it was (one insert a row) at \(old.rows) rows: \(ms(old.oldMs)) = "
            + "\(ratio(old.oldMs, old.newMs)) the page-wise load (\(ms(old.newMs))); it grows with the square of the rows")
        return lines.joined(separator: "\n")
    }
}

/// Keeps the optimiser from dropping a measured computation.
@inline(never)
func blackHole(_ value: Int) {
    if value == -1 { print("") }
}
