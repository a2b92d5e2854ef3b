import CNcurses
import Glibc
import TUI

/// The one thread that owns curses: it waits in `poll` on the terminal input,
/// the mailbox's wake pipe and the signal pipe; then reads every key
/// (non-blocking `get_wch`), drains the mailbox, runs the program, and paints
/// the cells that changed. Curses must be set up by the caller (`TerminalSession`
/// on the real terminal, `OffscreenCurses` in tests).
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

    /// Keeps what spans reads: an open paste, an Esc that may start an Alt key.
    private var decoder = KeyDecoder()
    /// Ctrl-Z: gives the terminal back and stops the process until the shell's `fg`;
    /// returns once it runs again. nil (tests): Ctrl-Z is an ordinary key.
    var suspend: (() -> Void)?
    private(set) var keysHandled = 0
    private(set) var framesDrawn = 0

    init(
        inputDescriptor: Int32, mailbox: Mailbox<Program.Message>, signalDescriptor: Int32? = nil,
        terminalDescriptor: Int32? = nil, colors: Bool, idleFile: String? = nil,
        drawDeferral: Duration = .milliseconds(50)
    ) {
        self.inputDescriptor = inputDescriptor
        self.mailbox = mailbox
        self.signalDescriptor = signalDescriptor
        self.terminalDescriptor = terminalDescriptor
        painter = FramePainter(colors: colors)
        idle = idleFile.map(IdleSignal.init(path:))
        self.drawDeferral = drawDeferral
    }

    mutating func run(_ program: inout Program) -> LoopExit {
        let clock = ContinuousClock()
        let screen = proptui_stdscr()
        nodelay(screen, true)
        keypad(screen, true)
        _ = program.handle(.resized(width: Int(proptui_maxx(screen)), height: Int(proptui_maxy(screen))), now: clock.now)
        var needsPaint = true
        var paintEverything = false
        var heldSince: ContinuousClock.Instant?
        var handledSinceIdle = true
        var idleReads = 0
        /// Keys read but not handled yet: a key waits while work spawned by an earlier
        /// key is outstanding, so that it acts on the list that work produced (a new
        /// row, selected) rather than on the one before it.
        var waitingKeys: [Key] = []
        var keysHeldSince: ContinuousClock.Instant?

        while true {
            // Paint, unless spawned work is about to deliver the rest of this frame.
            var now = clock.now
            let outstanding = mailbox.outstanding
            if needsPaint {
                if outstanding > 0, heldSince == nil { heldSince = now }
                if outstanding == 0 || now - heldSince! >= drawDeferral {
                    if painter.paint(program.frame(), everything: paintEverything) { framesDrawn += 1 }
                    doupdate()
                    needsPaint = false
                    paintEverything = false
                    heldSince = nil
                }
            }
            // Idle means nothing is left to do: messages already posted (the list's first
            // rows, say) are handled first, or a test would read a state the app has left.
            if !needsPaint, outstanding == 0, waitingKeys.isEmpty, handledSinceIdle, idle != nil, !mailbox.hasMessages {
                idle!.signal(keys: keysHandled, frames: framesDrawn, summary: program.idleSummary)
                handledSinceIdle = false
            }

            // Wait for input, a message, a signal, the next deadline or the end of a held frame.
            var deadlines: [ContinuousClock.Instant] = []
            if let deadline = program.nextDeadline { deadlines.append(deadline) }
            if let heldSince { deadlines.append(heldSince + drawDeferral) }
            if let keysHeldSince { deadlines.append(keysHeldSince + drawDeferral) }
            let timeout = deadlines.min().map { Self.milliseconds(until: $0, from: now) } ?? -1
            var descriptors = [pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: mailbox.wakeReadDescriptor, events: Int16(POLLIN), revents: 0)]
            if let signalDescriptor { descriptors.append(pollfd(fd: signalDescriptor, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
            if ready < 0 && errno != EINTR { return .inputClosed }
            now = clock.now
            var handled = false
            /// What happened while waiting, in order: signals, keys, messages, time.
            var pending: [TerminalEvent<Program.Message>] = []

            // Signals first: an interrupt ends the loop whatever else is waiting.
            if let signalDescriptor {
                var buffer = [UInt8](repeating: 0, count: 64)
                while read(signalDescriptor, &buffer, buffer.count) > 0 {}
                let caught = TerminalSignals.takeCaught()
                for signal in TerminalSignals.interruptSignals where caught & (1 << UInt32(signal)) != 0 {
                    return .interrupted(signal: signal)
                }
                if caught & (1 << UInt32(SIGWINCH)) != 0 {
                    resizeToTerminal()
                    pending.append(.resized(width: Int(proptui_maxx(screen)), height: Int(proptui_maxy(screen))))
                }
            }

            // Every key curses can give without waiting.
            var keysRead = 0
            var character: UInt32 = 0
            while true {
                let status = get_wch(&character)
                if status == ERR { break }
                keysRead += 1
                if status == KEY_CODE_YES, Int32(bitPattern: character) == KEY_RESIZE {
                    pending.append(.resized(width: Int(proptui_maxx(screen)), height: Int(proptui_maxy(screen))))
                    continue
                }
                for key in decoder.feed(status: status, value: character) {
                    if key == .control("c") { return .interrupted(signal: SIGINT) }  // raw mode: Ctrl-C is a key
                    if key == .control("z"), let suspend {  // raw mode: Ctrl-Z is a key too
                        suspend()
                        // Back after `fg`: the terminal may have changed size and holds the shell's text.
                        resizeToTerminal()
                        pending.append(.resized(width: Int(proptui_maxx(screen)), height: Int(proptui_maxy(screen))))
                        continue
                    }
                    waitingKeys.append(key)
                }
            }
            waitingKeys += decoder.endOfBatch()
            let inputEvents = descriptors[0].revents
            if keysRead == 0 && inputEvents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return .inputClosed }
            // Readable yet nothing to read, again and again: end of file.
            idleReads = keysRead == 0 && inputEvents & Int16(POLLIN) != 0 ? idleReads + 1 : 0
            if idleReads >= 50 { return .inputClosed }

            // Messages from background work, then time.
            pending += mailbox.take().messages.map { .message($0) }
            if let deadline = program.nextDeadline, deadline <= now { pending.append(.tick) }

            // Signals, messages and time first; then the keys, one at a time, each after
            // the work the key before it spawned has delivered its messages (or the hold
            // is over: a slow store must not freeze the keyboard).
            var queue = pending
            var next = 0
            while true {
                let event: TerminalEvent<Program.Message>
                if next < queue.count {
                    event = queue[next]
                    next += 1
                } else if let key = waitingKeys.first {
                    let arrived = mailbox.take().messages
                    if !arrived.isEmpty {
                        queue += arrived.map { .message($0) }
                        continue
                    }
                    if mailbox.outstanding > 0 {
                        if keysHeldSince == nil { keysHeldSince = now }
                        if now - keysHeldSince! < drawDeferral { break }
                    }
                    keysHeldSince = nil
                    waitingKeys.removeFirst()
                    event = .key(key)
                } else {
                    break
                }
                if case .key = event { keysHandled += 1 }
                handled = true
                switch program.handle(event, now: now) {
                case .quit: return .quit
                case .redrawAll: paintEverything = true
                case .copyToClipboard(let text):
                    if let terminalDescriptor { Clipboard.copy(text, to: terminalDescriptor) }
                case .proceed: break
                }
                if case .resized = event { paintEverything = true }
            }
            if handled {
                needsPaint = true
                handledSinceIdle = true
            } else if heldSince != nil {
                needsPaint = true  // the hold may be over
            }
        }
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
