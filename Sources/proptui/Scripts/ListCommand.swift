import ArgumentParser
import Foundation
import Glibc
import RecordExport

/// `proptui list MODEL`: a model's records (a filter's), as a table on a terminal, NDJSON into
/// a pipe, or the format asked.
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Print a model's records (those a filter selects): a table on a terminal, NDJSON otherwise.",
        discussion: """
            The filter is the app's (`amount >= 100 and kind = EXPENSE`; docs/models.md, "Filters") \
            and runs as the app runs it: a key lookup, one partition's query, or a scan, each page \
            printed as it arrives. Values are as the API answers them (AWSDate text, enums by name, \
            lists and custom types as JSON); a table on a terminal shows them made safe to print. \
            Errors go to stderr, as one JSON object {"error": …, "code": N} when the output is \
            JSON (--format json or ndjson, or NDJSON by default into a pipe). The connection options are the app's: the same config file, auth, models and \
            data directory (with no API named, the embedded server over the data directory).

            \(ScriptExitCode.helpText)
            """)

    @OptionGroup var connection: ConnectionOptions

    @OptionGroup var selection: RecordSelectionOptions

    @Option(help: "table, json (one array), ndjson (one object a line) or csv (default: table on a terminal, else ndjson).")
    var format: OutputFormat?

    @Option(help: "At most this many records.")
    var limit: Int?

    func validate() throws {
        if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more (it was \(limit))") }
    }

    mutating func run() async throws {
        let format = format ?? .default(stdoutIsTerminal: Terminals.stdout)
        let (selection, limit) = (selection, limit)
        try await ScriptSession.run(connection, model: selection.model, errorsAsJSON: format.errorsAsJSON, check: selection.check) { session in
            let (columns, query) = try selection.columnsAndQuery(in: session)
            var writer = format.writer(columns: columns, lineWidth: Terminals.stdoutColumns)
            try await ScriptOutput.stream(RecordStream(client: session.client, query: query, columns: columns), into: &writer, limit: limit)
            return .success
        }
    }
}

/// Writing a stream's rows to stdout.
enum ScriptOutput {
    /// Every page written to stdout as it arrives. A reader that goes away (`| head`) ends
    /// the command quietly, as reaching `--limit` does.
    static func stream(_ stream: RecordStream, into writer: inout some RowWriter, limit: Int? = nil) async throws {
        let stdout = OutputFile()
        ignoreBrokenPipes()
        do {
            try await stream.run(into: &writer, limit: limit) { bytes, _ in try stdout.write(bytes) }
        } catch let error as OutputFileError where error == .readerGone {
            return
        }
    }

    /// A write to a closed pipe fails with EPIPE instead of killing the process unannounced.
    static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }
}

/// The script commands that only read, as the root command lists them.
enum ScriptReadCommands {
    static let all: [any ParsableCommand.Type] = [ListCommand.self, GetCommand.self, ExportCommand.self]
}
