/// Why the loop ended.
public enum LoopExit: Sendable, Equatable {
    /// The program asked to quit.
    case quit
    /// Ctrl-C, SIGINT, SIGTERM or SIGHUP: the terminal is restored all the same.
    case interrupted(signal: Int32)
    /// The input closed (end of file or hang-up).
    case inputClosed
}
