import Synchronization
import VirtualTerminal

/// What the program's terminal has shown: the screen model and the recording, fed by the
/// pseudo-terminal's reader thread and read by the player, hence the lock.
final class ScreenCapture: Sendable {
    private struct State {
        var screen: VirtualScreen
        var recording: AsciicastRecording
        var recordingOutput = true
    }

    private let state: Mutex<State>
    private let clock = ContinuousClock()
    private let started: ContinuousClock.Instant

    init(width: Int, height: Int, title: String?) {
        state = Mutex(State(
            screen: VirtualScreen(width: width, height: height),
            recording: AsciicastRecording(width: width, height: height, title: title)))
        started = clock.now
    }

    /// Seconds since the capture began.
    private var elapsed: Double {
        let duration = clock.now - started
        return Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    func received(_ bytes: [UInt8]) {
        let time = elapsed
        state.withLock { state in
            state.screen.feed(bytes)
            if state.recordingOutput { state.recording.output(bytes, at: time) }
        }
    }

    func mark(_ label: String) {
        let time = elapsed
        state.withLock { $0.recording.marker(label, at: time) }
    }

    /// Ends the recording: what the program draws from now on (its goodbye) is not part of the demo.
    func stopRecording() {
        state.withLock { $0.recordingOutput = false }
    }

    var screen: VirtualScreen { state.withLock { $0.screen } }
    var recording: AsciicastRecording { state.withLock { $0.recording } }
}
