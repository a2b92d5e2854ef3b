import Foundation
import VirtualTerminal

/// Plays a tape: runs the program in a pseudo-terminal of the tape's size, types its keys,
/// changes the server on cue, checks the screen, and records everything the program draws.
public struct TapePlayer: Sendable {
    /// What `play` hands back: the recording (of a failed run too, up to the failure) and
    /// how many checks (`Expect`, `ExpectNot`, `Wait`) passed.
    public struct Result: Sendable {
        public let recording: AsciicastRecording
        public let checksPassed: Int
        public let failure: DemoFailure?
        /// The screen at the end (or at the failure), as text.
        public let screen: String
    }

    let tape: Tape
    let program: DemoProgram
    let changeServer: @Sendable (ServerChange) async throws -> Void
    /// How long the program may take to start and draw its first screen.
    let startTimeout: Duration

    public init(
        tape: Tape, program: DemoProgram, startTimeout: Duration = .seconds(60),
        changeServer: @escaping @Sendable (ServerChange) async throws -> Void
    ) {
        self.tape = tape
        self.program = program
        self.startTimeout = startTimeout
        self.changeServer = changeServer
    }

    public func play() async throws -> Result {
        let capture = ScreenCapture(width: tape.width, height: tape.height, title: tape.title)
        var run: TapeRun
        do {
            run = try TapeRun(program: program, capture: capture, width: tape.width, height: tape.height)
        } catch let error as StepFailure {
            let failure = DemoFailure(line: nil, message: error.message, screen: "")
            return Result(recording: capture.recording, checksPassed: 0, failure: failure, screen: "")
        }
        var failure: DemoFailure?
        do {
            try await run.waitForFirstScreen(timeout: startTimeout)
            for step in tape.steps {
                do {
                    try await perform(step.command, in: &run)
                } catch let error as StepFailure {
                    let message = "\(error.message) (\(run.keysSent) keys sent; the app's last idle signal: \(run.lastIdleSignal))"
                    failure = DemoFailure(line: step.line, message: message, screen: run.screen.text)
                    break
                }
            }
        } catch let error as StepFailure {
            failure = DemoFailure(line: nil, message: error.message, screen: run.screen.text)
        }
        let screen = run.screen.text
        capture.stopRecording()
        await run.stop()
        return Result(recording: capture.recording, checksPassed: run.checksPassed, failure: failure, screen: screen)
    }

    private func perform(_ command: TapeCommand, in run: inout TapeRun) async throws {
        switch command {
        case .type(let text, let speed):
            let keys = text.unicodeScalars.map { Array(String($0).utf8) }
            try await run.press(keys, speed: speed ?? tape.typingSpeed, timeout: tape.waitTimeout)
        case .key(let key, let count, let speed):
            let bytes = key.bytes(applicationCursorKeys: run.screen.applicationCursorKeys)
            try await run.press(
                Array(repeating: bytes, count: count), speed: speed ?? tape.typingSpeed, timeout: tape.waitTimeout)
        case .sleep(let duration):
            try await Task.sleep(for: duration)
        case .wait(let text, let timeout):
            try await run.wait(until: text, isOnScreen: true, timeout: timeout ?? tape.waitTimeout)
        case .waitNot(let text, let timeout):
            try await run.wait(until: text, isOnScreen: false, timeout: timeout ?? tape.waitTimeout)
        case .expect(let text):
            try run.expect(text, onScreen: true)
        case .expectNot(let text):
            try run.expect(text, onScreen: false)
        case .screenshot(let name):
            run.capture.mark(name)
        case .server(let change):
            do {
                try await changeServer(change)
            } catch {
                throw StepFailure(message: "the server could not make that change: \(error)")
            }
        case .launch:
            try await run.launch(timeout: startTimeout)
        case .kill:
            try await run.kill(timeout: tape.waitTimeout)
        case .output, .set:
            break  // folded into the tape when it was read
        }
    }
}
