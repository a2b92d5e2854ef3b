import AmplifyModels
import Foundation
import ModelBrowser
import OptimisticStore
import PropertySync
import ScreenValues
import TUI

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

/// The sample's screen (`AppState`, colours on): `r`, a new name, ⏎.
struct SampleBenchScreen: BenchScreen {
    var app: AppState
    let now = ContinuousClock.now

    init(rows: Int, width: Int, height: Int) {
        app = AppState(options: AppOptions(colorEnabled: true))
        _ = app.reduce(.resized(width: width, height: height), now: now)
        _ = app.reduce(.list(.loaded(RowsBenchmark.rows(rows))), now: now)
        _ = app.reduce(.list(.connectivityChanged(.online)), now: now)
        _ = app.reduce(.list(.loadStateChanged(.loaded)), now: now)
    }

    var rowCount: Int { app.rows.count }
    mutating func press(_ key: Key) { _ = app.reduce(.keyPressed(key), now: now) }
    func frameCells() -> Int { app.render().cells.count }

    /// How many edits were started: the next one's text ("e12"), so that every edit changes the
    /// name and the name never grows past its limit, however many samples.
    var edits = 0

    mutating func startEdit() {
        press(.character("r"))
        press(.control("u"))
        edits += 1
        for character in "e\(edits)" { press(.character(character)) }
    }

    mutating func finishEdit() -> Bool {
        var made = false
        for case .edit(let id, .name(let name)) in app.reduce(.keyPressed(.enter), now: now) {
            guard var row = app.rows.row(id: id) else { continue }
            row.property.name = name.text
            row.status = .pending(1)
            _ = app.reduce(.list(.rowsChanged(RowUpdate(upserted: [row]))), now: now)
            made = true
        }
        return made
    }
}

/// The model browser on a 13-field model of every kind of value (the e2e fixtures'
/// `Transaction`: text, a Float, an Int, an enum, an AWSDate, an AWSDateTime, a list, a key):
/// `e`, a new text in the first field, C-s; colours on, as the sample's.
struct ModelBenchScreen: BenchScreen {
    var state: BrowserState
    let now = ContinuousClock.now
    static let model = "Transaction"

    /// The models of `Resources/demo/budget-models.json`, read from the source tree.
    static func schema(filePath: String = #filePath) throws -> ModelSchema {
        let file = URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Resources/demo/budget-models.json")
        return try ModelIntrospectionReader.read(Data(contentsOf: file))
    }

    init(rows: Int, width: Int, height: Int) throws {
        let schema = try Self.schema()
        var layouts: [String: RecordLayout] = [:]
        for model in schema.models { layouts[model.name] = try RecordLayout(model: model, schema: schema) }
        state = BrowserState(schema: schema, layouts: layouts, access: [:], backend: "local · API key", initialModel: Self.model)
        state.colorEnabled = true
        _ = state.reduce(.resized(width: width, height: height), now: now)
        _ = state.reduce(.list(model: Self.model, .loaded(Self.rows(rows, layout: layouts[Self.model]!))), now: now)
        _ = state.reduce(.list(model: Self.model, .connectivityChanged(.online)), now: now)
        _ = state.reduce(.list(model: Self.model, .loadStateChanged(.loaded)), now: now)
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

    /// As the sample's: "e12", a new text each time, in place of the first field's (the form opens
    /// on the field after it, which `r` does not rename: S-Tab goes back to it).
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
