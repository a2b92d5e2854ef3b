/// One line of a tape.
public enum TapeCommand: Equatable, Sendable {
    /// `Output PATH`: where the recording goes when `proptui demo` is given no `-o`.
    case output(String)
    /// `Set NAME VALUE`.
    case set(TapeSetting)
    /// `Type "text"`, a key press per character; `Type@80ms "text"` types at that speed.
    case type(String, speed: Duration?)
    /// `Enter`, `Down 3`, `Ctrl+R`, `Escape@200ms 2`…
    case key(TapeKey, count: Int, speed: Duration?)
    /// `Sleep 500ms`, `Sleep 2s`, `Sleep 0.5` (seconds).
    case sleep(Duration)
    /// `Wait "text"` until it is on screen; `Wait@30s "text"` with its own time limit.
    case wait(String, timeout: Duration?)
    /// `WaitNot "text"` until it is gone from the screen; `WaitNot@30s "text"` with its own limit.
    case waitNot(String, timeout: Duration?)
    /// `Expect "text"`: it must be on screen now, or the tape fails.
    case expect(String)
    /// `ExpectNot "text"`: it must not be on screen now.
    case expectNot(String)
    /// `Screenshot NAME.png`: marks this moment in the recording; the picture script draws it.
    case screenshot(String)
    /// `Server …`: changes the simulated server from here on.
    case server(ServerChange)
    /// `Launch`: starts proptui again, with the same data and server, after it has quit or been killed.
    case launch
    /// `Kill`: ends proptui at once with SIGKILL, as a crash or a power cut would.
    case kill
}

/// A `Set` line. Width and Height are in columns and lines (vhs counts pixels).
public enum TapeSetting: Equatable, Sendable {
    case width(Int)
    case height(Int)
    case typingSpeed(Duration)
    case waitTimeout(Duration)
    case title(String)
    /// A models file (relative to the tape): the server serves those models and the app shows
    /// them, instead of the sample.
    case models(String)
    /// With `models`: the server starts with this many generated items of every model
    /// (`serve --seed N`), a big table to show.
    case seed(Int)
    /// The app's `--sync` (`all`, `views` or `limit`): how much of each list it reads.
    case sync(String)
}

/// What a `Server` line changes in the embedded server's fault injection.
public enum ServerChange: Equatable, Sendable {
    /// `Server Latency 2s`: delay before every answer.
    case latency(Duration)
    /// `Server FailRate 0.5`: the fraction (0 to 1) of changes refused with an injected error.
    case failRate(Double)
    /// `Server Offline`: every connection is closed unanswered, as when the network is down.
    case offline
    /// `Server Online`: back again.
    case online
    /// `Server Rename "old" "new"`: another user renames a property, through the server as any
    /// AppSync client would (what live sync then shows).
    case rename(from: String, to: String)
}
