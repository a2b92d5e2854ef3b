import AmplifyModels
import ArgumentParser
import Foundation
import RecordExport

/// `proptui get MODEL KEY...`: records by their keys.
struct GetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get",
        abstract: "Print the records of these keys: a table on a terminal, NDJSON otherwise.",
        discussion: """
            A key is the model's primary key: its one value (get Transaction ID1 ID2), or for a \
            key of several fields their values in the key's order (get Budget tenant-1 food) or \
            as field=value pairs in any order (get Budget sku=food tenantId=tenant-1); several \
            keys follow each other. The records found are printed; each key no record has is \
            said on stderr, and the command ends with 5. Output and errors as for list.

            \(ScriptExitCode.helpText)
            """)

    @OptionGroup var connection: ConnectionOptions

    @Argument(help: "The model, by name.")
    var model: String

    @Argument(help: "The keys: each a value, or a composite key's values in order, or field=value pairs.")
    var keys: [String] = []

    @Option(help: ArgumentHelp("Only these fields, in this order (comma-separated).", valueName: "a,b,…"))
    var fields: String?

    @Option(help: "table, json (one array), ndjson (one object a line) or csv (default: table on a terminal, else ndjson).")
    var format: OutputFormat?

    mutating func run() async throws {
        let format = format ?? .default(stdoutIsTerminal: Terminals.stdout)
        let (fields, arguments) = (fields, keys)
        try await ScriptSession.run(connection, model: model, errorsAsJSON: format.errorsAsJSON,
            check: { model, schema in
                _ = try ScriptSession.columns(fields, model: model, schema: schema)
                _ = try KeyArguments.keys(arguments, model: model, schema: schema)
            }
        ) { session in
            let columns = try session.columns(fields)
            let keys = try KeyArguments.keys(arguments, model: session.model, schema: session.opened.schema)
            var writer = format.writer(columns: columns, lineWidth: Terminals.stdoutColumns)
            let stdout = OutputFile()
            ScriptOutput.ignoreBrokenPipes()
            var output: [UInt8] = []
            writer.begin(into: &output)
            var missing: [RecordKey] = []
            do {
                for key in keys {
                    let stream = RecordStream(client: session.client, query: RecordQuery(sync: session.sync, source: .key(key)), columns: columns)
                    var found = 0
                    try await stream.run(into: &writer, framed: false) { bytes, progress in
                        output += bytes
                        found = progress.rows
                    }
                    if found == 0 { missing.append(key) }
                }
                writer.end(into: &output)
                // A table of no rows is a header over nothing: the error says it all. (JSON's `[]`
                // and CSV's header stay: a program reads them.)
                if format != .table || missing.count < keys.count { try stdout.write(output) }
            } catch let error as OutputFileError where error == .readerGone {
                return .success
            }
            for key in missing {
                ScriptSession.say("no \(session.model.name) has the key \(KeyArguments.text(of: key, model: session.model))", code: .notFound, asJSON: format.errorsAsJSON)
            }
            return missing.isEmpty ? .success : .notFound
        }
    }
}
