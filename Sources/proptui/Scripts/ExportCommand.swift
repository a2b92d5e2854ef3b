import ArgumentParser
import Foundation
import ScreenValues
import RecordExport

/// `proptui export MODEL --format ndjson|csv|json [--output FILE]`: every record (a filter's),
/// streamed page by page into a file or stdout, with progress on a terminal.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a model's records (those a filter selects) as NDJSON, CSV or JSON, page by page.",
        discussion: """
            Each page is written as it arrives, values as the API answers them (CSV: a header row, \
            one column a field, lists and objects as JSON text, RFC 4180 quoting); on the versioned \
            dialect deleted records are left out. --output FILE is written under a temporary name \
            and renamed when the export is whole, so a failed export never leaves half a file \
            under the name. When stderr is a terminal it shows the rows, rows a second and, when \
            the count is known, the time left; otherwise only errors go there.

            \(ScriptExitCode.helpText)
            """)

    @OptionGroup var connection: ConnectionOptions

    @OptionGroup var selection: RecordSelectionOptions

    @Option(help: "ndjson (one object a line), csv or json (one array).")
    var format: OutputFormat

    @Option(help: ArgumentHelp("Write to this file (default: stdout).", valueName: "file"))
    var output: String?

    func validate() throws {
        if format == .table { throw ValidationError("--format must be ndjson, csv or json for an export") }
    }

    mutating func run() async throws {
        let (format, selection, path) = (format, selection, output)
        try await ScriptSession.run(connection, model: selection.model, errorsAsJSON: format.errorsAsJSON, check: selection.check) { session in
            let (columns, query) = try selection.columnsAndQuery(in: session)
            let file = try path.map { path throws(OutputFileError) in try OutputFile(path: path) } ?? OutputFile()
            ScriptOutput.ignoreBrokenPipes()
            var writer = format.writer(columns: columns)
            // The time left is known only from the app's count of the whole model.
            let expected = Terminals.stderr && selection.filter == nil ? session.cachedCount() : nil
            let meter = ProgressMeter(shown: Terminals.stderr, expectedRows: expected)
            do {
                try await RecordStream(client: session.client, query: query, columns: columns).run(into: &writer) { bytes, progress in
                    try file.write(bytes)
                    meter.update(progress)
                }
                try file.commit()
            } catch let error as OutputFileError where error == .readerGone {
                return .success
            } catch {
                file.discard()
                meter.stop()
                if let path { throw ExportFailed(reason: error, path: path) }
                throw error
            }
            meter.finish(to: path)
            return .success
        }
    }
}

/// An export that stopped: what went wrong, and that the file named was not written.
struct ExportFailed: Error, CustomStringConvertible {
    let reason: any Error
    let path: String
    var description: String { "\(ScriptFailure.message(of: reason)); the export stopped and \(path) was not written" }
}

/// The progress line on stderr, redrawn at most five times a second, when it is a terminal.
final class ProgressMeter {
    private let shown: Bool
    private let start = ContinuousClock.now
    private var lastDrawn: ContinuousClock.Instant?
    private var rows = 0
    private let line: ExportProgress

    init(shown: Bool, expectedRows: Int?) {
        self.shown = shown
        line = ExportProgress(expectedRows: expectedRows)
    }

    func update(_ progress: RecordStream.Progress) {
        rows = progress.rows
        guard shown else { return }
        let now = ContinuousClock.now
        if let lastDrawn, now - lastDrawn < .milliseconds(200), !progress.isDone { return }
        lastDrawn = now
        draw(line.line(rows: rows, seconds: seconds))
    }

    private var seconds: Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    private func draw(_ text: String) {
        FileHandle.standardError.write(Data("\r\u{1B}[K\(text)".utf8))
    }

    /// The line cleared (before an error is said).
    func stop() {
        if shown, lastDrawn != nil { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }

    /// The last line, with where the rows went.
    func finish(to path: String?) {
        guard shown else { return }
        let rate = seconds > 0 ? Int((Double(rows) / seconds).rounded()) : rows
        draw("exported \(NumberText.grouped(rows)) rows\(path.map { " to \($0)" } ?? "") in "
            + String(format: "%.1f s", seconds) + " (\(NumberText.grouped(rate)) rows/s)\n")
    }
}
