import ScreenValues

/// What the event loop does next, decided from what has happened: the loop's rules with no I/O
/// (after swift-nio's state machines). `EventLoop` reads the terminal, the mailbox and the clock,
/// tells the machine what it found, and carries out the `Action` that `nextAction` returns.
///
/// The rules:
/// - Resizes, messages and ticks are handled as they come, before any waiting key.
/// - A key waits while work spawned by an earlier key is outstanding (`Mailbox.spawn`), so that it
///   acts on the list that work produced (a new row, selected) rather than on the one before it.
/// - A frame is painted when everything that has come is handled, and also waits for spawned
///   work, so that a key press and its change land in one frame.
/// - Neither waits longer than `drawDeferral`: a slow store must not freeze the keyboard or the screen.
/// - Nor does a frame wait longer than that for a backlog of messages to be handled: when they come
///   faster than the program takes them (a large load on a slow build), the screen still moves.
/// - Idle is signalled once the screen is painted and nothing is left to do (see `IdleSignal`).
struct LoopStateMachine<Message: Sendable> {
    enum State: Equatable {
        /// The program handled something the screen does not show yet. `heldSince`: when the paint
        /// began to wait for spawned work.
        case stale(repaintAll: Bool, heldSince: ContinuousClock.Instant?)
        /// The screen shows the program's latest frame; `idleSignalled` once idle has been told.
        case painted(idleSignalled: Bool)
    }

    enum Action {
        /// Give the event to the program (and report `.redrawAll` back with `repaintAllRequested`).
        case handle(TerminalEvent<Message>)
        /// Paint the program's frame; every cell when `everything`.
        case paint(everything: Bool)
        /// Write the idle signal.
        case signalIdle
        /// Nothing to do before input, a message, a signal, the program's deadline, or `until`.
        case wait(until: ContinuousClock.Instant?)
    }

    /// What a key read from the terminal means to the loop.
    enum KeyOutcome: Equatable {
        /// Queued for the program.
        case queued
        /// Ctrl-C (the terminal is raw, so it comes as a key): end the loop as SIGINT would.
        case interrupt
        /// Ctrl-Z: give the terminal back and stop until `fg`, then report the size with `resized`.
        case suspend
    }

    let drawDeferral: Duration
    /// Whether Ctrl-Z suspends; when not (tests), it is an ordinary key.
    let canSuspend: Bool
    private(set) var state: State = .stale(repaintAll: false, heldSince: nil)
    /// Resizes, messages and ticks not handled yet, in order.
    private var events: [TerminalEvent<Message>] = []
    /// Keys read but not handled yet, and when the first began to wait for spawned work.
    private var keys: [Key] = []
    private var keysHeldSince: ContinuousClock.Instant?
    /// When the screen last stopped showing the program's latest frame.
    private var staleSince: ContinuousClock.Instant?

    init(drawDeferral: Duration, canSuspend: Bool) {
        self.drawDeferral = drawDeferral
        self.canSuspend = canSuspend
    }

    // MARK: Events in

    /// The terminal's size: at the start, after SIGWINCH, and back from a suspension.
    mutating func resized(width: Int, height: Int) {
        events.append(.resized(width: width, height: height))
    }

    mutating func keyRead(_ key: Key) -> KeyOutcome {
        if key == .control("c") { return .interrupt }
        if key == .control("z"), canSuspend { return .suspend }
        keys.append(key)
        return .queued
    }

    mutating func messagesArrived(_ messages: [Message]) {
        events += messages.map { .message($0) }
    }

    /// The program's deadline has passed.
    mutating func deadlinePassed() {
        events.append(.tick)
    }

    /// The program asked for every cell to be painted again (C-l).
    mutating func repaintAllRequested() {
        state = .stale(repaintAll: true, heldSince: heldSince)
    }

    // MARK: Actions out

    /// What to do now, with `outstanding` pieces of spawned work still running. Take the
    /// mailbox's messages first (`messagesArrived`), in the same look as `outstanding`.
    mutating func nextAction(now: ContinuousClock.Instant, outstanding: Int) -> Action {
        if !events.isEmpty, case .stale(let repaintAll, _) = state, heldTooLong(since: staleSince, now: now) {
            return paint(everything: repaintAll)
        }
        if !events.isEmpty {
            let event = events.removeFirst()
            changed(by: event, at: now)
            return .handle(event)
        }
        if let key = keys.first {
            if outstanding == 0 || heldTooLong(since: keysHeldSince, now: now) {
                keys.removeFirst()
                keysHeldSince = nil
                changed(by: .key(key), at: now)
                return .handle(.key(key))
            }
            if keysHeldSince == nil { keysHeldSince = now }
        }
        switch state {
        case .stale(let repaintAll, let heldSince):
            if outstanding == 0 || heldTooLong(since: heldSince, now: now) { return paint(everything: repaintAll) }
            if heldSince == nil { state = .stale(repaintAll: repaintAll, heldSince: now) }
        case .painted(idleSignalled: false) where outstanding == 0 && keys.isEmpty:
            state = .painted(idleSignalled: true)
            return .signalIdle
        case .painted:
            break
        }
        let holds = [heldSince, keysHeldSince].compactMap { $0 }
        return .wait(until: holds.min().map { $0 + drawDeferral })
    }

    // MARK: Helpers

    private mutating func paint(everything: Bool) -> Action {
        state = .painted(idleSignalled: false)
        staleSince = nil
        return .paint(everything: everything)
    }

    private var heldSince: ContinuousClock.Instant? {
        if case .stale(_, let heldSince) = state { heldSince } else { nil }
    }

    private func heldTooLong(since start: ContinuousClock.Instant?, now: ContinuousClock.Instant) -> Bool {
        guard let start else { return false }
        return now - start >= drawDeferral
    }

    /// Handing `event` to the program makes the screen stale; a resize repaints every cell.
    private mutating func changed(by event: TerminalEvent<Message>, at now: ContinuousClock.Instant) {
        if case .painted = state { staleSince = now }
        var repaintAll = false
        if case .stale(let all, _) = state { repaintAll = all }
        if case .resized = event { repaintAll = true }
        state = .stale(repaintAll: repaintAll, heldSince: heldSince)
    }
}

extension LoopStateMachine.Action: Equatable where Message: Equatable {}
