import AmplifyModels
import Foundation
import ModelBrowser
import OptimisticStore
import SyncEngine
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
        let model = try BenchModel.transaction()
        self.init(try model.screen(width: width, height: height), model: model.name, rows: Self.rows(rows, layout: model.layout))
    }

    /// The sample's properties, as `RowsBenchmark` makes them.
    init(sampleRows rows: Int, width: Int, height: Int) throws {
        self.init(try BenchModel.sample.screen(width: width, height: height), model: SampleModel.name, rows: RowsBenchmark.rows(rows))
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
        return numbers.map { RecordRow(BenchModel.transaction($0, layout: layout)) }
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
