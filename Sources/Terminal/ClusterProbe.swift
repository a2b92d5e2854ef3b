import Glibc
import ScreenValues

/// Asks the terminal how it renders each kind of emoji cluster, before curses takes it:
/// writes each kind's sample from column 1 followed by a cursor position request
/// (`ESC [ 6 n`), reads the answers for a short while, then erases the line it wrote on.
/// A terminal that does not answer leaves the kinds unknown (`ClusterRendering.unknown`).
///
/// Bytes the user types while the probe waits are read with the answers and dropped; the
/// probe lasts at most `timeoutMilliseconds`, before the first screen is drawn.
enum ClusterProbe {
    static func run(input: Int32, output: Int32, timeoutMilliseconds: Int32 = 400) -> ClusterRendering {
        var saved = termios()
        guard tcgetattr(input, &saved) == 0 else { return .unknown }
        var raw = saved
        cfmakeraw(&raw)
        raw.c_oflag = saved.c_oflag  // keep output processing as it was
        guard tcsetattr(input, TCSANOW, &raw) == 0 else { return .unknown }
        defer { tcsetattr(input, TCSANOW, &saved) }

        var request = ""
        for kind in ClusterKind.allCases { request += "\r\u{1B}[K" + kind.sample + "\u{1B}[6n" }
        guard FileDescriptorOutput.writeAll(request, to: output) else { return .unknown }
        var answers: [UInt8] = []
        var reports = 0
        var remaining = timeoutMilliseconds
        var buffer = [UInt8](repeating: 0, count: 256)
        while reports < ClusterKind.allCases.count, remaining > 0 {
            var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let started = monotonicMilliseconds()
            let ready = poll(&descriptor, 1, remaining)
            remaining -= Int32(clamping: monotonicMilliseconds() - started)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { break }
            let count = read(input, &buffer, buffer.count)
            guard count > 0 else { break }
            answers += buffer[0..<count]
            reports = answers.filter { $0 == UInt8(ascii: "R") }.count
        }
        _ = FileDescriptorOutput.writeAll("\r\u{1B}[K", to: output)
        return ClusterRendering.fromCursorReports(answers)
    }

    private static func monotonicMilliseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return now.tv_sec * 1000 + now.tv_nsec / 1_000_000
    }
}
