/// What the event loop (the `Terminal` module) runs: the loop owns the terminal and the
/// thread; the program decides what an event means and what the screen shows. It is here,
/// beside the values it speaks in, so that a program (the app's `BrowserDriver`; tests use small
/// ones) and the loop need not know each other.
public protocol TerminalProgram {
    /// What background tasks post to the loop through the `Mailbox`.
    associatedtype Message: Sendable

    /// Handles one event at time `now` (the loop reads the clock, never the program).
    mutating func handle(_ event: TerminalEvent<Message>, now: ContinuousClock.Instant) -> LoopCommand
    /// The screen now, at the size last given by `.resized`.
    func frame() -> Frame
    /// When the program next needs a `.tick`, if ever.
    var nextDeadline: ContinuousClock.Instant? { get }
    /// Written into the idle file after the idle count (e.g. "rows=3 pending=0 busy=0").
    var idleSummary: String { get }
    /// Told once, before the first frame: the kinds of emoji cluster this terminal draws a
    /// scalar at a time, so that frames lay them out that way.
    mutating func terminalDrawsSeparately(_ kinds: Set<ClusterKind>)
}

extension TerminalProgram {
    public mutating func terminalDrawsSeparately(_ kinds: Set<ClusterKind>) {}
}

public enum TerminalEvent<Message: Sendable>: Sendable {
    case key(Key)
    /// The terminal's size in columns and lines: first thing the program hears, then on every resize.
    case resized(width: Int, height: Int)
    case message(Message)
    /// `nextDeadline` has passed.
    case tick
}

extension TerminalEvent: Equatable where Message: Equatable {}

public enum LoopCommand: Sendable, Equatable {
    case proceed
    /// Repaint every cell (C-l): the terminal may hold garbage from elsewhere.
    case redrawAll
    /// Put this text on the system clipboard through the terminal (OSC 52): at most
    /// `largestClipboardText` bytes.
    case copyToClipboard(String)
    case quit

    /// The most text `y` sends through the terminal (its base64 is a third more). tmux passes an
    /// OSC 52 sequence on only while it fits its input buffer (1 MB), and many terminals take less;
    /// a longer one is dropped or cut, and a cut one swallows the screen's next bytes.
    public static let largestClipboardText = 512 * 1024

    /// What the loop does when a program's effects ask for this and then `next`: the later asks
    /// win, except that nothing takes a quit back.
    public func then(_ next: LoopCommand) -> LoopCommand {
        self == .quit || next == .proceed ? self : next
    }
}
