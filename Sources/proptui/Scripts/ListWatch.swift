import AmplifyModels
import Synchronization
import SyncEngine

/// What a script command hears from its lists, kept for it to wait on: each change's outcome by
/// its record's key (the script's model), each list's link and pending count, the dialect, the
/// last view's progress. Lists post from their actors; the command reads from its own task.
final class ListWatch: Sendable {
    /// How a change ended.
    enum Outcome: Sendable, Equatable {
        /// Confirmed; `alreadyThere`: the server held it before (an earlier run's send, or a
        /// create's key holding the same values).
        case confirmed(alreadyThere: Bool)
        case refused(String, conflict: Bool)
    }

    struct State: Sendable {
        var outcomes: [RecordKey: Outcome] = [:]
        var connectivity: [String: Connectivity] = [:]
        var pending: [String: Int] = [:]
        var dialect: APIDialect?
        var view: ViewProgress?
    }

    private let state = Mutex(State())
    let model: String

    init(model: String) {
        self.model = model
    }

    /// The sink of `model`'s list (`RecordList(onEvents:)`).
    func hear(_ events: [RecordListEvent<ModelRecord>], from list: String) {
        state.withLock { state in
            for event in events {
                switch event {
                case .succeeded(let summary) where list == model:
                    state.outcomes[summary.recordID] = .confirmed(alreadyThere: summary.wasAlreadyApplied)
                case .reverted(let summary, let message, let conflict) where list == model:
                    state.outcomes[summary.recordID] = .refused(message, conflict: conflict)
                case .connectivityChanged(let connectivity):
                    state.connectivity[list] = connectivity
                case .pendingCountChanged(let count):
                    state.pending[list] = count
                case .dialectKnown(let dialect):
                    state.dialect = dialect
                case .viewProgress(let progress) where list == model:
                    state.view = progress
                default:
                    break
                }
            }
        }
    }

    func read<T>(_ body: (State) -> T) -> T { state.withLock { body($0) } }

    /// The outcomes heard so far, forgotten here (an import takes them as they come).
    func takeOutcomes() -> [RecordKey: Outcome] {
        state.withLock { state in
            defer { state.outcomes = [:] }
            return state.outcomes
        }
    }

    /// The script model's link, as its list last said.
    var connectivity: Connectivity? { read { $0.connectivity[model] } }

    /// Checks `condition` every 20 ms until it answers non-nil, or `timeout` passes (nil then).
    func wait<T>(timeout: Duration, _ condition: (State) -> T?) async -> T? {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let answer = read(condition) { return answer }
            if ContinuousClock.now >= deadline { return nil }
            try? await Task.sleep(for: .milliseconds(20))
        }
    }
}
