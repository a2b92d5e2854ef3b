import Foundation
import Glibc

/// One playing of a tape: the process, what it shows, and how many keys it has been sent.
struct TapeRun {
    let process: PseudoTerminalProcess
    let capture: ScreenCapture
    let idleFile: String
    /// Keys sent so far; the idle file's `keys=` catches up once the app has handled and drawn them.
    private var keysSent = 0
    private(set) var checksPassed = 0

    private static let poll = Duration.milliseconds(10)

    init(process: PseudoTerminalProcess, capture: ScreenCapture, idleFile: String) {
        self.process = process
        self.capture = capture
        self.idleFile = idleFile
    }

    /// Waits for the app's first idle signal: it has started and drawn.
    func waitForFirstScreen(timeout: Duration) async throws {
        try await poll(timeout: timeout, giveUp: "proptui did not draw its first screen") {
            idleKeys() != nil
        }
    }

    /// Presses each key (its bytes) at `speed`, then waits until the app has handled them all.
    mutating func press(_ keys: [[UInt8]], speed: Duration, timeout: Duration) async throws {
        for (index, bytes) in keys.enumerated() {
            try checkRunning()
            process.write(bytes)
            keysSent += 1
            if index < keys.count - 1 { try await Task.sleep(for: speed) }
        }
        let expected = keysSent
        try await poll(timeout: timeout, giveUp: "proptui did not handle the keys") {
            // A program that quit (say, after `q`) has handled its keys as far as the tape cares.
            (idleKeys() ?? 0) >= expected || process.exited == 0
        }
        if keysSent > 0, process.exited == nil, idleKeys().map({ $0 > expected }) == true {
            throw StepFailure(message: "proptui handled more keys than were sent (\(idleKeys()!) > \(expected))")
        }
    }

    mutating func wait(for text: String, timeout: Duration) async throws {
        try await poll(timeout: timeout, giveUp: "gave up waiting for “\(text)”") {
            capture.screen.contains(text)
        }
        checksPassed += 1
    }

    mutating func expect(_ text: String, onScreen: Bool) throws {
        guard capture.screen.contains(text) == onScreen else {
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

    private func checkRunning() throws {
        if let status = process.exited { throw StepFailure(message: "proptui has exited (status \(status))") }
    }

    /// Polls `done` until it holds; fails the step when `timeout` passes or the program dies first.
    private func poll(timeout: Duration, giveUp: String, _ done: () -> Bool) async throws {
        let deadline = ContinuousClock.now + timeout
        while !done() {
            if let status = process.exited {
                throw StepFailure(message: "\(giveUp): proptui exited with status \(status)")
            }
            guard ContinuousClock.now < deadline else {
                throw StepFailure(message: "\(giveUp) within \(timeout.formatted(.units(allowed: [.seconds, .milliseconds])))")
            }
            try await Task.sleep(for: Self.poll)
        }
    }

    /// The `keys=` count of the idle file, or nil before the first idle signal.
    private func idleKeys() -> Int? {
        guard let line = try? String(contentsOfFile: idleFile, encoding: .utf8),
            let field = line.split(whereSeparator: \.isWhitespace).first(where: { $0.hasPrefix("keys=") })
        else { return nil }
        return Int(field.dropFirst("keys=".count))
    }
}
