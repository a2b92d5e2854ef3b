import Glibc

/// Tells end-to-end tests that the app has caught up: after the loop has handled
/// input, drawn, and has no message or spawned work left, it rewrites a file
/// (atomically: written aside, then renamed) with one line:
///
///     <idle count> idle keys=<keys handled> frames=<frames drawn> <program summary>
///
/// The idle count only grows. A test notes `keys=` before sending N keys and
/// waits for a line with `keys=` grown by N: no sleeping, and no race with
/// unrelated redraws. Enabled by `PROPTUI_IDLE_FILE` (see `TerminalOptions`).
struct IdleSignal {
    let path: String
    private(set) var count = 0

    init(path: String) {
        self.path = path
    }

    mutating func signal(keys: Int, frames: Int, summary: String) {
        count += 1
        let line = "\(count) idle keys=\(keys) frames=\(frames) \(summary)\n"
        let temporary = path + ".tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return }
        let bytes = Array(line.utf8)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        rename(temporary, path)
    }
}
