import ScreenValues

/// The browser as a `TerminalProgram`: events become `BrowserAction`s for the state; `quit` is
/// the loop's, every other effect goes to `perform` (the executable's, against the lists), which
/// must return at once.
public struct BrowserDriver: TerminalProgram {
    public typealias Message = BrowserAction

    public private(set) var state: BrowserState
    private let perform: (BrowserEffect) -> Void

    public init(state: BrowserState, perform: @escaping (BrowserEffect) -> Void) {
        self.state = state
        self.perform = perform
    }

    public mutating func handle(_ event: TerminalEvent<BrowserAction>, now: ContinuousClock.Instant) -> LoopCommand {
        let action: BrowserAction =
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
