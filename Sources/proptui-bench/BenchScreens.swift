import AmplifyModels
import Foundation
import ModelBrowser
import OptimisticStore
import PropertySync
import ScreenValues

/// A list screen as the frame benchmark drives it: keys in, a frame out, and an edit of the
/// selected row whose change comes back as its list posts it (pending), through the code the
/// app runs.
protocol BenchScreen {
    var rowCount: Int { get }
    mutating func press(_ key: Key)
    /// The frame's cells (the frame is made, then only counted).
    func frameCells() -> Int
    /// Opens the selected row's edit and types a new text in place of the first field's (not timed).
    mutating func startEdit()
    /// Saves it and lets the list's change arrive; false when no change was made.
    mutating func finishEdit() -> Bool
}

/// The model screen over a model's rows: `e`, a new text in the first field, C-s; colours on.
/// For the sample (`RealEstateProperty`: a name and an address) and for a 13-field model of every
/// kind of value (the e2e fixtures' `Transaction`: text, a Float, an Int, an enum, an AWSDate, an
/// AWSDateTime, a list, a key).
struct ModelBenchScreen: BenchScreen {
    var state: BrowserState
    let now = ContinuousClock.now
    let model: String
    static let model = "Transaction"

    /// The models of `Resources/demo/budget-models.json`, read from the source tree.
    static func schema(filePath: String = #filePath) throws -> ModelSchema {
        let file = URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Resources/demo/budget-models.json")
        return try ModelIntrospectionReader.read(Data(contentsOf: file))
    }

    /// `Transaction`s.
    init(rows: Int, width: Int, height: Int) throws {
        let schema = try Self.schema()
        var layouts: [String: RecordLayout] = [:]
        for model in schema.models { layouts[model.name] = try RecordLayout(model: model, schema: schema) }
        var state = BrowserState(schema: schema, layouts: layouts, access: [:], backend: "local · API key", initialModel: Self.model)
        state.colorEnabled = true
        _ = state.reduce(.resized(width: width, height: height), now: .now)
        self.init(state, model: Self.model, rows: Self.rows(rows, layout: layouts[Self.model]!))
    }

    /// The sample's properties, as `RowsBenchmark` makes them.
    init(sampleRows rows: Int, width: Int, height: Int) {
        self.init(SampleModel.screen(width: width, height: height), model: SampleModel.name, rows: RowsBenchmark.rows(rows))
    }

    private init(_ state: BrowserState, model: String, rows: [RecordRow<ModelRecord>]) {
        self.state = state
        self.model = model
        _ = self.state.reduce(.list(model: model, .loaded(rows)), now: now)
        _ = self.state.reduce(.list(model: model, .connectivityChanged(.online)), now: now)
        _ = self.state.reduce(.list(model: model, .loadStateChanged(.loaded)), now: now)
    }

    /// `count` plausible transactions in a shuffled order (as pages arrive), the same every run.
    static func rows(_ count: Int, layout: RecordLayout) -> [RecordRow<ModelRecord>] {
        var generator = SplitMix64(seed: 0x7A11)
        var numbers = Array(0..<count)
        numbers.shuffle(using: &generator)
        let words = ["Weekly", "shop", "rent", "coffee", "train", "books", "market", "repairs", "gift", "bonus"]
        return numbers.map { n in
            let stamp = String(format: "2024-05-01T%02d:%02d:%02d.%03dZ", n / 3_600_000 % 24, n / 60_000 % 60, n / 1000 % 60, n % 1000)
            var values: [String: ModelValue] = [
                "description": .string("\(words[n % 10].capitalized) \(words[n / 10 % 10]) \(n)"),
                "amount": .float(Double(n % 100_000) / 100), "kind": .enumValue(n % 3 == 0 ? "INCOME" : "EXPENSE"),
                "date": .string(String(format: "2026-%02d-%02d", n % 12 + 1, n % 28 + 1)), "createdAt": .string(stamp),
                "updatedAt": .string(stamp), "categoryId": .string(UUIDBits.text(high: UInt64(n % 500), low: 7)),
            ]
            if n % 6 != 0 { values["quantity"] = .int(Int64(n % 1000)) }
            if n % 5 != 0 { values["bookedAt"] = .string(stamp) }
            if n % 4 != 0 { values["tags"] = .list((0..<(n % 3 + 1)).map { .string(words[($0 + n) % 10]) }) }
            return RecordRow(ModelRecord(layout: layout, key: RecordKey(UUIDBits.text(high: UInt64(n) &* 0x9E37_79B9, low: UInt64(n))), values: values, version: 1))
        }
    }

    var rowCount: Int { state.shownCount }
    mutating func press(_ key: Key) { _ = state.reduce(.keyPressed(key), now: now) }
    func frameCells() -> Int { state.render().cells.count }

    /// "e12", a new text each time (so every edit changes it), in place of the first field's (the
    /// form opens on the field after it, which `r` renames: S-Tab goes back to it).
    var edits = 0

    mutating func startEdit() {
        press(.character("e"))
        press(.backTab)
        press(.control("u"))
        edits += 1
        for character in "e\(edits)" { press(.character(character)) }
    }

    mutating func finishEdit() -> Bool {
        var made = false
        for case .update(let model, let key, let patch) in state.reduce(.keyPressed(.control("s")), now: now) {
            guard let row = state.row(of: model, key: key) else { continue }
            let changed = RecordRow(row.record.applying(patch), status: .pending(1))
            _ = state.reduce(.list(model: model, .rowsChanged(RecordRowUpdate(upserted: [changed]))), now: now)
            made = true
        }
        return made
    }
}
