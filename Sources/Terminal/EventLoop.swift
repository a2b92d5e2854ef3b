import CNcurses
import Glibc
import ScreenValues

/// The one thread that owns curses: it waits in `poll` on the terminal input,
/// the mailbox's wake pipe and the signal pipe; then reads every key
/// (non-blocking `wgetch`, through `KeyReader`), drains the mailbox, runs the program, and paints
/// the cells that changed. What to do next, and when, is `LoopStateMachine`'s
/// decision; this type only does the I/O. Curses must be set up by the caller
/// (`TerminalSession` on the real terminal, `OffscreenCurses` in tests).
struct EventLoop<Program: TerminalProgram> {
    let inputDescriptor: Int32
    let mailbox: Mailbox<Program.Message>
    /// The signal self-pipe; nil when no handlers are installed (tests).
    let signalDescriptor: Int32?
    /// Where the window size is read on SIGWINCH; nil: the size curses has is the size.
    let terminalDescriptor: Int32?
    var painter: FramePainter
    var idle: IdleSignal?
    /// How long a frame is held back for spawned work in flight (see `Mailbox.spawn`).
    let drawDeferral: Duration

    /// Keeps what spans reads: an open paste, an Esc that may start an Alt key, a character's bytes.
    private var reader = KeyReader()
    /// Reads in a row that found the input readable yet gave nothing: the end of file, at 50.
    private var emptyReads = 0
    /// Ctrl-Z: gives the terminal back and stops the process until the shell's `fg`;
    /// returns once it runs again. nil (tests): Ctrl-Z is an ordinary key.
    var suspend: (() -> Void)?
    private(set) var keysHandled = 0
    private(set) var framesDrawn = 0

    init(
        inputDescriptor: Int32, mailbox: Mailbox<Program.Message>, signalDescriptor: Int32? = nil,
        terminalDescriptor: Int32? = nil, colors: Bool, clusters: ClusterRendering = .unknown,
        idleFile: String? = nil, drawDeferral: Duration = .milliseconds(50)
    ) {
        self.inputDescriptor = inputDescriptor
        self.mailbox = mailbox
        self.signalDescriptor = signalDescriptor
        self.terminalDescriptor = terminalDescriptor
        painter = FramePainter(colors: colors, clusters: clusters)
        idle = idleFile.map(IdleSignal.init(path:))
        self.drawDeferral = drawDeferral
    }

    mutating func run(_ program: inout Program) -> LoopExit {
        let clock = ContinuousClock()
        nodelay(proptui_stdscr(), true)
        keypad(proptui_stdscr(), true)
        var machine = LoopStateMachine<Program.Message>(drawDeferral: drawDeferral, canSuspend: suspend != nil)
        machine.resized(width: screenSize.width, height: screenSize.height)
        while true {
            let now = clock.now
            // Messages and the count of spawned work in one look: work that has just ended has posted.
            let mail = mailbox.take()
            machine.messagesArrived(mail.messages)
            switch machine.nextAction(now: now, outstanding: mail.outstanding) {
            case .handle(let event):
                if case .key = event { keysHandled += 1 }
                switch program.handle(event, now: now) {
                case .quit: return .quit
                case .redrawAll: machine.repaintAllRequested()
                case .copyToClipboard(let text):
                    if let terminalDescriptor { Clipboard.copy(text, to: terminalDescriptor) }
                case .proceed: break
                }
            case .paint(let everything):
                if painter.paint(program.frame(), everything: everything) { framesDrawn += 1 }
                doupdate()
            case .signalIdle:
                idle?.signal(keys: keysHandled, frames: framesDrawn, summary: program.idleSummary)
            case .wait(let until):
                let deadline = [until, program.nextDeadline].compactMap { $0 }.min()
                if let exit = waitForInput(until: deadline, from: now, machine: &machine) { return exit }
                if let deadline = program.nextDeadline, deadline <= clock.now { machine.deadlinePassed() }
            }
        }
    }

    /// Waits in `poll` for a key, a message, a signal or `deadline`, then tells the machine
    /// what the signals and the terminal brought. Returns why the loop ends, if it does.
    private mutating func waitForInput(
        until deadline: ContinuousClock.Instant?, from now: ContinuousClock.Instant,
        machine: inout LoopStateMachine<Program.Message>
    ) -> LoopExit? {
        let timeout = deadline.map { Self.milliseconds(until: $0, from: now) } ?? -1
        var descriptors = [pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: mailbox.wakeReadDescriptor, events: Int16(POLLIN), revents: 0)]
        if let signalDescriptor { descriptors.append(pollfd(fd: signalDescriptor, events: Int16(POLLIN), revents: 0)) }
        if poll(&descriptors, nfds_t(descriptors.count), timeout) < 0 && errno != EINTR { return .inputClosed }
        // Signals first: an interrupt ends the loop whatever else is waiting.
        if let exit = takeSignals(machine: &machine) { return exit }
        return readKeys(inputEvents: descriptors[0].revents, machine: &machine)
    }

    /// How long input may pause after a paste's end and still be the same burst (a terminal
    /// writes a paste at once; a person's next key comes far later).
    static var pasteTailWait: Int32 { 50 }

    private static func inputArrives(on input: Int32, withinMilliseconds milliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, milliseconds) > 0 && descriptor.revents & Int16(POLLIN) != 0
    }

    /// SIGINT, SIGTERM, SIGHUP end the loop; SIGWINCH is a resize.
    private func takeSignals(machine: inout LoopStateMachine<Program.Message>) -> LoopExit? {
        guard let signalDescriptor else { return nil }
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(signalDescriptor, &buffer, buffer.count) > 0 {}
        let caught = TerminalSignals.takeCaught()
        for signal in TerminalSignals.interruptSignals where caught & (1 << UInt32(signal)) != 0 {
            return .interrupted(signal: signal)
        }
        if caught & (1 << UInt32(SIGWINCH)) != 0 {
            resizeToTerminal()
            machine.resized(width: screenSize.width, height: screenSize.height)
        }
        return nil
    }

    /// Every key curses can give without waiting. The end of input ends the loop: a hang-up, or
    /// input that is readable yet gives nothing, again and again (end of file).
    private mutating func readKeys(inputEvents: Int16, machine: inout LoopStateMachine<Program.Message>) -> LoopExit? {
        let input = inputDescriptor
        let batch = reader.readBatch { Self.inputArrives(on: input, withinMilliseconds: Self.pasteTailWait) }
        let keysRead = batch.reads
        if batch.resized { machine.resized(width: screenSize.width, height: screenSize.height) }
        for key in batch.keys {
            switch machine.keyRead(key) {
            case .queued: break
            case .interrupt: return .interrupted(signal: SIGINT)
            case .suspend:
                suspend?()
                // Back after `fg`: the terminal may have changed size and holds the shell's text.
                resizeToTerminal()
                machine.resized(width: screenSize.width, height: screenSize.height)
            }
        }
        if keysRead == 0 && inputEvents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return .inputClosed }
        emptyReads = keysRead == 0 && inputEvents & Int16(POLLIN) != 0 ? emptyReads + 1 : 0
        return emptyReads >= 50 ? .inputClosed : nil
    }

    /// The size curses has for the screen.
    private var screenSize: (width: Int, height: Int) {
        (Int(proptui_maxx(proptui_stdscr())), Int(proptui_maxy(proptui_stdscr())))
    }

    /// Takes the terminal's new size after SIGWINCH (our handler replaced curses' own).
    private func resizeToTerminal() {
        guard let terminalDescriptor else { return }
        var lines: Int32 = 0
        var columns: Int32 = 0
        if proptui_window_size(terminalDescriptor, &lines, &columns) == 0 {
            resizeterm(lines, columns)
        }
    }

    static func milliseconds(until deadline: ContinuousClock.Instant, from now: ContinuousClock.Instant) -> Int32 {
        guard deadline > now else { return 0 }
        let (seconds, attoseconds) = (deadline - now).components
        return Int32(clamping: seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }
}
