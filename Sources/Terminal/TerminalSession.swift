import CNcurses
import Glibc
import ScreenValues

/// How the terminal is run.
public struct TerminalOptions: Sendable {
    /// Use the terminal's colours (when it has them). Pass false for `NO_COLOR`/`--no-color`;
    /// the app's frames then carry no colour anyway.
    public var colors: Bool
    /// Where to write the idle signal (see `IdleSignal`); `fromEnvironment` reads `PROPTUI_IDLE_FILE`.
    public var idleFile: String?
    /// How long a frame is held back for work spawned through the mailbox.
    public var drawDeferral: Duration
    /// How long curses waits after Esc for the rest of an escape sequence.
    public var escapeDelayMilliseconds: Int32
    /// How the terminal renders emoji clusters; nil: ask it at start-up (`ClusterProbe`).
    public var clusters: ClusterRendering?

    public init(
        colors: Bool = true, idleFile: String? = nil, drawDeferral: Duration = .milliseconds(50),
        escapeDelayMilliseconds: Int32 = 25, clusters: ClusterRendering? = nil
    ) {
        self.colors = colors
        self.clusters = clusters
        self.idleFile = idleFile
        self.drawDeferral = drawDeferral
        self.escapeDelayMilliseconds = escapeDelayMilliseconds
    }

    /// Options with the idle file taken from `PROPTUI_IDLE_FILE` (set and not empty) and the
    /// cluster rendering from `PROPTUI_CLUSTERS` (see `ClusterRendering.fromEnvironment`).
    public static func fromEnvironment(_ environment: [String: String], colors: Bool) -> TerminalOptions {
        let idleFile = environment["PROPTUI_IDLE_FILE"].flatMap { $0.isEmpty ? nil : $0 }
        return TerminalOptions(
            colors: colors, idleFile: idleFile, clusters: ClusterRendering.fromEnvironment(environment))
    }
}

/// The user's terminal under curses, for the length of one event loop.
public enum TerminalSession {
    public struct Unavailable: Error, CustomStringConvertible {
        public let description: String
    }

    /// Takes over the terminal (stdin and stdout), runs the program until it
    /// quits, is interrupted or loses its input, and gives the terminal back as
    /// it found it. Blocks the calling thread throughout: call it from a plain
    /// thread (the main thread of a synchronous `run()`), never from an async
    /// context, and do background work in detached tasks (`Mailbox.spawn`).
    public static func run<Program: TerminalProgram>(
        _ program: inout Program, mailbox: Mailbox<Program.Message>, options: TerminalOptions = TerminalOptions()
    ) throws -> LoopExit {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw Unavailable(description: "proptui needs a terminal: stdin and stdout must be a tty")
        }
        TerminalLocale.enableUTF8()  // before curses, or wide characters measure -1
        // Before curses takes the terminal: the probe reads the answers from stdin itself.
        let clusters = options.clusters ?? ClusterProbe.run(input: STDIN_FILENO, output: STDOUT_FILENO)
        // Handlers before curses starts, so that curses leaves these signals to us.
        let signalPipe = TerminalSignals.install(terminal: STDOUT_FILENO)
        defer { TerminalSignals.uninstall(pipe: signalPipe) }

        guard let output = fdopen(dup(STDOUT_FILENO), "w"), let input = fdopen(dup(STDIN_FILENO), "r") else {
            throw Unavailable(description: "cannot open the terminal")
        }
        defer {
            fclose(output)
            fclose(input)
        }
        guard let screen = newterm(nil, output, input) else {
            let term = getenv("TERM").map { String(cString: $0) } ?? "unset"
            throw Unavailable(description: "curses does not know this terminal (TERM=\(term))")
        }
        defer {
            endwin()
            delscreen(screen)
        }
        raw()  // Ctrl-C, Ctrl-S, Ctrl-Z come as keys; the loop turns Ctrl-C into an interrupt
        noecho()
        nonl()
        set_escdelay(options.escapeDelayMilliseconds)
        curs_set(0)
        let colors = options.colors && FramePainter.setUpColors()
        // Pasted text comes bracketed, so that it is typed into a field as text and never runs as keys.
        proptui_define_paste_keys()
        write(BracketedPaste.enable, to: output)
        defer { write(BracketedPaste.disable, to: output) }  // before endwin: on every way out of here
        TerminalSignals.captureRestoreSequence(restoreSequence())

        var loop = EventLoop<Program>(
            inputDescriptor: fileno(input), mailbox: mailbox, signalDescriptor: signalPipe,
            terminalDescriptor: STDOUT_FILENO, colors: colors, clusters: clusters, idleFile: options.idleFile,
            drawDeferral: options.drawDeferral)
        loop.suspend = { suspendUntilContinued(output: output) }
        program.terminalDrawsSeparately(clusters.separatelyDrawn)
        return loop.run(&program)
    }

    /// The terminal's own strings for leaving the alternate screen, showing the cursor and plain attributes.
    private static func restoreSequence() -> [UInt8] {
        var bytes: [UInt8] = []
        for name in ["sgr0", "cnorm", "rmkx", "rmcup"] {
            if let value = proptui_terminfo_string(name) { bytes += Array(String(cString: value).utf8) }
        }
        return Array(BracketedPaste.disable.utf8) + bytes + Array("\r\n".utf8)
    }

    /// Ctrl-Z: leaves curses' modes (the shell gets a sane terminal, without bracketed
    /// paste), stops the process as the shell's job control expects, and takes the
    /// terminal back when the process is continued (`fg`).
    private static func suspendUntilContinued(output: UnsafeMutablePointer<FILE>) {
        write(BracketedPaste.disable, to: output)
        endwin()
        // The default action (stop), whatever curses installed; put back after.
        var previous = sigaction()
        var stop = sigaction()
        stop.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&stop.sa_mask)
        sigaction(SIGTSTP, &stop, &previous)
        // This thread inherited a mask that blocks SIGTSTP (threads made from the concurrency
        // pool's): unblocked here, the raise stops the process before it returns.
        var tstp = sigset_t()
        var oldMask = sigset_t()
        sigemptyset(&tstp)
        sigaddset(&tstp, SIGTSTP)
        pthread_sigmask(SIG_UNBLOCK, &tstp, &oldMask)
        raise(SIGTSTP)
        // Runs again here after SIGCONT.
        pthread_sigmask(SIG_SETMASK, &oldMask, nil)
        sigaction(SIGTSTP, &previous, nil)
        write(BracketedPaste.enable, to: output)
        refresh()
    }

    private static func write(_ text: String, to output: UnsafeMutablePointer<FILE>) {
        fputs(text, output)
        fflush(output)
    }
}
