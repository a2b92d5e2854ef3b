import Foundation
import Glibc
import VirtualTerminal

/// One playing of a tape: the program (started again by `Launch`), what it shows, and how
/// many keys it has been sent.
struct TapeRun {
    let program: DemoProgram
    let capture: ScreenCapture
    let width: Int
    let height: Int
    private(set) var process: PseudoTerminalProcess
    /// Keys sent to this process; the idle file's `keys=` catches up once the app has handled and drawn them.
    private(set) var keysSent = 0
    private(set) var checksPassed = 0

    private static let poll = Duration.milliseconds(10)

    /// Starts the program for the first time.
    init(program: DemoProgram, capture: ScreenCapture, width: Int, height: Int) throws {
        self.program = program
        self.capture = capture
        self.width = width
        self.height = height
        process = try Self.start(program, capture: capture, width: width, height: height)
    }

    private static func start(
        _ program: DemoProgram, capture: ScreenCapture, width: Int, height: Int
    ) throws -> PseudoTerminalProcess {
        unlink(program.idleFile)  // a signal left by an earlier run must not count for this one
        do {
            return try PseudoTerminalProcess(
                executable: program.executable, arguments: program.arguments, environment: program.environment,
                width: width, height: height, output: capture.received)
        } catch {
            throw StepFailure(message: "\(error)")
        }
    }

    /// Waits for the app's first idle signal: it has started and drawn.
    func waitForFirstScreen(timeout: Duration) async throws {
        try await poll(timeout: timeout, giveUp: "proptui did not draw its first screen") {
            idleKeys() != nil
        }
    }

    /// `Launch`: starts the program again (same data, same server) once the last one has ended,
    /// drawing on the same screen, and waits for its first screen.
    mutating func launch(timeout: Duration) async throws {
        guard process.exited != nil else {
            throw StepFailure(message: "proptui is still running: quit it first (Type \"q\") or Kill it")
        }
        try await poll(timeout: timeout, giveUp: "the last proptui did not close its terminal", endedIsFailure: false) {
            process.outputFinished
        }
        process = try Self.start(program, capture: capture, width: width, height: height)
        keysSent = 0
        try await waitForFirstScreen(timeout: timeout)
    }

    /// `Kill`: ends the program at once with SIGKILL, as a crash or a power cut would.
    func kill(timeout: Duration) async throws {
        process.signal(SIGKILL)
        try await poll(timeout: timeout, giveUp: "proptui did not end on SIGKILL", endedIsFailure: false) {
            process.exited != nil
        }
    }

    /// Presses each key (its bytes) at `speed`, then waits until the app has handled them all.
    mutating func press(_ keys: [[UInt8]], speed: Duration, timeout: Duration) async throws {
        for (index, bytes) in keys.enumerated() {
            if let status = process.exited { throw StepFailure(message: "proptui has exited (status \(status))") }
            process.write(bytes)
            keysSent += 1
            if index < keys.count - 1 { try await Task.sleep(for: speed) }
        }
        let expected = keysSent
        try await poll(timeout: timeout, giveUp: "proptui did not handle the keys", endedIsFailure: false) {
            // A program that quit (say, after `q`) has handled its keys as far as the tape cares.
            (idleKeys() ?? 0) >= expected || process.exited == 0
        }
        if let status = process.exited, status != 0 {
            throw StepFailure(message: "proptui exited with status \(status)")
        }
        if process.exited == nil, let handled = idleKeys(), handled > expected {
            throw StepFailure(message: "proptui handled more keys than were sent (\(handled) > \(expected))")
        }
    }

    mutating func wait(until text: String, isOnScreen: Bool, timeout: Duration) async throws {
        let what = isOnScreen ? "“\(text)”" : "“\(text)” to go"
        try await poll(timeout: timeout, giveUp: "gave up waiting for \(what)") {
            screen.contains(text) == isOnScreen
        }
        checksPassed += 1
    }

    mutating func expect(_ text: String, onScreen: Bool) throws {
        guard screen.contains(text) == onScreen else {
            throw StepFailure(message: onScreen ? "expected “\(text)” on the screen" : "expected no “\(text)” on the screen")
        }
        checksPassed += 1
    }

    /// Ends the program if the tape has not: SIGTERM (proptui restores the terminal and
    /// stops), then SIGKILL if it is still there after ten seconds; waits for its last output.
    func stop() async {
        process.signal(SIGTERM)
        let deadline = ContinuousClock.now + .seconds(10)
        while process.exited == nil, ContinuousClock.now < deadline {
            try? await Task.sleep(for: Self.poll)
        }
        if process.exited == nil {
            process.signal(SIGKILL)
            while process.exited == nil { try? await Task.sleep(for: Self.poll) }
        }
        let drained = ContinuousClock.now + .seconds(5)
        while !process.outputFinished, ContinuousClock.now < drained { try? await Task.sleep(for: Self.poll) }
    }

    /// Polls `done` until it holds; fails the step when `timeout` passes, or (when
    /// `endedIsFailure`) once the program has ended and everything it wrote has been read.
    private func poll(
        timeout: Duration, giveUp: String, endedIsFailure: Bool = true, _ done: () -> Bool
    ) async throws {
        let deadline = ContinuousClock.now + timeout
        while !done() {
            if endedIsFailure, let status = process.exited, process.outputFinished, !done() {
                throw StepFailure(message: "\(giveUp): proptui has exited (status \(status))")
            }
            guard ContinuousClock.now < deadline else {
                throw StepFailure(message: "\(giveUp) within \(timeout.formatted(.units(allowed: [.seconds, .milliseconds])))")
            }
            try await Task.sleep(for: Self.poll)
        }
    }

    /// The screen with everything the program has written so far drawn on it.
    var screen: VirtualScreen {
        process.drain()
        return capture.screen
    }

    /// The app's last idle signal, for a failure's report.
    var lastIdleSignal: String {
        (try? String(contentsOfFile: program.idleFile, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
            ?? "none yet"
    }

    /// The `keys=` count of the idle file, or nil before the first idle signal.
    private func idleKeys() -> Int? {
        guard let line = try? String(contentsOfFile: program.idleFile, encoding: .utf8),
            let field = line.split(whereSeparator: \.isWhitespace).first(where: { $0.hasPrefix("keys=") })
        else { return nil }
        return Int(field.dropFirst("keys=".count))
    }
}
