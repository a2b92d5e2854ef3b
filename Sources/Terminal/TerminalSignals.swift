import Glibc
import Synchronization

/// Signal handling while curses owns the terminal.
///
/// - SIGINT, SIGTERM, SIGHUP and SIGWINCH set a bit and write a byte to a
///   self-pipe the loop polls, so the loop ends (or resizes) in its own time and
///   restores the terminal the normal way. A second SIGINT/SIGTERM/SIGHUP before
///   the loop got to the first restores the terminal and exits at once.
/// - SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS and SIGFPE (a Swift trap, a
///   crash) restore the terminal settings saved before curses started and leave
///   the alternate screen, then hand the signal to the handler that was there
///   before (the Swift runtime's backtracer, or the default) and re-raise it.
///
/// Installed before curses starts, so ncurses leaves these signals to us.
enum TerminalSignals {
    static let interruptSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    static let crashSignals: [Int32] = [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE]
    static var handledSignals: [Int32] { interruptSignals + [SIGWINCH] + crashSignals }

    /// Saves the terminal's settings and installs the handlers. Returns the read
    /// end of the self-pipe, for the loop to poll.
    static func install(terminal descriptor: Int32) -> Int32? {
        if tcgetattr(descriptor, HandlerState.savedSettings) == 0 {
            HandlerState.terminalDescriptor.store(descriptor, ordering: .sequentiallyConsistent)
        }
        guard let pipe = makeNonBlockingPipe() else { return nil }
        HandlerState.wakeDescriptor.store(pipe.write, ordering: .sequentiallyConsistent)
        _ = HandlerState.caught.exchange(0, ordering: .sequentiallyConsistent)
        for signal in handledSignals {
            var action = sigaction()
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            if crashSignals.contains(signal) {
                action.__sigaction_handler.sa_handler = crashHandler
            } else {
                action.__sigaction_handler.sa_handler = wakeHandler
            }
            sigaction(signal, &action, HandlerState.previousActions + Int(signal))
        }
        return pipe.read
    }

    /// Once curses is up: the bytes that take the terminal out of curses' modes
    /// (leave the alternate screen, show the cursor, plain attributes), written
    /// by the crash handler, which cannot call into curses.
    static func captureRestoreSequence(_ bytes: [UInt8]) {
        let count = min(bytes.count, HandlerState.restoreCapacity)
        for index in 0..<count { HandlerState.restoreBytes[index] = bytes[index] }
        HandlerState.restoreCount.store(count, ordering: .sequentiallyConsistent)
    }

    /// Puts the previous handlers back and closes the self-pipe (after `endwin`).
    static func uninstall(pipe readDescriptor: Int32?) {
        for signal in handledSignals {
            sigaction(signal, HandlerState.previousActions + Int(signal), nil)
        }
        let write = HandlerState.wakeDescriptor.exchange(-1, ordering: .sequentiallyConsistent)
        if write >= 0 { close(write) }
        if let readDescriptor { close(readDescriptor) }
        HandlerState.terminalDescriptor.store(-1, ordering: .sequentiallyConsistent)
        HandlerState.restoreCount.store(0, ordering: .sequentiallyConsistent)
    }

    /// The signals caught since the last call, as a bit set (bit n: signal n); clears them.
    static func takeCaught() -> UInt32 {
        HandlerState.caught.exchange(0, ordering: .sequentiallyConsistent)
    }

    /// Restores the saved settings and leaves curses' modes, using only
    /// async-signal-safe calls. Idempotent.
    static func restoreTerminalFromHandler() {
        let descriptor = HandlerState.terminalDescriptor.load(ordering: .sequentiallyConsistent)
        guard descriptor >= 0 else { return }
        let count = HandlerState.restoreCount.load(ordering: .sequentiallyConsistent)
        if count > 0 { _ = write(descriptor, HandlerState.restoreBytes, count) }
        tcsetattr(descriptor, TCSANOW, HandlerState.savedSettings)
    }
}

/// What the handlers share with the code that installs them. Plain memory and
/// atomics only: a signal handler may not take locks, allocate, or go through
/// Swift's exclusivity checks on a global variable.
private enum HandlerState {
    static let caught = Atomic<UInt32>(0)
    static let wakeDescriptor = Atomic<Int32>(-1)
    /// The terminal whose settings were saved; -1 when none are.
    static let terminalDescriptor = Atomic<Int32>(-1)
    static let restoreCapacity = 256
    static let restoreCount = Atomic<Int>(0)

    // nonisolated(unsafe): allocated once and never freed; each is written only
    // while no handler that reads it is installed (`install`,
    // `captureRestoreSequence` before the handlers can find a terminal to
    // restore, `sigaction` itself storing previous actions), and read by the
    // handlers. Raw memory, so no exclusivity bookkeeping runs in a handler.
    nonisolated(unsafe) static let savedSettings = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    nonisolated(unsafe) static let restoreBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: restoreCapacity)
    nonisolated(unsafe) static let previousActions: UnsafeMutablePointer<sigaction> = {
        let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
        actions.initialize(repeating: sigaction(), count: 65)
        return actions
    }()
}

private func wakeHandler(_ signal: Int32) {
    let savedErrno = errno
    let bit = UInt32(1) << UInt32(signal)
    let before = HandlerState.caught.bitwiseOr(bit, ordering: .sequentiallyConsistent).oldValue
    if signal != SIGWINCH, before & bit != 0 {
        // Asked twice and the loop has not ended: it may be stuck. Leave now.
        TerminalSignals.restoreTerminalFromHandler()
        _exit(128 + signal)
    }
    let descriptor = HandlerState.wakeDescriptor.load(ordering: .sequentiallyConsistent)
    if descriptor >= 0 {
        var byte = UInt8(truncatingIfNeeded: signal)
        _ = write(descriptor, &byte, 1)
    }
    errno = savedErrno
}

private func crashHandler(_ signal: Int32) {
    TerminalSignals.restoreTerminalFromHandler()
    // Hand over to whoever handled it before (the backtracer prints to a sane terminal now).
    sigaction(signal, HandlerState.previousActions + Int(signal), nil)
    raise(signal)
}
