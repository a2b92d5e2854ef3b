import Foundation

/// A scripted session: a demo to record, and a test (its `Expect` and `Wait` lines).
///
/// The format is charmbracelet/vhs's `.tape` where the two meet (`Output`, `Set Width/Height/
/// TypingSpeed/WaitTimeout`, `Type`, the named keys, `Ctrl+X`, `Sleep`, `Wait`, `Screenshot`),
/// plus what only proptui can do: `Server Latency/FailRate/Offline/Online` change the
/// simulated server on cue, `Launch` and `Kill` restart or kill the app, `WaitNot` waits for
/// text to go, and `Expect`/`ExpectNot` check the screen. Lines starting with
/// `#` are comments. `docs/demo-tapes.md` describes every command.
public struct Tape: Equatable, Sendable {
    public struct Step: Equatable, Sendable {
        /// The line of the tape it came from, for messages (1-based).
        public let line: Int
        public let command: TapeCommand
    }

    public var width = 100
    public var height = 30
    public var typingSpeed = Duration.milliseconds(50)
    public var waitTimeout = Duration.seconds(15)
    public var title: String?
    /// The models file the server serves and the app shows (`Set Models "…"`); nil: the sample.
    public var models: String?
    /// Generated items of every model the server starts with (`Set Seed N`; models tapes only).
    public var seed = 0
    /// The app's `--sync` (`Set Sync "views"`); nil: its default.
    public var sync: String?
    public var output: String?
    /// What to do, in order (the `Set` and `Output` lines are folded into the fields above).
    public var steps: [Step] = []

    /// Reads a tape. `Set` lines must come before the first step (the terminal's size is fixed
    /// when it starts).
    public static func parse(_ text: String) throws(TapeError) -> Tape {
        var tape = Tape()
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = offset + 1
            let content = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !content.isEmpty, !content.hasPrefix("#") else { continue }
            let command = try TapeParser.command(content, line: line)
            switch command {
            case .set(let setting):
                guard tape.steps.isEmpty else { throw TapeError(line: line, "Set must come before the first step") }
                tape.apply(setting)
            case .output(let path):
                tape.output = path
            default:
                tape.steps.append(Step(line: line, command: command))
            }
        }
        return tape
    }

    private mutating func apply(_ setting: TapeSetting) {
        switch setting {
        case .width(let columns): width = columns
        case .height(let lines): height = lines
        case .typingSpeed(let speed): typingSpeed = speed
        case .waitTimeout(let timeout): waitTimeout = timeout
        case .title(let text): title = text
        case .models(let path): models = path
        case .seed(let count): seed = count
        case .sync(let policy): sync = policy
        }
    }
}
