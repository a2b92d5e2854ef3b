import PropertySync
import ScreenValues
import TUI

/// The screen both rename paths share: the app's `AppState` on a 100×30 terminal, and the
/// untimed keys that put a rename in its field, so that both paths time the same ⏎.
@MainActor
struct RenameScreen {
    static let width = 100
    static let height = 30

    var state = AppState(options: AppOptions(colorEnabled: true))
    private var generator: SplitMix64

    init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
        _ = state.reduce(.resized(width: Self.width, height: Self.height), now: .now)
    }

    /// Untimed: a row somewhere in the list selected (`g`, then pages down), its rename field
    /// opened (`r`), emptied (`C-u`) and a new name typed, as the user would.
    mutating func typeRename(to name: String) {
        press(.character("g"))
        for _ in 0..<generator.next(below: 8) { press(.pageDown) }
        press(.character("r"))
        press(.control("u"))
        for character in name { press(.character(character)) }
    }

    /// ⏎ in the rename field: the reducer's effects (`.edit(id:, .name(…))` among them).
    mutating func pressEnter() -> [Effect] {
        state.reduce(.keyPressed(.enter), now: .now)
    }

    /// Reduces an action, running any sort or filter job it asks for at once (on a large list
    /// the app runs it off the loop and shows its result when done; here it is waited for).
    mutating func reduce(_ action: AppAction) {
        for effect in state.reduce(action, now: .now) {
            if case .recomputeRows(let job) = effect, let result = job.run(isCancelled: { false }) {
                _ = state.reduce(.rowsRecomputed(result), now: .now)
            }
        }
    }

    /// The frame as the app would paint it; its size is consumed so that it is not optimised away.
    func render() {
        blackHole(state.render().cells.count)
    }

    /// Whether the screen shows the row with that name (checked after each rename, untimed).
    func shows(_ id: PropertyID, named name: String) -> Bool {
        state.rows.row(id: id)?.property.name == name
    }

    private mutating func press(_ key: Key) {
        _ = state.reduce(.keyPressed(key), now: .now)
    }
}

/// The one rename an `⏎` asked for.
struct RenameRequest {
    let id: PropertyID
    let name: PropertyName

    init?(_ effects: [Effect]) {
        for case .edit(let id, .name(let name)) in effects {
            self.id = id
            self.name = name
            return
        }
        return nil
    }
}
