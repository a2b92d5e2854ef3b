import ScreenValues

/// The line an export keeps on stderr while it runs, when stderr is a terminal: rows written,
/// rows a second, and, when the number of rows to come is known, a bar and the time left.
public struct ExportProgress: Sendable {
    /// Rows the export is expected to write (the model's count as last read whole), if known.
    public var expectedRows: Int?

    public init(expectedRows: Int? = nil) {
        self.expectedRows = expectedRows
    }

    /// `[████████░░░░░░░░░░░░] 40% · 400,000 rows · 52,000 rows/s · ~12 s left`, or without a
    /// known total `400,000 rows · 52,000 rows/s`.
    public func line(rows: Int, seconds: Double) -> String {
        let rate = seconds > 0 ? Double(rows) / seconds : 0
        var parts = ["\(NumberText.grouped(rows)) rows", "\(NumberText.grouped(Int(rate.rounded()))) rows/s"]
        if let expectedRows, expectedRows > 0 {
            let fraction = min(1, Double(rows) / Double(expectedRows))
            let filled = Int((fraction * 20).rounded(.down))
            let bar = "[" + String(repeating: "█", count: filled) + String(repeating: "░", count: 20 - filled) + "]"
            parts.insert("\(bar) \(Int((fraction * 100).rounded(.down)))%", at: 0)
            if rate > 0, rows < expectedRows {
                parts.append("~\(Self.duration(Double(expectedRows - rows) / rate)) left")
            }
        }
        return parts.joined(separator: " · ")
    }

    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.up))
        if whole < 60 { return "\(whole) s" }
        if whole < 3600 { return "\(whole / 60) min \(whole % 60) s" }
        return "\(whole / 3600) h \(whole % 3600 / 60) min"
    }
}
