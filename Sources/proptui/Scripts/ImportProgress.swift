import Foundation
import Glibc
import ScreenValues

/// The import's progress on stderr, when stderr is a terminal: rows queued, then rows answered,
/// with rows per second and an estimate of the time left; rewritten in place at most five
/// times a second, and cleared at the end (the summary follows).
struct ImportProgress {
    var total: Int
    private let shown = isatty(STDERR_FILENO) == 1
    private var lastShown = ContinuousClock.now
    private var sendingSince: ContinuousClock.Instant?

    init(total: Int) {
        self.total = total
    }

    mutating func queued(_ rows: Int) {
        show("queued \(NumberText.grouped(rows)) rows in the outbox…")
    }

    mutating func startSending() {
        sendingSince = .now
    }

    mutating func sent(_ answered: Int) {
        guard let since = sendingSince else { return }
        let seconds = max(0.001, Double((ContinuousClock.now - since).components.attoseconds) / 1e18 + Double((ContinuousClock.now - since).components.seconds))
        let rate = Double(answered) / seconds
        let left = rate > 0 ? Int(Double(total - answered) / rate) : nil
        show("sent \(NumberText.grouped(answered)) of \(NumberText.grouped(total)) rows, \(Int(rate)) rows/s"
            + (left.map { ", about \($0 / 60) min \($0 % 60) s left" } ?? ""))
    }

    mutating func end() {
        guard shown else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }

    private mutating func show(_ text: String) {
        guard shown, ContinuousClock.now - lastShown >= .milliseconds(200) else { return }
        lastShown = .now
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + text).utf8))
    }
}
