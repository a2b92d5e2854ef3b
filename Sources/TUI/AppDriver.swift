import ScreenValues

/// The app as a `TerminalProgram`: events become `AppAction`s for the
/// `AppState` reducer; `quit` and `redraw` are handled here, every other effect
/// goes to `perform`, which the executable implements against the store.
///
/// `perform` runs on the loop's thread and must return at once: start the work
/// with `Mailbox.spawn` (or a detached task) and post the outcome to the mailbox.
public struct AppDriver: TerminalProgram {
    public typealias Message = AppAction

    public private(set) var state: AppState
    private let perform: (Effect) -> Void

    public init(state: AppState, perform: @escaping (Effect) -> Void) {
        self.state = state
        self.perform = perform
    }

    public mutating func handle(_ event: TerminalEvent<AppAction>, now: ContinuousClock.Instant) -> LoopCommand {
        let action: AppAction =
            switch event {
            case .key(let key): .keyPressed(key)
            case .resized(let width, let height): .resized(width: width, height: height)
            case .message(let action): action
            case .tick: .tick
            }
        var command = LoopCommand.proceed
        for effect in state.reduce(action, now: now) {
            switch effect {
            case .quit: command = command.then(.quit)
            case .redraw: command = command.then(.redrawAll)
            case .copyToClipboard(let text): command = command.then(.copyToClipboard(text))
            default: perform(effect)
            }
        }
        return command
    }

    public func frame() -> Frame { state.render() }
    public mutating func terminalDrawsSeparately(_ kinds: Set<ClusterKind>) { state.separateClusters = kinds }
    public var nextDeadline: ContinuousClock.Instant? { state.nextDeadline }
    public var idleSummary: String { state.idleSummary }
}
