import AmplifyModels
import ModelBrowser
import SyncEngine
import ScreenValues

/// The screen every rename path shares: the app's model screen over a model (the sample's or the
/// 13-field one) on a 100×30 terminal, and the untimed keys that put a rename in its field, so
/// that every path times the same ⏎.
@MainActor
struct RenameScreen {
    static let width = 100
    static let height = 30

    let model: BenchModel
    var state: BrowserState
    private var generator: SplitMix64

    init(_ model: BenchModel = .sample, seed: UInt64) throws {
        self.model = model
        state = try model.screen(width: Self.width, height: Self.height)
        generator = SplitMix64(seed: seed)
    }

    /// Untimed: a row somewhere in the list selected (`g`, then pages down), its display field opened in
    /// place (`r`), emptied (`C-u`) and a new name typed, as the user would.
    mutating func typeRename(to name: String) {
        press(.character("g"))
        for _ in 0..<generator.next(below: 8) { press(.pageDown) }
        press(.character("r"))
        press(.control("u"))
        for character in name { press(.character(character)) }
    }

    /// ⏎ in the rename field: the reducer's effects (the name's `.update` among them).
    mutating func pressEnter() -> [BrowserEffect] {
        state.reduce(.keyPressed(.enter), now: .now)
    }

    /// Reduces an action, running any sort or filter job it asks for at once (on a large list
    /// the app runs it off the loop and shows its result when done; here it is waited for).
    mutating func reduce(_ action: BrowserAction) {
        for effect in state.reduce(action, now: .now) {
            if case .recomputeRows(let model, let job) = effect, let result = job.run(isCancelled: { false }) {
                _ = state.reduce(.rowsRecomputed(model: model, result), now: .now)
            }
        }
    }

    /// The model's list event, as the app's mailbox hands it to the screen.
    mutating func reduce(_ event: RecordListEvent<ModelRecord>) {
        reduce(.list(model: model.name, event))
    }

    /// The frame as the app would paint it; its size is consumed so that it is not optimised away.
    func render() {
        blackHole(state.render().cells.count)
    }

    /// Whether the screen shows the row with that name (checked after each rename, untimed).
    func shows(_ key: RecordKey, named name: String) -> Bool {
        state.row(of: model.name, key: key)?.record.displayName == name
    }

    /// The one rename an `⏎` asked for (nil: none).
    func renameRequest(_ effects: [BrowserEffect]) -> RenameRequest? {
        RenameRequest(effects, field: model.renamedField)
    }

    private mutating func press(_ key: Key) {
        _ = state.reduce(.keyPressed(key), now: .now)
    }
}

/// The one rename an `⏎` asked for.
struct RenameRequest {
    let key: RecordKey
    let patch: ModelRecordPatch
    let name: String

    init?(_ effects: [BrowserEffect], field: String) {
        for case .update(_, let key, let patch) in effects {
            guard case .string(let name)? = patch.changes[field] else { continue }
            self.key = key
            self.patch = patch
            self.name = name
            return
        }
        return nil
    }
}
